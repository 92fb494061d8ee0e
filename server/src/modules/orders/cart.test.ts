import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.ts';
import { reads, simpleProduct, viewer } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs, sellerApi } from '../../../test/product-fixtures.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders, productConfigurations } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * The cart functions of sql/cart.sql and sql/waiting.sql, called directly: what the live claim
 * and the TypeScript callers (orders/cart.ts) both rely on. PGlite here, PostgreSQL in CI.
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

interface Opened {
  id: number;
  order_number: string;
  created: boolean;
  empty: boolean;
}

async function viewerOfSeller() {
  const { seller, api } = await sellerApi(rt);
  const { config } = await simpleProduct(rt, refs, api, 5);
  const [identity] = await queryRows<{ id: number }>(
    r.db(),
    sql`SELECT id FROM buyers_viewer_identity(${seller.id}, 'facebook', ${viewer()}, 'Léa')`,
  );
  let n = 0;
  const open = async (db: DbOrTx = r.db()) =>
    (
      await queryRows<Opened>(
        db,
        sql`SELECT * FROM orders_open_cart(${seller.id}, ${identity.id}, NULL, NULL, 'c-1', 'fr',
              ${`LCTEST${seller.id}X${n++}`}, 'hash', 'live comment')`,
      )
    )[0];
  const add = (orderId: number, quantity: number, minutes: number | null = null) =>
    r.db().execute(
      sql`SELECT orders_add_to_cart(${orderId}, ${seller.id},
            ${JSON.stringify([{ configurationId: config.id, quantity, name: 'Foulard', colorLabel: 'Rouge', sizeLabel: null, photo: null }])}::jsonb,
            ${minutes}::integer)`,
    );
  const totals = (orderId: number, minutes: number | null) =>
    r.db().execute(sql`SELECT orders_cart_totals(${orderId}, ${minutes}::integer)`);
  const cart = async (orderId: number) =>
    (await r.db().select().from(orders).where(eq(orders.id, orderId)))[0];
  return { sellerId: seller.id, identityId: identity.id, config, open, add, totals, cart };
}

describe('orders_open_cart', () => {
  it('opens one cart per viewer and seller, and a new one once a payment has started', async () => {
    const v = await viewerOfSeller();
    const first = await v.open();
    expect(first).toMatchObject({ created: true, empty: true });
    expect(await v.open()).toMatchObject({ id: first.id, created: false, empty: true });
    await r.db().update(orders).set({ checkout_at: new Date() }).where(eq(orders.id, first.id));
    const second = await v.open();
    expect(second.created).toBe(true);
    expect(second.id).not.toBe(first.id);
  });

  it('opened at once from several connections, it is still one cart', async () => {
    const v = await viewerOfSeller();
    const opened = await Promise.all(Array.from({ length: 6 }, () => r.db().transaction((tx) => v.open(tx))));
    expect(new Set(opened.map((o) => o.id)).size).toBe(1);
    expect(opened.filter((o) => o.created)).toHaveLength(1);
  });
});

describe('orders_add_to_cart and orders_cart_totals', () => {
  it('adds a line at the configuration’s price, more of it at the price it was added at, and totals the cart', async () => {
    const v = await viewerOfSeller();
    const cart = await v.open();
    await v.add(cart.id, 1);
    await r
      .db()
      .update(productConfigurations)
      .set({ price_cents: 9900 })
      .where(eq(productConfigurations.id, v.config.id));
    await v.add(cart.id, 2, 20);
    const lines = await r.db().select().from(orderItems).where(eq(orderItems.order_id, cart.id));
    expect(lines).toMatchObject([
      { quantity: 3, unit_price_cents: 2500, name: 'Foulard', color_label: 'Rouge' },
    ]);
    const after = await v.cart(cart.id);
    expect(after).toMatchObject({ subtotal_cents: 7500, total_amount_cents: 7500 });
    const minutes = ((after.expires_at?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(19);
    expect(minutes).toBeLessThan(21);
    // NULL keeps the countdown, 0 removes it.
    await v.totals(cart.id, null);
    expect((await v.cart(cart.id)).expires_at).toEqual(after.expires_at);
    await v.totals(cart.id, 0);
    expect((await v.cart(cart.id)).expires_at).toBeNull();
  });

  it('a cart without lines has no countdown; another seller’s configuration is refused', async () => {
    const v = await viewerOfSeller();
    const other = await viewerOfSeller();
    const cart = await v.open();
    await v.totals(cart.id, 30);
    expect(await v.cart(cart.id)).toMatchObject({ subtotal_cents: 0, expires_at: null });
    await expect(
      r.db().execute(
        sql`SELECT orders_add_to_cart(${cart.id}, ${v.sellerId},
                ${JSON.stringify([{ configurationId: other.config.id, quantity: 1, name: 'x' }])}::jsonb, NULL)`,
      ),
    ).rejects.toThrow();
    expect(await r.db().select().from(orderItems).where(eq(orderItems.order_id, cart.id))).toHaveLength(0);
  });
});
