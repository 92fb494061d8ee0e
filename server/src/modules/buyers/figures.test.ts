import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../../test/fixtures.ts';
import { makeBuyer, startTestApp } from '../../../test/helpers.ts';
import { comment, liveSeller, reads, simpleProduct, viewer } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import { orders, shopperFiguresStale, socialIdentities, users } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';
import { ORDER_FIGURES_BY_SELLER, SHOPPERLESS_ORDERS_BY_SELLER } from '../orders/figures.ts';
import { refreshShopperFigures } from './figures.ts';
import { clientFigures, FIGURE_COLUMNS } from './shoppers.ts';

/*
 * The Shoppers list reads `shopper_figures`, kept from the marks the triggers leave: after every kind
 * of change, once refreshed, it holds exactly what the orders and identities say (`clientFigures`,
 * the SQL of a detail), and the list shows the change.
 */

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());
const db = () => rt.deps.database.db;

/** Rows of the read model and of the orders that differ, after a refresh: none. */
async function drift(sellerId: number) {
  await refreshShopperFigures(db(), sellerId);
  const kept = sql`SELECT ${FIGURE_COLUMNS} FROM shopper_figures WHERE seller_id = ${sellerId}`;
  const computed = sql`SELECT ${FIGURE_COLUMNS} FROM (${clientFigures(sellerId)}) f`;
  // and the seller's totals, with the orders of no shopper, are the orders' own figures
  const totals = sql`SELECT coalesce(st.figure_rows, 0) AS rows, coalesce(st.never_paid, 0) AS never_paid,
      coalesce(st.shoppers, 0) AS total_buyers,
      coalesce(st.orders_count, 0) + coalesce(ns.total_orders, 0) AS total_orders,
      (coalesce(st.total_cents, 0) + coalesce(ns.total_amount_cents, 0))::bigint AS total_amount_cents
    FROM (SELECT ${sellerId}::int AS seller_id) s
    LEFT JOIN seller_shopper_totals st ON st.seller_id = s.seller_id
    LEFT JOIN (${SHOPPERLESS_ORDERS_BY_SELLER}) ns ON ns.seller_id = s.seller_id`;
  const plain = sql`SELECT (SELECT count(*)::int FROM (${clientFigures(sellerId)}) c),
      (SELECT count(*)::int FROM (${clientFigures(sellerId)}) c WHERE NOT c.ever_paid), coalesce(f.total_buyers, 0), coalesce(f.total_orders, 0), coalesce(f.total_amount_cents, 0)::bigint
    FROM (SELECT ${sellerId}::int AS seller_id) s LEFT JOIN (${ORDER_FIGURES_BY_SELLER}) f ON f.seller_id = s.seller_id`;
  return [
    ...(await queryRows(db(), sql`(${kept} EXCEPT ${computed}) UNION ALL (${computed} EXCEPT ${kept})`)),
    ...(await queryRows(db(), sql`(${totals} EXCEPT ${plain}) UNION ALL (${plain} EXCEPT ${totals})`)),
  ];
}

/**
 * Rows of the shoppers across sellers and of their count that differ from the figures summed per
 * account, after every seller's refresh: none.
 */
async function platformDrift() {
  await refreshShopperFigures(db());
  const kept = sql`SELECT shopper_key, user_id, identity_id, orders_count, total_cents
    FROM platform_shoppers WHERE orders_count > 0`;
  const computed = sql`SELECT CASE WHEN user_id IS NOT NULL THEN 'u' || user_id ELSE 's' || identity_id END,
      user_id, CASE WHEN user_id IS NULL THEN identity_id END, sum(orders_count)::int, sum(total_cents)::bigint
    FROM shopper_figures GROUP BY 1, 2, 3 HAVING sum(orders_count) > 0`;
  const count = sql`SELECT shoppers FROM platform_shopper_count`;
  const counted = sql`SELECT count(*)::int FROM (${computed}) c`;
  return [
    ...(await queryRows(db(), sql`(${kept} EXCEPT ${computed}) UNION ALL (${computed} EXCEPT ${kept})`)),
    ...(await queryRows(db(), sql`(${count} EXCEPT ${counted}) UNION ALL (${counted} EXCEPT ${count})`)),
  ];
}

const identityOf = async (sellerId: number, from: string) =>
  (
    await db()
      .select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.seller_id, sellerId), eq(socialIdentities.external_user_id, from)))
  )[0];

