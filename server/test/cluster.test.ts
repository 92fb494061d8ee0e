import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  orderStatusHistory,
  orders,
  platformInvoices,
  productConfigurations,
  stores,
} from '../src/db/schema/index.ts';
import { encryptSecret } from '../src/lib/secrets.ts';
import { createRuntime, type Runtime } from '../src/runtime.ts';
import { pastTrial, planCharge, sale } from './billing-fixtures.ts';
import { type FakeGraph, startFakeGraph } from './fakes/graph.ts';
import { client, cookieHeader, makeBuyer, makeSeller, startTestApp } from './helpers.ts';
import { loadRefs, simpleBody, uniq } from './product-fixtures.ts';
import { freePort, type Server, serverDir, stopServer } from './server-process.ts';
import { openLiveStream } from './sse.ts';
import {
  activeSeller,
  chargesOf,
  DAY,
  sandboxInvoices,
  subscriptionRow,
  tick,
} from './subscription-fixtures.ts';

/*
 * Several server processes on one PostgreSQL (selected by vitest.config.ts only when DATABASE_URL
 * is set). Two servers run as in production (NODE_ENV=development: the cart sweeper, the outbox
 * worker and every periodic job on), on ports of their own, as two `npm start` behind a load
 * balancer; the work they share is done once. Then WEB_CONCURRENCY=2: one port, two processes.
 */

