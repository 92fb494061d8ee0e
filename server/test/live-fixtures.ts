import type { TIngestResult } from '@livecart/contract/live';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  orderItems,
  orders,
  productConfigurations,
  socialIdentities,
  waitingList,
} from '../src/db/schema/index.ts';
import type { Runtime } from '../src/runtime.ts';
import { type Api, createProduct, type Refs, sellerApi, simpleBody, uniq } from './product-fixtures.ts';

/* Helpers of the live-engine tests: a seller live, products, comments posted as viewers. */

/** A seller with a live session, its ingest token and a function posting comments to it. */
export async function liveSeller(rt: Runtime, orderTimer = 30) {
  const { seller, api } = await sellerApi(rt);
  const session = await startSession(rt, api, orderTimer);
  return { seller, api, ...session };
}

/** Another live session of the same seller. */
export async function startSession(rt: Runtime, api: Api, orderTimer = 30) {
  const created = await api.post('/api/livesession', {
    event_date: '2026-12-01',
    event_time: '20:30',
    order_timer: orderTimer,
  });
  expect(created.statusCode, created.body).toBe(200);
  const sessionId = created.json().item.id as number;
  expect((await api.get(`/api/livesession/start/${sessionId}`)).statusCode).toBe(200);
  const token = (await api.get(`/api/livesession/${sessionId}`)).json().item.ingest_token as string;
  const post = async (messages: unknown[]) => {
    const res = await rt.app.inject({
      method: 'POST',
      url: `/api/add-live-messages?sessionId=${sessionId}`,
      headers: { 'x-ingest-token': token },
      payload: { messages },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TIngestResult;
  };
  return { sessionId, token, post };
}

let clock = Date.parse('2026-12-01T20:31:00Z');
/** A Graph-API-shaped comment, one second after the previous one. */
export function comment(message: string, from: string, id = `c-${uniq()}${uniq()}`) {
  clock += 1000;
  return {
    id,
    from: { id: from, name: `Viewer ${from}` },
    message,
    created_time: new Date(clock).toISOString(),
  };
}
export const viewer = () => `fb-${uniq()}${uniq()}`;

/** A published simple product (price 25 €) with its one configuration. */
export async function simpleProduct(rt: Runtime, refs: Refs, api: Api, stock: number) {
  const keyword = `robe${uniq()}`;
  const product = await createProduct(
    api,
    simpleBody(refs, { keywords: keyword, isPublish: true, quantity: stock, price: 25 }),
  );
  const [config] = await rt.deps.database.db
    .select()
    .from(productConfigurations)
    .where(eq(productConfigurations.product_id, product.id));
  return { product, config, keyword };
}

export function reads(rt: Runtime) {
  const db = () => rt.deps.database.db;
  return {
    db,
    stockOf: async (configId: number) =>
      (await db().select().from(productConfigurations).where(eq(productConfigurations.id, configId)))[0]
        .quantity,
    cartsOf: (sellerId: number) => db().select().from(orders).where(eq(orders.seller_id, sellerId)),
    linesOf: (sellerId: number) => db().select().from(orderItems).where(eq(orderItems.seller_id, sellerId)),
    waitingOf: (sellerId: number) =>
      db().select().from(waitingList).where(eq(waitingList.seller_id, sellerId)),
    /** The open cart of a viewer (by platform user id) with its lines. */
    cartOfViewer: async (sellerId: number, from: string) => {
      const [identity] = await db()
        .select()
        .from(socialIdentities)
        .where(and(eq(socialIdentities.seller_id, sellerId), eq(socialIdentities.external_user_id, from)));
      if (!identity) return null;
      const carts = await db().select().from(orders).where(eq(orders.social_identity_id, identity.id));
      const open = carts.find((c) => c.seller_id === sellerId && c.status === 'new') ?? null;
      const lines = open ? await db().select().from(orderItems).where(eq(orderItems.order_id, open.id)) : [];
      return open ? { ...open, lines } : null;
    },
  };
}

/** Resolves once a session of the app's database waits for a lock (a claim held by another transaction). */
export async function lockWaited(rt: Runtime) {
  await expect
    .poll(async () => {
      const [w] = await rt.deps.database.raw<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return w.n;
    })
    .toBeGreaterThan(0);
}
