import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, insertSocialIdentity } from '../../../test/fixtures.ts';
import {
  client,
  makeAdmin,
  makeBuyer,
  makeSeller,
  startTestApp,
  type TestUser,
} from '../../../test/helpers.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
type Api = Awaited<ReturnType<typeof client>>;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

const dashboard = async (api: Api, params: Record<string, unknown> = {}) => {
  const qs = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
  const res = await api.get(`/api/dashboard/fetch-items?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('dashboard', () => {
  let sellerA: TestUser;
  let sellerB: TestUser;
  let shopper: TestUser;
  let other: TestUser;
  let asA: Api;
  let asB: Api;

  beforeAll(async () => {
    sellerA = await makeSeller(rt);
    sellerB = await makeSeller(rt);
    shopper = await makeBuyer(rt);
    other = await makeBuyer(rt);
    const commenter = await insertSocialIdentity(rt, sellerA.id, 'Commenter');
    const march = (day: number) => new Date(Date.UTC(2025, 2, day, 10));
    // Seller A: 2 paid/shipped by the shopper, a refund, an open cart of a commenter, an expired cart.
    await insertOrder(rt, {
      seller_id: sellerA.id,
      buyer_id: shopper.id,
      status: 'payed',
      total_cents: 4500,
      shipping_cents: 500,
      created_at: march(1),
    });
    await insertOrder(rt, {
      seller_id: sellerA.id,
      buyer_id: shopper.id,
      status: 'shipped',
      total_cents: 2000,
      shipping_cents: 400,
      created_at: march(2),
    });
    await insertOrder(rt, {
      seller_id: sellerA.id,
      buyer_id: other.id,
      status: 'canceled',
      total_cents: 1500,
      paid_at: march(3),
      created_at: march(3),
    });
    await insertOrder(rt, {
      seller_id: sellerA.id,
      social_identity_id: commenter.id,
      status: 'new',
      total_cents: 999,
      created_at: march(4),
    });
    await insertOrder(rt, {
      seller_id: sellerA.id,
      buyer_id: other.id,
      status: 'canceled',
      total_cents: 700,
      paid_at: null,
      created_at: march(5),
    });
    // Seller B: one big paid order of the other shopper.
    await insertOrder(rt, {
      seller_id: sellerB.id,
      buyer_id: other.id,
      status: 'payed',
      total_cents: 100000,
      shipping_cents: 1000,
      created_at: march(6),
    });
    asA = await client(rt, sellerA);
    asB = await client(rt, sellerB);
  });

  it("a seller sees their own totals, latest orders and top shoppers, never another seller's", async () => {
    const a = await dashboard(asA);
    expect(a.totals).toEqual({
      total_amount: 65,
      total_refund: 15,
      total_buyers: 3,
      total_pending: 1,
      total_shipping: 9,
    });
    expect(a.orders.count).toBe(5);
    expect(a.orders.items).toHaveLength(5);
    expect(a.orders.items[0]).toEqual({
      id: expect.any(Number),
      order_number: expect.any(String),
      status: 'canceled',
      total_amount: 7,
      created_at: '2025-03-05T10:00:00.000Z',
      buyer_name: 'Test User',
      seller_name: 'Test User',
    });
    expect(a.orders.items[1]).toMatchObject({ status: 'new', buyer_name: 'Commenter' });
    expect(a.buyers.count).toBe(3);
    expect(a.buyers.items[0]).toEqual({
      id: shopper.id,
      key: `u${shopper.id}`,
      name: 'Test User',
      orders_count: 2,
      total_spent: 65,
    });
    expect(a.buyers.items.map((b: { id: number | null }) => b.id)).toEqual([shopper.id, other.id, null]);

    const b = await dashboard(asB);
    expect(b.totals).toEqual({
      total_amount: 1000,
      total_refund: 0,
      total_buyers: 1,
      total_pending: 0,
      total_shipping: 10,
    });
    expect(b.orders.count).toBe(1);
    expect(b.buyers.items).toEqual([
      { id: other.id, key: `u${other.id}`, name: 'Test User', orders_count: 1, total_spent: 1000 },
    ]);
    // A seller cannot widen their scope with seller_id.
    expect((await dashboard(asB, { queryFilter: { seller_id: sellerA.id } })).totals.total_amount).toBe(1000);
  });

  it('pages both lists with limit and offset, 5 by default', async () => {
    const page = await dashboard(asA, { limit: 10, offset: 4 });
    expect(page.orders).toMatchObject({ count: 5 });
    expect(page.orders.items).toHaveLength(1);
    expect(page.orders.items[0].created_at).toBe('2025-03-01T10:00:00.000Z');
    expect(page.buyers.items).toEqual([]);
    const api = await client(rt, await makeSeller(rt));
    expect((await api.get('/api/dashboard/fetch-items?limit=7')).statusCode).toBe(400);
  });

  it('limits the figures to the chosen days', async () => {
    const early = await dashboard(asA, { queryFilter: { from: '2025-03-01', to: '2025-03-02' } });
    expect(early.totals).toMatchObject({
      total_amount: 65,
      total_refund: 0,
      total_pending: 0,
      total_buyers: 1,
    });
    expect(early.orders.count).toBe(2);
    const later = await dashboard(asA, { queryFilter: { from: '2025-03-03' } });
    expect(later.totals).toMatchObject({ total_amount: 0, total_refund: 15, total_pending: 1 });
  });

  it('the admin sees every seller, or one with seller_id', async () => {
    const admin = await client(rt, await makeAdmin(rt));
    const all = await dashboard(admin);
    expect(all.totals.total_amount).toBeGreaterThanOrEqual(1065);
    const onlyB = await dashboard(admin, { queryFilter: { seller_id: sellerB.id } });
    expect(onlyB.totals).toEqual({
      total_amount: 1000,
      total_refund: 0,
      total_buyers: 1,
      total_pending: 0,
      total_shipping: 10,
    });
    expect(onlyB.orders.items[0].seller_name).toBe('Test User');
  });

  it('a shopper sees their own orders across sellers and what they spent', async () => {
    const mine = await dashboard(await client(rt, other));
    expect(mine.totals).toEqual({ orders: 3, total_spent: 1000 });
    expect(mine.orders.count).toBe(3);
    expect(mine).not.toHaveProperty('buyers');
    const fresh = await dashboard(await client(rt, await makeBuyer(rt)));
    expect(fresh).toEqual({ totals: { orders: 0, total_spent: 0 }, orders: { count: 0, items: [] } });
  });

  it('a shopper also sees the orders of the social identity they linked', async () => {
    const buyer = await makeBuyer(rt);
    const identity = await insertSocialIdentity(rt, sellerB.id, 'Me on Facebook', buyer.id);
    await insertOrder(rt, {
      seller_id: sellerB.id,
      social_identity_id: identity.id,
      status: 'payed',
      total_cents: 1234,
    });
    const mine = await dashboard(await client(rt, buyer));
    expect(mine.totals).toEqual({ orders: 1, total_spent: 12.34 });
    expect(mine.orders.items[0].buyer_name).toBe('Test User');
  });

  it("a seller's whole history shows the same totals and shoppers as the orders computed again, after changes", async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const db = rt.deps.database.db;
    const alice = await makeBuyer(rt);
    const bob = await makeBuyer(rt);
    const fan = await insertSocialIdentity(rt, seller.id, 'Fan');
    const linked = await insertSocialIdentity(rt, seller.id, 'Later Linked');
    const mine = await insertOrder(rt, {
      seller_id: seller.id,
      buyer_id: alice.id,
      status: 'payed',
      total_cents: 3000,
    });
    await insertOrder(rt, { seller_id: seller.id, buyer_id: bob.id, status: 'payed', total_cents: 3000 });
    await insertOrder(rt, { seller_id: seller.id, buyer_id: bob.id, status: 'expired', total_cents: 800 });
    await insertOrder(rt, {
      seller_id: seller.id,
      social_identity_id: fan.id,
      status: 'shipped',
      total_cents: 900,
    });
    const cart = await insertOrder(rt, {
      seller_id: seller.id,
      social_identity_id: linked.id,
      status: 'new',
      total_cents: 500,
    });
    // an empty open cart (no shopper, no order) and an order without any shopper
    await insertOrder(rt, { seller_id: seller.id, social_identity_id: fan.id, status: 'new' });
    await insertOrder(rt, { seller_id: seller.id, status: 'payed', total_cents: 100, shipping_cents: 10 });
    await db.execute(
      sql`UPDATE orders SET ship_first_name = 'Zoé', ship_last_name = 'Adresse' WHERE id = ${mine.id}`,
    );
    const everything = { from: '2000-01-01', to: '2100-12-31' };
    const same = async (params: Record<string, unknown> = {}) => {
      const figures = await dashboard(api, params);
      const computed = await dashboard(api, { ...params, queryFilter: everything });
      expect(figures).toEqual(computed);
      return figures;
    };
    const first = await same();
    expect(first.totals).toMatchObject({ total_amount: 70, total_buyers: 4, total_pending: 1 });
    // the same spent: the one with more orders first
    expect(first.buyers.items.map((b: { key: string }) => b.key)).toEqual([
      `u${bob.id}`,
      `u${alice.id}`,
      `s${fan.id}`,
      `s${linked.id}`,
    ]);
    await same({ limit: 10, offset: 2 });
    await same({ offset: 5 });
    // the cart paid, a commenter linking an account, a refund: the figures follow at once
    await db.execute(sql`UPDATE orders SET status = 'payed', paid_at = now() WHERE id = ${cart.id}`);
    await db.execute(sql`UPDATE social_identities SET user_id = ${alice.id} WHERE id = ${linked.id}`);
    await db.execute(sql`UPDATE orders SET status = 'canceled' WHERE id = ${mine.id}`);
    const after = await same();
    expect(after.totals).toMatchObject({ total_buyers: 3, total_refund: 30, total_pending: 0 });
    expect(after.buyers.items[0]).toMatchObject({ key: `u${bob.id}`, total_spent: 30 });
    // amounts changed on orders that count, a refund that was never paid, an order moved to
    // another seller, one deleted: the totals follow
    const elsewhere = await makeSeller(rt);
    await db.execute(
      sql`UPDATE orders SET total_amount_cents = 1200, shipping_cents = 50 WHERE seller_id = ${seller.id} AND status = 'shipped'`,
    );
    await db.execute(sql`UPDATE orders SET paid_at = NULL WHERE id = ${mine.id}`);
    await db.execute(
      sql`UPDATE orders SET seller_id = ${elsewhere.id} WHERE seller_id = ${seller.id} AND status = 'expired'`,
    );
    await db.execute(sql`DELETE FROM orders WHERE id = ${cart.id}`);
    const moved = await same();
    expect(moved.totals).toMatchObject({ total_amount: 43, total_refund: 0, total_shipping: 0.6 });
    expect(moved.orders.count).toBe(4);
    const admin = await client(rt, await makeAdmin(rt));
    expect(await dashboard(admin, { queryFilter: { seller_id: seller.id } })).toEqual(
      await dashboard(admin, { queryFilter: { seller_id: seller.id, ...everything } }),
    );
    // admin's platform: an account that ordered from several sellers is one shopper, its figures summed
    for (const page of [{}, { limit: 10, offset: 3 }, { offset: 500 }]) {
      expect(await dashboard(admin, page)).toEqual(
        await dashboard(admin, { ...page, queryFilter: everything }),
      );
    }
  });

  it('a shopper whose account has no name is named by their orders, over chosen days as over the whole history', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const db = rt.deps.database.db;
    const nameless = await makeBuyer(rt);
    await db.execute(sql`UPDATE users SET first_name = NULL, last_name = ' ' WHERE id = ${nameless.id}`);
    const named = await makeBuyer(rt);
    await db.execute(sql`UPDATE users SET first_name = 'Ana', last_name = 'Compte' WHERE id = ${named.id}`);
    for (const [buyer, ship] of [
      [nameless.id, 'Léa'],
      [nameless.id, 'Zélie'],
      [named.id, 'Autre'],
    ] as const) {
      const order = await insertOrder(rt, {
        seller_id: seller.id,
        buyer_id: buyer,
        status: 'payed',
        total_cents: 700,
      });
      await db.execute(
        sql`UPDATE orders SET ship_first_name = ${ship}, ship_last_name = 'Livrée' WHERE id = ${order.id}`,
      );
    }
    const whole = await dashboard(api);
    const days = await dashboard(api, { queryFilter: { from: '2000-01-01', to: '2100-12-31' } });
    expect(days.buyers).toEqual(whole.buyers);
    expect(days.buyers.items.map((b: { name: string }) => b.name)).toEqual(['Zélie Livrée', 'Ana Compte']);
  });

  it('a seller without a valid plan is refused', async () => {
    const expired = await client(rt, await makeSeller(rt, { subscription: 'expired' }));
    const res = await expired.get('/api/dashboard/fetch-items');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('plan_required');
  });
});
