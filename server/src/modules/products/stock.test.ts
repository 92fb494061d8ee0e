import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.ts';
import { reads, simpleProduct, viewer } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs, sellerApi } from '../../../test/product-fixtures.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * The stock functions of sql/stock.sql, called directly (no HTTP, no claim): the rule every
 * caller relies on. Run on PGlite, and on the PostgreSQL server of DATABASE_URL in CI, where the
 * concurrent case runs on several connections at once.
 */

let rt: Runtime;
let refs: Refs;
let r: ReturnType<typeof reads>;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
  r = reads(rt);
});
afterAll(() => rt.close());

async function configuration(stock: number) {
  const { seller, api } = await sellerApi(rt);
  const { config, product } = await simpleProduct(rt, refs, api, stock);
  return { sellerId: seller.id, configId: config.id, productId: product.id };
}

const reserve = async (
  sellerId: number,
  configId: number,
  quantity: number,
  partial = true,
  queueFirst = true,
) =>
  (
    await queryRows<{ n: number }>(
      r.db(),
      sql`SELECT products_reserve(${sellerId}, ${configId}, ${quantity}, ${partial}, ${queueFirst}) AS n`,
    )
  )[0].n;

/** Someone waiting for the configuration, through the waiting list's own function. */
async function waitFor(sellerId: number, configId: number, productId: number) {
  await r.db().execute(
    sql`SELECT orders_join_waiting_list(${sellerId}, NULL, ${configId}, ${productId},
          (SELECT id FROM buyers_viewer_identity(${sellerId}, 'facebook', ${viewer()}, NULL)), NULL, 'c-1', 1,
          now())`,
  );
}

describe('products_reserve', () => {
  it('takes the whole request when the stock has it', async () => {
    const c = await configuration(5);
    expect(await reserve(c.sellerId, c.configId, 3)).toBe(3);
    expect(await r.stockOf(c.configId)).toBe(2);
  });

  it('takes what is free when the request is larger, or nothing when asked all or nothing', async () => {
    const c = await configuration(6);
    expect(await reserve(c.sellerId, c.configId, 10, false)).toBe(0);
    expect(await r.stockOf(c.configId)).toBe(6);
    expect(await reserve(c.sellerId, c.configId, 10)).toBe(6);
    expect(await r.stockOf(c.configId)).toBe(0);
    expect(await reserve(c.sellerId, c.configId, 1)).toBe(0);
    expect(await r.stockOf(c.configId)).toBe(0);
  });

  it('refuses a new request while someone waits; the one serving the queue may take', async () => {
    const c = await configuration(4);
    await waitFor(c.sellerId, c.configId, c.productId);
    expect(await reserve(c.sellerId, c.configId, 1)).toBe(0);
    expect(await r.stockOf(c.configId)).toBe(4);
    expect(await reserve(c.sellerId, c.configId, 1, true, false)).toBe(1);
    expect(await r.stockOf(c.configId)).toBe(3);
  });

  it('never touches another seller’s configuration, nor takes for a quantity of 0 or less', async () => {
    const c = await configuration(4);
    const other = await configuration(0);
    // NULL: no such configuration for that seller (a claim then neither reserves nor waits).
    expect(await reserve(other.sellerId, c.configId, 1)).toBeNull();
    expect(await reserve(c.sellerId, c.configId, 0)).toBe(0);
    expect(await reserve(c.sellerId, c.configId, -2)).toBe(0);
    expect(await r.stockOf(c.configId)).toBe(4);
  });

  it('requests at once on several connections share the stock exactly, never below zero', async () => {
    const c = await configuration(10);
    const asks = Array.from({ length: 20 }, (_, i) => 1 + (i % 3));
    const taken = await Promise.all(
      asks.map((q) =>
        r.db().transaction(async (tx) => {
          const [row] = await queryRows<{ n: number }>(
            tx,
            sql`SELECT products_reserve(${c.sellerId}, ${c.configId}, ${q}) AS n`,
          );
          return row.n;
        }),
      ),
    );
    expect(taken.reduce((a, b) => a + b, 0)).toBe(10);
    expect(taken.every((n, i) => n >= 0 && n <= asks[i])).toBe(true);
    expect(await r.stockOf(c.configId)).toBe(0);
  });
});