const AUTH_SECRET = 'test-secret-test-secret-test-secret-123';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` answers true, or fails after `ms` naming `what`. */
async function until(what: string, check: () => Promise<boolean> | boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

function spawnServer(url: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: new URL(url).port,
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      // The database of this file's runtime, which makes the rows and reads what was done.
      DATABASE_URL: rt.deps.config.databaseUrl,
      AUTH_SECRET,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'livecart-proc-')),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // A client address is the one the load balancer forwards.
      TRUST_PROXY: '1',
      GRAPH_API_URL: graph.url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  return { url, child, output };
}

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const server = spawnServer(`http://127.0.0.1:${await freePort()}`, env);
  const deadline = Date.now() + 80_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output.join('')}`);
    if (server.output.join('').includes('LiveCart is running')) return server;
    await sleep(200);
  }
  server.child.kill('SIGKILL');
  throw new Error(`server did not start: ${server.output.join('')}`);
}

let rt: Runtime;
let graph: FakeGraph;
let a: Server;
let b: Server;

beforeAll(async () => {
  // A session that starts reads its page's live videos: none here.
  graph = await startFakeGraph({
    routes: [(req) => (req.path.endsWith('/live_videos') ? { status: 200, body: { data: [] } } : undefined)],
  });
  // This process makes the rows and reads the database; the servers do the work.
  rt = await startTestApp();
  [a, b] = await Promise.all([startServer(), startServer()]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a && stopServer(a), b && stopServer(b)]);
  await rt?.close();
  await graph?.close();
}, 60_000);

/** A signed-in seller live now, a product of `stock` units, and a way to post comments through a server. */
async function liveWithProduct(stock: number, opts: { page?: boolean } = {}) {
  const seller = await makeSeller(rt);
  const api = await client(rt, seller);
  const pageId = `${Date.now()}${uniq().replace(/\D/g, '')}`.slice(0, 20);
  if (opts.page) {
    await rt.deps.database.db.insert(stores).values({
      seller_id: seller.id,
      platform: 'facebook',
      external_id: pageId,
      name: 'Ma boutique',
      selected: true,
      access_token_encrypted: encryptSecret(AUTH_SECRET, `EAAPAGE${uniq()}`),
    });
  }
  const keyword = `robe${uniq()}`;
  const product = await api.post(
    '/api/product',
    simpleBody(await loadRefs(rt), { keywords: keyword, isPublish: true, quantity: stock }),
  );
  expect(product.statusCode, product.body).toBe(200);
  const [config] = await rt.deps.database.db
    .select()
    .from(productConfigurations)
    .where(eq(productConfigurations.product_id, product.json().product.id as number));
  const session = await api.post('/api/livesession', {
    event_date: '2026-12-01',
    event_time: '20:30',
    order_timer: 30,
  });
  const sessionId = session.json().item.id as number;
  expect((await api.get(`/api/livesession/start/${sessionId}`)).statusCode).toBe(200);
  const token = (await api.get(`/api/livesession/${sessionId}`)).json().item.ingest_token as string;
  let clock = Date.parse('2026-12-01T20:31:00Z');
  /** Posts one comment per viewer through `via`, all at once; answers the comments' platform ids. */
  const comment = async (via: Server, viewers: string[]) => {
    const ids = viewers.map((v) => `${uniq()}_${v}`);
    const from = clock;
    clock += viewers.length * 1000;
    const res = await fetch(`${via.url}/api/add-live-messages?sessionId=${sessionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ingest-token': token },
      body: JSON.stringify({
        messages: viewers.map((v, i) => ({
          id: ids[i],
          from: { id: v, name: `Viewer ${v}` },
          message: `${keyword} svp`,
          created_time: new Date(from + (i + 1) * 1000).toISOString(),
        })),
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ids;
  };
  /** The same on a connection of its own (the cluster hands each connection to one process). */
  const commentFresh = (base: string, viewer: string) => {
    clock += 1000;
    return freshRequest(`${base}/api/add-live-messages?sessionId=${sessionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ingest-token': token },
      body: JSON.stringify({
        messages: [
          {
            id: `${uniq()}_${viewer}`,
            from: { id: viewer, name: `Viewer ${viewer}` },
            message: `${keyword} svp`,
            created_time: new Date(clock).toISOString(),
          },
        ],
      }),
    });
  };
  return { seller, api, config, sessionId, comment, commentFresh, pageId };
}

const viewers = (n: number) => Array.from({ length: n }, (_, i) => `fb-${uniq()}-${i}`);

describe('two server processes as in production, on one PostgreSQL', () => {
  it('the cart sweepers of both release each expired cart once: stock back once, one history line each', async () => {
    const { seller, config, comment } = await liveWithProduct(20);
    const people = viewers(20);
    await Promise.all([comment(a, people.slice(0, 10)), comment(b, people.slice(10))]);
    const db = rt.deps.database.db;
    const [taken] = await db
      .select()
      .from(productConfigurations)
      .where(eq(productConfigurations.id, config.id));
    expect(taken.quantity).toBe(0);
    const carts = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.seller_id, seller.id), eq(orders.status, 'new')));
    expect(carts).toHaveLength(20);
    // Their countdown over: both servers' sweepers (every second) race for them.
    await db
      .update(orders)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(orders.seller_id, seller.id));
    const open = async () =>
      (
        await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.seller_id, seller.id), eq(orders.status, 'new')))
      ).length;
    await until('the carts to expire', async () => (await open()) === 0);
    // a moment more: a second release would show now
    await sleep(1500);
    const [after] = await db
      .select()
      .from(productConfigurations)
      .where(eq(productConfigurations.id, config.id));
    expect(after.quantity).toBe(20);
    const history = await db
      .select({ orderId: orderStatusHistory.order_id })
      .from(orderStatusHistory)
      .where(
        and(
          inArray(
            orderStatusHistory.order_id,
            carts.map((c) => c.id),
          ),
          eq(orderStatusHistory.status, 'expired'),
        ),
      );
    expect(history).toHaveLength(20);
    expect(new Set(history.map((h) => h.orderId)).size).toBe(20);
  });

  it("the outbox workers of both send each private reply once, at the page's Graph API", async () => {
    const { comment, pageId } = await liveWithProduct(40, { page: true });
    const before = graph.requests.length;
    const ids = (await Promise.all([comment(a, viewers(20)), comment(b, viewers(20))])).flat();
    await until(
      'every private reply to be sent',
      () => graph.replied.size >= ids.length && ids.every((id) => graph.replied.has(id)),
    );
    // a moment more: a second send would show now
    await sleep(2000);
    const sends = graph.requests.slice(before).filter((r) => r.pageId === pageId);
    expect(sends.map((r) => r.body.recipient?.comment_id).sort()).toEqual([...ids].sort());
    expect(ids.every((id) => graph.replied.get(id) === 1)).toBe(true);
    expect(graph.unexpected).toEqual([]);
  });

  it('sign-in failures through both servers are counted together: the limit holds', async () => {
    const buyer = await makeBuyer(rt);
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const attempt = async (via: Server, password: string) => {
      const csrf = await fetch(`${via.url}/api/auth/csrf`, { headers: { 'x-forwarded-for': address } });
      const cookie = csrf.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const res = await fetch(`${via.url}/api/auth/callback/credentials`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-auth-return-redirect': '1',
          'x-forwarded-for': address,
          origin: via.url,
          cookie,
        },
        body: new URLSearchParams({
          csrfToken,
          email: buyer.email,
          password,
          callbackUrl: `${via.url}/dashboard`,
          json: 'true',
        }).toString(),
      });
      return new URL(((await res.json()) as { url: string }).url).searchParams;
    };
    // 10 failures (the limit), 5 through each server: each alone saw half of them.
    for (let i = 0; i < 10; i++) {
      const result = await attempt(i % 2 ? b : a, 'bad-password');
      expect(result.get('error')).toBe('CredentialsSignin');
    }
    const blocked = await attempt(a, buyer.password);
    expect(blocked.get('code')).toBe('rate_limited');
    expect((await attempt(b, buyer.password)).get('code')).toBe('rate_limited');
  });
});

describe('the billing run started in two processes at once', () => {
  it('bills each seller of the month once: one invoice each', async () => {
    const sellers = await Promise.all(Array.from({ length: 4 }, () => makeSeller(rt)));
    for (const s of sellers) {
      await pastTrial(rt, s.id);
      await planCharge(rt, s.id, '2026-03-01T09:00:00Z');
      await sale(rt, s.id, 100_00, '2026-03-15T10:00:00Z');
    }
    const run = () =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'src/scripts/billing.ts', '--month', '2026-03'],
          {
            cwd: serverDir,
            env: {
              ...process.env,
              DATABASE_URL: rt.deps.config.databaseUrl,
              AUTH_SECRET,
              DATA_DIR: mkdtempSync(path.join(tmpdir(), 'livecart-billing-')),
              NODE_ENV: 'development',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let out = '';
        child.stdout?.on('data', (d) => {
          out += String(d);
        });
        child.stderr?.on('data', (d) => {
          out += String(d);
        });
        child.once('exit', (code) => resolve({ code, out }));
      });
    const [first, second] = await Promise.all([run(), run()]);
    expect(first.code, first.out).toBe(0);
    expect(second.code, second.out).toBe(0);
    const invoices = await rt.deps.database.db
      .select({ sellerId: platformInvoices.seller_id })
      .from(platformInvoices)
      .where(
        inArray(
          platformInvoices.seller_id,
          sellers.map((s) => s.id),
        ),
      );
    expect(invoices.map((i) => i.sellerId).sort()).toEqual(sellers.map((s) => s.id).sort());
    // each seller: invoiced by one run, found already billed by the other
    for (const s of sellers) {
      const lines = `${first.out}\n${second.out}`.split('\n').filter((l) => l.startsWith(`seller ${s.id}:`));
      expect(lines).toHaveLength(2);
      expect(lines.filter((l) => l.includes('already billed'))).toHaveLength(1);
    }
  });
});

/**
 * A request on a connection of its own (the cluster hands each connection to one process): its
 * status, 0 when it fails or takes over 5 s (a connection handed to a process as it is killed).
 */
function freshRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<number> {
  return new Promise<number>((resolve) => {
    const req = request(
      url,
      { agent: false, timeout: 5_000, method: opts.method ?? 'GET', headers: opts.headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(opts.body);
  });
}
const freshGet = (url: string) => freshRequest(url);

/** Process ids that logged a request (to `path` when given), in order of first appearance. */
const servingPids = (s: Server, path?: string) => {
  const pids: number[] = [];
  for (const line of s.output.join('').split('\n')) {
    if (!line.includes('"incoming request"')) continue;
    if (path && !line.includes(`"url":"${path}`)) continue;
    const pid = Number(/"pid":(\d+)/.exec(line)?.[1]);
    if (pid && !pids.includes(pid)) pids.push(pid);
  }
  return pids;
};

describe('the subscriptions clock ticking in two runtimes at once', () => {
  it('renews each due subscription once: one renewal invoice and charge each', async () => {
    // A second runtime on the same database: its own pool and its own clock.
    const other = await createRuntime(
      loadConfig(
        {
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'livecart-clock-')),
          LOG_LEVEL: 'silent',
          NODE_ENV: 'test',
          DATABASE_URL: rt.deps.config.databaseUrl,
        },
        { authSecret: AUTH_SECRET },
      ),
    );
    try {
      const sellers = [];
      for (let i = 0; i < 3; i++) sellers.push((await activeSeller(rt)).seller);
      const before = await Promise.all(sellers.map(async (s) => (await chargesOf(rt, s.id)).length));
      const invoices0 = (await sandboxInvoices(rt)).length;
      // past the first monthly period's end, before the second's
      const at = new Date(Date.now() + 35 * DAY);
      await Promise.all([tick(rt, at), tick(other, at), tick(rt, at), tick(other, at)]);
      const after = await Promise.all(sellers.map(async (s) => (await chargesOf(rt, s.id)).length));
      expect(after).toEqual(before.map((n) => n + 1));
      expect((await sandboxInvoices(rt)).length).toBe(invoices0 + sellers.length);
      for (const s of sellers) {
        const sub = await subscriptionRow(rt, s.id);
        expect(sub?.status).toBe('active');
        // one period on, not two
        expect(new Date(sub?.current_period_end as Date).getTime()).toBeGreaterThan(at.getTime());
        expect(new Date(sub?.current_period_end as Date).getTime()).toBeLessThan(at.getTime() + 32 * DAY);
      }
    } finally {
      await other.close();
    }
  });
});

