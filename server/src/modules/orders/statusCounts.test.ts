import { ORDER_STATUSES, type TOrderStatus } from '@livecart/contract/constants';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, insertSocialIdentity } from '../../../test/fixtures.ts';
import { client, makeBuyer, makeSeller, startTestApp, type TestUser } from '../../../test/helpers.ts';
import { orderItems, orderStatusCounts, orders, users } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';
import { IS_COUNTED } from './figures.ts';
import { countsOf, foldStatusCounts, statusCountsOf } from './statusCounts.ts';

/*
 * The Orders tabs read their counts from counters kept by triggers (orders/tables.ts) and folded
 * by the sweeper: whatever happens to the orders, they must say what counting the orders says.
 */

let rt: Runtime;
const db = () => rt.deps.database.db;
let sellers: TestUser[];

beforeAll(async () => {
  rt = await startTestApp();
  sellers = [await makeSeller(rt), await makeSeller(rt), await makeSeller(rt)];
});
afterAll(() => rt.close());

/** What counting the orders themselves gives (empty open carts aside), for one seller or all. */
async function countedOrders(sellerId?: number) {
  const rows = await queryRows<{ status: TOrderStatus; count: number }>(
    db(),
    sql`SELECT o.status, count(*)::int AS count FROM orders o
        WHERE ${sellerId ? sql`o.seller_id = ${sellerId}` : sql`true`} AND ${IS_COUNTED} GROUP BY o.status`,
  );
  return countsOf(rows);
}

async function expectCountersRight() {
  for (const s of sellers) expect(await statusCountsOf(db(), s.id)).toEqual(await countedOrders(s.id));
  expect(await statusCountsOf(db())).toEqual(await countedOrders());
}

/** A small deterministic generator, so a failure replays. */
function random(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x % n;
  };
}