describe('products_reserve_many', () => {
  const reserveMany = async (sellerId: number, requests: { configurationId: number; quantity: number }[]) =>
    (
      await queryRows<{ ord: number; taken: number | null }>(
        r.db(),
        sql`SELECT ord, taken FROM products_reserve_many(${sellerId},
              ${JSON.stringify(requests.map((q, i) => ({ ord: (i + 1) * 10, ...q })))}::jsonb)`,
      )
    ).map((row) => row.taken);

  it('serves requests in order as products_reserve would one after another: whole, then part, then none', async () => {
    const a = await configuration(5);
    const b = await configuration(1);
    const taken = await reserveMany(a.sellerId, [
      { configurationId: a.configId, quantity: 2 },
      { configurationId: a.configId, quantity: 2 },
      { configurationId: a.configId, quantity: 3 },
      { configurationId: a.configId, quantity: 1 },
    ]);
    // 2 + 2, then 1 of 3 (the rest waits), then none: the first one left short is the last to take.
    expect(taken).toEqual([2, 2, 1, 0]);
    expect(await r.stockOf(a.configId)).toBe(0);
    // Another seller's configuration (b) is unknown to this seller: NULL, untouched.
    expect(await reserveMany(a.sellerId, [{ configurationId: b.configId, quantity: 1 }])).toEqual([null]);
    expect(await r.stockOf(b.configId)).toBe(1);
  });

  it('takes nothing while someone waits, and nothing for a quantity of 0 or less', async () => {
    const c = await configuration(4);
    const free = await configuration(3);
    expect(
      await reserveMany(free.sellerId, [
        { configurationId: free.configId, quantity: 0 },
        { configurationId: free.configId, quantity: -2 },
        { configurationId: free.configId, quantity: 1 },
      ]),
    ).toEqual([0, 0, 1]);
    expect(await r.stockOf(free.configId)).toBe(2);
    await waitFor(c.sellerId, c.configId, c.productId);
    expect(await reserveMany(c.sellerId, [{ configurationId: c.configId, quantity: 1 }])).toEqual([0]);
    expect(await r.stockOf(c.configId)).toBe(4);
  });

  it('requests at once on several connections share the stock exactly, never below zero', async () => {
    const c = await configuration(10);
    const posts = Array.from({ length: 8 }, (_, i) =>
      Array.from({ length: 3 }, (_, j) => ({ configurationId: c.configId, quantity: 1 + ((i + j) % 2) })),
    );
    const taken = await Promise.all(posts.map((requests) => reserveMany(c.sellerId, requests)));
    expect(taken.flat().reduce((a, b) => (a ?? 0) + (b ?? 0), 0)).toBe(10);
    expect(await r.stockOf(c.configId)).toBe(0);
  });
});

describe('a request waiting for a release in progress', () => {
  it('sees the stock the release left once the queue was served, and takes it', async () => {
    // Stock 0 and one viewer waiting for 1. A release gives 2 back and serves that viewer, while a
    // new request waits for the configuration's row; once the release commits, 1 is free and the
    // request must get it (on PostgreSQL the two run on two connections at once).
    const c = await configuration(0);
    await waitFor(c.sellerId, c.configId, c.productId);
    let releaseDone!: () => void;
    const released = new Promise<void>((resolve) => {
      releaseDone = resolve;
    });
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const release = r.db().transaction(async (tx) => {
      await tx.execute(sql`SELECT products_release(${c.sellerId}, ${c.configId}, 2)`);
      await tx.execute(
        sql`UPDATE waiting_list SET status = 'served' WHERE configuration_id = ${c.configId} AND status = 'waiting'`,
      );
      await tx.execute(sql`SELECT products_reserve(${c.sellerId}, ${c.configId}, 1, true, false)`);
      holding();
      await released;
    });
    await held;
    const request = r.db().transaction(async (tx) => {
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT products_reserve(${c.sellerId}, ${c.configId}, 1) AS n`,
      );
      return row.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    releaseDone();
    await release;
    expect(await request).toBe(1);
    expect(await r.stockOf(c.configId)).toBe(0);
  });
});

describe('products_release', () => {
  it('gives units back to the seller’s configuration only', async () => {
    const c = await configuration(1);
    const other = await configuration(0);
    const release = async (sellerId: number, n: number) =>
      (
        await queryRows<{ found: boolean }>(
          r.db(),
          sql`SELECT products_release(${sellerId}, ${c.configId}, ${n}) AS found`,
        )
      )[0].found;
    expect(await release(c.sellerId, 2)).toBe(true);
    expect(await r.stockOf(c.configId)).toBe(3);
    expect(await release(other.sellerId, 2)).toBe(false);
    expect(await r.stockOf(c.configId)).toBe(3);
  });
});
