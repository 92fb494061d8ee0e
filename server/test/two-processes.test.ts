import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orderItems,
  orders,
  productConfigurations,
  socialIdentities,
  waitingList,
} from '../src/db/schema/index.ts';
import type { Runtime } from '../src/runtime.ts';
import { client, cookieHeader, makeSeller, startTestApp } from './helpers.ts';
import { loadRefs, simpleBody, uniq } from './product-fixtures.ts';
import { freePort, type Server, serverDir, stopServer } from './server-process.ts';
import { openLiveStream } from './sse.ts';

/*
 * Two real server processes on one PostgreSQL (selected by vitest.config.ts only when
 * DATABASE_URL is set: the CI's second run). They take comments for the same session at once:
 * no oversell, and a screen served by one process sees the orders taken by the other.
 */

const AUTH_SECRET = 'test-secret-test-secret-test-secret-123';

async function startServer(): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      // The database of this file's runtime, which makes the seller and reads what they did.
      DATABASE_URL: rt.deps.config.databaseUrl,
      AUTH_SECRET,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'livecart-proc-')),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const deadline = Date.now() + 50_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    const up = await fetch(`${url}/api/auth/csrf`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, child, output };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output.join('')}`);
}

let rt: Runtime;
let a: Server;
let b: Server;

beforeAll(async () => {
  // This process only makes the seller and reads the database; the two servers do the work.
  rt = await startTestApp();
  [a, b] = await Promise.all([startServer(), startServer()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a && stopServer(a), b && stopServer(b)]);
  await rt?.close();
}, 60_000);

describe('two server processes on one PostgreSQL', () => {
  it('take 100 viewers at once for 10 units without oversell, and a screen on one sees orders of the other', async () => {
    const seller = await makeSeller(rt);
    const cookie = cookieHeader((await client(rt, seller)).jar);
    const callA = (method: string, url: string, body?: unknown) =>
      fetch(`${a.url}${url}`, {
        method,
        headers: { cookie, origin: a.url, ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const keyword = `robe${uniq()}`;
    const product = await callA(
      'POST',
      '/api/product',
      simpleBody(await loadRefs(rt), { keywords: keyword, isPublish: true, quantity: 10 }),
    );
    expect(product.status, await product.clone().text()).toBe(200);
    const productId = (await product.json()).product.id as number;
    const second = `foulard${uniq()}`;
    const other = await callA(
      'POST',
      '/api/product',
      simpleBody(await loadRefs(rt), { keywords: second, isPublish: true, quantity: 1 }),
    );
    expect(other.status, await other.clone().text()).toBe(200);
    const [config] = await rt.deps.database.db
      .select()
      .from(productConfigurations)
      .where(eq(productConfigurations.product_id, productId));
    const session = await callA('POST', '/api/livesession', {
      event_date: '2026-12-01',
      event_time: '20:30',
      order_timer: 30,
    });
    const sessionId = (await session.json()).item.id as number;
    expect((await callA('GET', `/api/livesession/start/${sessionId}`)).status).toBe(200);
    const token = (await (await callA('GET', `/api/livesession/${sessionId}`)).json()).item.ingest_token;

    const screen = await openLiveStream(`${a.url}/api/events`, cookie);
    expect(screen.status).toBe(200);
    try {
      const viewers = Array.from({ length: 100 }, (_, i) => ({
        id: `fb-${uniq()}-${i}`,
        via: i % 2 ? b : a,
      }));
      const results = await Promise.all(
        viewers.map(async (v, i) => {
          const res = await fetch(`${v.via.url}/api/add-live-messages?sessionId=${sessionId}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-ingest-token': token },
            body: JSON.stringify({
              messages: [
                {
                  id: `c-${uniq()}-${i}`,
                  from: { id: v.id, name: `Viewer ${i}` },
                  message: `${keyword} svp`,
                  created_time: new Date(Date.parse('2026-12-01T20:31:00Z') + i).toISOString(),
                },
              ],
            }),
          });
          expect(res.status).toBe(200);
          return (await res.json()) as { ordered: number; waiting: number };
        }),
      );
      expect(results.reduce((n, r) => n + r.ordered, 0)).toBe(10);
      expect(results.reduce((n, r) => n + r.waiting, 0)).toBe(90);

      const db = rt.deps.database.db;
      const [after] = await db
        .select()
        .from(productConfigurations)
        .where(eq(productConfigurations.id, config.id));
      expect(after.quantity).toBe(0);
      const lines = await db.select().from(orderItems).where(eq(orderItems.seller_id, seller.id));
      expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(10);
      expect(await db.select().from(waitingList).where(eq(waitingList.seller_id, seller.id))).toHaveLength(
        90,
      );

      // A cart made by process B (which of the burst's winners came through B is up to the race),
      // and the screen served by process A showing it.
      const fromB = `fb-${uniq()}-b`;
      const res = await fetch(`${b.url}/api/add-live-messages?sessionId=${sessionId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-token': token },
        body: JSON.stringify({
          messages: [
            {
              id: `c-${uniq()}-b`,
              from: { id: fromB, name: 'Viewer B' },
              message: `${second} svp`,
              created_time: new Date(Date.parse('2026-12-01T20:32:00Z')).toISOString(),
            },
          ],
        }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { ordered: number }).ordered).toBe(1);
      const [orderViaB] = await db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(socialIdentities, eq(socialIdentities.id, orders.social_identity_id))
        .where(eq(socialIdentities.external_user_id, fromB));
      const seen = await screen.waitFor((e) => e.type === 'cart' && e.orderId === orderViaB.id);
      expect(seen).toMatchObject({ type: 'cart', sellerId: seller.id, sessionId });
      expect(screen.events.every((e) => e.sellerId === seller.id)).toBe(true);
    } finally {
      screen.close();
    }
  });

  it('a server stops cleanly on SIGTERM with a screen still connected', async () => {
    const seller = await makeSeller(rt);
    const screen = await openLiveStream(`${b.url}/api/events`, cookieHeader((await client(rt, seller)).jar));
    expect(screen.status).toBe(200);
    expect(await stopServer(b)).toBe(0);
    screen.close();
  });
});