describe('orders #12: the status tabs count from counters that always match the orders', () => {
  it('every insert, status change, deletion and fold leaves the counters equal to a count of the orders', async () => {
    const pick = random(12);
    const ids: number[] = [];
    for (let step = 0; step < 160; step++) {
      const action = pick(10);
      if (action < 4 || ids.length < 3) {
        // a new order in any status: an open cart with or without articles, or a finished one
        const status = ORDER_STATUSES[pick(ORDER_STATUSES.length)];
        const order = await insertOrder(rt, {
          seller_id: sellers[pick(sellers.length)].id,
          status,
          total_cents: pick(3) === 0 ? 0 : 1000 + pick(9000),
        });
        ids.push(order.id);
      } else if (action < 8) {
        const id = ids[pick(ids.length)];
        const status = ORDER_STATUSES[pick(ORDER_STATUSES.length)];
        await db().update(orders).set({ status }).where(eq(orders.id, id));
      } else if (action < 9) {
        // several orders change at once (shipping, the sweeper), some to the status they had
        const some = ids.filter(() => pick(3) === 0);
        if (some.length) await db().update(orders).set({ status: 'shipped' }).where(inArray(orders.id, some));
      } else {
        const [id] = ids.splice(pick(ids.length), 1);
        await db().delete(orders).where(eq(orders.id, id));
      }
      if (step % 40 === 39) await foldStatusCounts(db());
      if (step % 20 === 19) await expectCountersRight();
    }
    await expectCountersRight();
  });

  it('an open cart counts once an article is in it, and never in the counters', async () => {
    const seller = sellers[0];
    const before = await statusCountsOf(db(), seller.id);
    const cart = await insertOrder(rt, { seller_id: seller.id, status: 'new' });
    expect((await statusCountsOf(db(), seller.id)).new).toBe(before.new);
    await db().insert(orderItems).values({
      order_id: cart.id,
      seller_id: seller.id,
      name: 'Robe',
      unit_price_cents: 0,
      quantity: 1,
    });
    expect((await statusCountsOf(db(), seller.id)).new).toBe(before.new + 1);
    const kept = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM order_status_counts WHERE status = 'new'`,
    );
    expect(kept[0].n).toBe(0);
  });

  it('folding leaves one row per seller and status, and two folds at once count nothing twice', async () => {
    const seller = sellers[1];
    for (let i = 0; i < 5; i++) await insertOrder(rt, { seller_id: seller.id, status: 'payed' });
    const before = await statusCountsOf(db(), seller.id);
    await Promise.all([foldStatusCounts(db()), foldStatusCounts(db())]);
    expect(await statusCountsOf(db(), seller.id)).toEqual(before);
    const rows = await db()
      .select()
      .from(orderStatusCounts)
      .where(eq(orderStatusCounts.seller_id, seller.id));
    expect(new Set(rows.map((r) => r.status)).size).toBe(rows.length);
    expect(await foldStatusCounts(db())).toBe(0);
    await expectCountersRight();
  });

  it('the Orders screen’s tabs show the counters: a payment moves an order from one tab to the other', async () => {
    const seller = await makeSeller(rt);
    const asSeller = await client(rt, seller);
    const tabs = async () =>
      ((await asSeller.get('/api/orders/fetch-items')).json() as { itemsStatuses: Record<string, number> })
        .itemsStatuses;
    const cart = await insertOrder(rt, { seller_id: seller.id, status: 'new', total_cents: 2500 });
    expect(await tabs()).toEqual({ all: 1, new: 1, payed: 0, shipped: 0, canceled: 0, expired: 0 });
    await db().update(orders).set({ status: 'payed' }).where(eq(orders.id, cart.id));
    expect(await tabs()).toEqual({ all: 1, new: 0, payed: 1, shipped: 0, canceled: 0, expired: 0 });
  });
});

describe('orders #12: the search finds an order by every name it carries', () => {
  let seller: TestUser;
  let asSeller: Awaited<ReturnType<typeof client>>;
  const numbers = async (query: string) =>
    (
      (await asSeller.get(`/api/orders/fetch-items?query=${encodeURIComponent(query)}`)).json() as {
        items: { order_number: string }[];
      }
    ).items.map((i) => i.order_number);

  beforeAll(async () => {
    seller = await makeSeller(rt);
    asSeller = await client(rt, seller);
  });
  /** A shopper account with this name. */
  const shopperNamed = async (first_name: string, last_name: string) => {
    const shopper = await makeBuyer(rt);
    await db().update(users).set({ first_name, last_name }).where(eq(users.id, shopper.id));
    return shopper;
  };

  it('finds a commenter without an account by their name, and a linked commenter by their account', async () => {
    const commenter = await insertSocialIdentity(rt, seller.id, 'Brigitte Ménard');
    const byCommenter = await insertOrder(rt, {
      seller_id: seller.id,
      social_identity_id: commenter.id,
      status: 'payed',
    });
    const shopper = await shopperNamed('Anaïs', 'Dufresne');
    const linked = await insertSocialIdentity(rt, seller.id, 'anais.d', shopper.id);
    // a linked commenter's orders carry their account (buyers.ts)
    const byLinked = await insertOrder(rt, {
      seller_id: seller.id,
      social_identity_id: linked.id,
      buyer_id: shopper.id,
      status: 'payed',
    });
    expect(await numbers('menard')).toEqual([byCommenter.order_number]);
    expect(await numbers('ANAIS DUF')).toEqual([byLinked.order_number]);
    expect(await numbers('anais.d')).toEqual([byLinked.order_number]);
  });

  it('lists and counts once an order found by its account, its commenter and its number at once', async () => {
    const shopper = await shopperNamed('Odile', 'Quesnel');
    const commenter = await insertSocialIdentity(rt, seller.id, 'Odile Quesnel', shopper.id);
    const both = await insertOrder(rt, {
      seller_id: seller.id,
      social_identity_id: commenter.id,
      buyer_id: shopper.id,
      status: 'payed',
    });
    const res = await asSeller.get('/api/orders/fetch-items?query=quesnel');
    const body = res.json() as { count: number; items: unknown[]; itemsStatuses: Record<string, number> };
    expect(body.count).toBe(1);
    expect(body.items).toHaveLength(1);
    expect(body.itemsStatuses).toMatchObject({ all: 1, payed: 1 });
    const part = both.order_number.slice(1, 7).toLowerCase();
    expect(await numbers(part)).toEqual([both.order_number]);
  });

  it('pages the matches found through accounts and through commenters as one list, both ways', async () => {
    const shopper = await shopperNamed('Quentin', 'Marchal');
    const commenter = await insertSocialIdentity(rt, seller.id, 'Quentin Marchal');
    const made: string[] = [];
    for (let i = 0; i < 13; i++) {
      const order = await insertOrder(rt, {
        seller_id: seller.id,
        // every other order found through the account, the others through the commenter
        ...(i % 2 ? { buyer_id: shopper.id } : { social_identity_id: commenter.id }),
        status: i % 3 ? 'payed' : 'shipped',
        created_at: new Date(Date.UTC(2026, 0, 1 + i, 12)),
      });
      made.push(order.order_number);
    }
    const page = async (params: string) =>
      (await asSeller.get(`/api/orders/fetch-items?query=marchal&limit=10&${params}`)).json() as {
        count: number;
        items: { order_number: string }[];
      };
    const newest = [...made].reverse();
    const first = await page('offset=0');
    expect(first.count).toBe(13);
    expect(first.items.map((i) => i.order_number)).toEqual(newest.slice(0, 10));
    expect((await page('offset=10')).items.map((i) => i.order_number)).toEqual(newest.slice(10));
    expect((await page('offset=0&sort=ASC')).items.map((i) => i.order_number)).toEqual(made.slice(0, 10));
    const shipped = made.filter((_, i) => i % 3 === 0);
    const tab = await page(
      `offset=0&queryFilter=${encodeURIComponent(JSON.stringify({ status: 'shipped' }))}`,
    );
    expect(tab.count).toBe(shipped.length);
    expect(tab.items.map((i) => i.order_number)).toEqual([...shipped].reverse());
  });

  it('finds an order paid without an account by its ship-to name, and nothing of another seller', async () => {
    const guest = await insertOrder(rt, { seller_id: seller.id, status: 'payed' });
    await db()
      .update(orders)
      .set({ ship_first_name: 'Gaëlle', ship_last_name: 'Hervé' })
      .where(eq(orders.id, guest.id));
    const other = await insertOrder(rt, { seller_id: sellers[0].id, status: 'payed' });
    await db()
      .update(orders)
      .set({ ship_first_name: 'Gaëlle', ship_last_name: 'Hervé' })
      .where(eq(orders.id, other.id));
    expect(await numbers('gaelle herve')).toEqual([guest.order_number]);
    // a LIKE wildcard typed in the search is a character, not "anything"
    expect(await numbers('%')).toEqual([]);
  });
});