describe('the Shoppers list’s figures', () => {
  it('follow comments, carts, payments, addresses, links and renames', async () => {
    const live = await liveSeller(rt);
    const r = reads(rt);
    const sellerId = live.seller.id;
    const listed = async () =>
      (await live.api.get('/api/buyers/fetch-items?limit=100')).json().items as {
        key: string;
        first_name: string;
        orders_count: number;
        total_spent: number;
        unpaid_carts: number;
      }[];
    const product = await simpleProduct(rt, refs, live.api, 2);
    const free = await simpleProduct(rt, refs, live.api, 5);
    await db().execute(sql`UPDATE product_configurations SET price_cents = 0 WHERE id = ${free.config.id}`);
    expect(await drift(sellerId)).toEqual([]);

    // a commenter who asks, one who orders, one who waits (an empty cart is no order)
    const [asks, orders1, waits, freebie] = [viewer(), viewer(), viewer(), viewer()];
    await live.post([comment('bonjour', asks), comment(product.keyword, orders1)]);
    await live.post([comment(`${product.keyword} x2`, waits), comment(free.keyword, freebie)]);
    expect(await drift(sellerId)).toEqual([]);
    const ordering = await identityOf(sellerId, orders1);
    expect((await listed()).find((i) => i.key === `${sellerId}:s${ordering.id}`)).toMatchObject({
      orders_count: 1,
    });

    // the cart expires (unpaid, and its unit goes to the waiting viewer), another is paid
    const cart = await r.cartOfViewer(sellerId, orders1);
    await live.api.get(`/api/orders/expire?orderId=${cart?.id}`);
    expect(await drift(sellerId)).toEqual([]);
    const served = await r.cartOfViewer(sellerId, waits);
    await db()
      .update(orders)
      .set({
        status: 'payed',
        paid_at: new Date(),
        ship_first_name: 'Wanda',
        ship_last_name: 'Livrée',
        ship_city: 'Namur',
        ship_phone: '+32400000000',
      })
      .where(eq(orders.id, served?.id as number));
    expect(await drift(sellerId)).toEqual([]);
    expect(await platformDrift()).toEqual([]);
    expect((await listed()).map((i) => i.first_name)).toContain('Wanda');

    // the ordering viewer signs in: one shopper, their account; then renames it
    const zoe = await makeBuyer(rt);
    await db().update(socialIdentities).set({ user_id: zoe.id }).where(eq(socialIdentities.id, ordering.id));
    await db().update(orders).set({ buyer_id: zoe.id }).where(eq(orders.social_identity_id, ordering.id));
    expect(await drift(sellerId)).toEqual([]);
    expect(await platformDrift()).toEqual([]);
    await db().update(users).set({ first_name: 'Zoé', last_name: 'Renommée' }).where(eq(users.id, zoe.id));
    expect(await drift(sellerId)).toEqual([]);
    expect((await listed()).find((i) => i.key === `${sellerId}:u${zoe.id}`)).toMatchObject({
      first_name: 'Zoé',
      unpaid_carts: 1,
    });
    expect((await listed()).some((i) => i.key === `${sellerId}:s${ordering.id}`)).toBe(false);

    // a commenter renamed on the platform; an order moved to another account, one removed
    await live.post([{ ...comment('bonjour', asks), from: { id: asks, name: 'Nouveau Nom' } }]);
    const other = await makeBuyer(rt);
    const moved = await insertOrder(rt, {
      seller_id: sellerId,
      buyer_id: zoe.id,
      status: 'payed',
      total_cents: 900,
    });
    expect(await drift(sellerId)).toEqual([]);
    await db().update(orders).set({ buyer_id: other.id }).where(eq(orders.id, moved.id));
    expect(await drift(sellerId)).toEqual([]);
    await db().delete(orders).where(eq(orders.id, moved.id));
    expect(await drift(sellerId)).toEqual([]);
    expect(await platformDrift()).toEqual([]);

    // unlinked again (the account deleted): the commenter is their own shopper once more
    await db().delete(users).where(eq(users.id, zoe.id));
    expect(await drift(sellerId)).toEqual([]);
    expect(await platformDrift()).toEqual([]);
    expect((await listed()).some((i) => i.key === `${sellerId}:s${ordering.id}`)).toBe(true);
    // the count of the unfiltered list comes from the seller's totals: it is the list's length
    const whole = (await live.api.get('/api/buyers/fetch-items?limit=100')).json();
    expect(whole.count).toBe(whole.items.length);
    const filtered = (
      await live.api.get(
        `/api/buyers/fetch-items?limit=100&queryFilter=${encodeURIComponent('{"never_paid":true}')}`,
      )
    ).json();
    expect(filtered.count).toBe(filtered.items.length);
    expect(filtered.count).toBeLessThan(whole.count);
  });

  it('a seller marked whole is built again from their orders', async () => {
    const live = await liveSeller(rt);
    const product = await simpleProduct(rt, refs, live.api, 3);
    await live.post([comment(product.keyword, viewer()), comment(product.keyword, viewer())]);
    await refreshShopperFigures(db());
    await db().execute(sql`UPDATE shopper_figures SET orders_count = 99 WHERE seller_id = ${live.seller.id}`);
    await db().insert(shopperFiguresStale).values({ seller_id: live.seller.id });
    expect(await drift(live.seller.id)).toEqual([]);
    const { items } = (await live.api.get('/api/buyers/fetch-items')).json();
    expect(items.map((i: { orders_count: number }) => i.orders_count)).toEqual([1, 1]);
  });
});