describe('WEB_CONCURRENCY', () => {
  it('is refused with the embedded database, naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: '',
        WEB_CONCURRENCY: '2',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'livecart-proc-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr?.on('data', (d) => {
      err += String(d);
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('WEB_CONCURRENCY: several server processes need DATABASE_URL');
  });

  it('=2 answers on one port from two processes, starts a killed one again, and stops cleanly', async () => {
    const cluster = await startServer({ WEB_CONCURRENCY: '2', LOG_LEVEL: 'info', NODE_ENV: 'test' });
    try {
      expect(cluster.output.join('')).toContain('Server processes: 2 (WEB_CONCURRENCY)');
      await until('both processes to answer', async () => {
        expect(await freshGet(`${cluster.url}/api/auth/csrf`)).toBe(200);
        return servingPids(cluster).length >= 2;
      });
      const [first, second] = servingPids(cluster);
      // the primary only supervises
      expect([first, second]).not.toContain(cluster.child.pid);

      // A screen held by one process sees the carts of comments taken by both.
      const { seller, api, commentFresh } = await liveWithProduct(10);
      const screen = await openLiveStream(`${cluster.url}/api/events`, cookieHeader(api.jar));
      try {
        expect(screen.status).toBe(200);
        for (let i = 0; i < 6; i++) expect(await commentFresh(cluster.url, `fb-${uniq()}-${i}`)).toBe(200);
        expect(servingPids(cluster, '/api/add-live-messages')).toHaveLength(2);
        const carts = await rt.deps.database.db
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.seller_id, seller.id));
        expect(carts).toHaveLength(6);
        for (const cart of carts) await screen.waitFor((e) => e.type === 'cart' && e.orderId === cart.id);
      } finally {
        screen.close();
      }

      process.kill(first, 'SIGKILL');
      // the other goes on answering (a connection handed to the killed one as it dies may be
      // lost), and a new process takes the place of the killed one
      const answers: number[] = [];
      await until(
        'a process started again',
        async () => {
          answers.push(await freshGet(`${cluster.url}/api/auth/csrf`));
          return servingPids(cluster).length >= 3;
        },
        90_000,
      );
      expect(answers.filter((s) => s === 200).length).toBeGreaterThanOrEqual(answers.length - 1);
      expect(cluster.output.join('')).toContain(`Server process ${first} stopped (SIGKILL)`);
      const third = servingPids(cluster)[2];
      expect([first, second]).not.toContain(third);

      expect(await stopServer(cluster)).toBe(0);
      for (const pid of [second, third]) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      cluster.child.kill('SIGKILL');
    }
  }, 240_000);
});
