import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, insertSocialIdentity } from '../../../test/fixtures.ts';
import { client, makeBuyer, makeSeller, startTestApp, type TestUser } from '../../../test/helpers.ts';
import { invoices, orderItems, orders, users } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
type Api = Awaited<ReturnType<typeof client>>;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

const list = async (api: Api, params: Record<string, unknown> = {}) => {
  const qs = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
  const res = await api.get(`/api/orders/fetch-items?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    count: number;
    items: {
      order_number: string;
      status: string;
      merchant: string;
      store_name: string;
      total_amount: number;
      can_pay: boolean;
      invoice_number: string | null;
      items: { name: string; quantity: number; price: number }[];
    }[];
    itemsStatuses: Record<string, number>;
  };
};

async function addLine(orderId: number, sellerId: number, name: string, priceCents: number, quantity = 1) {
  await rt.deps.database.db
    .insert(orderItems)
    .values({ order_id: orderId, seller_id: sellerId, name, unit_price_cents: priceCents, quantity });
}

describe('GET orders/fetch-items (shopper)', () => {
  let shopper: TestUser;
  let other: TestUser;
  let asShopper: Api;
  let asOther: Api;
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    const sellerA = await makeSeller(rt);
    const sellerB = await makeSeller(rt);
    const db = rt.deps.database.db;
    await db.update(users).set({ company_name: 'Boutique A' }).where(eq(users.id, sellerA.id));
    await db.update(users).set({ company_name: 'Maison B' }).where(eq(users.id, sellerB.id));
    shopper = await makeBuyer(rt);
    other = await makeBuyer(rt);
    const linked = await insertSocialIdentity(rt, sellerB.id, 'Shopper on Facebook', shopper.id);
    const day = (d: number) => new Date(Date.UTC(2025, 4, d, 10));

    const paid = await insertOrder(rt, {
      seller_id: sellerA.id,
      buyer_id: shopper.id,
      status: 'payed',
      total_cents: 4490,
      shipping_cents: 500,
      created_at: day(1),
    });
    await addLine(paid.id, sellerA.id, 'Robe fleurie', 3990);
    await db.insert(invoices).values({
      order_id: paid.id,
      seller_id: sellerA.id,
      seq: 1,
      number: 'F-2025-000001',
      total_cents: 4490,
    });
    numbers.paid = paid.order_number;

    // an open cart of seller B, still on its countdown, reached through the linked social identity
    const open = await insertOrder(rt, {
      seller_id: sellerB.id,
      social_identity_id: linked.id,
      status: 'new',
      total_cents: 2500,
      created_at: day(3),
    });
    await db
      .update(orders)
      .set({ expires_at: new Date(Date.now() + 3600_000) })
      .where(eq(orders.id, open.id));
    await addLine(open.id, sellerB.id, 'Foulard en soie', 1250, 2);
    numbers.open = open.order_number;

    // a cart whose countdown ran out but the sweeper has not closed yet: not payable
    const late = await insertOrder(rt, {
      seller_id: sellerB.id,
      buyer_id: shopper.id,
      status: 'new',
      total_cents: 1000,
      created_at: day(4),
    });
    await db
      .update(orders)
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, late.id));
    await addLine(late.id, sellerB.id, 'Bague', 1000);
    numbers.late = late.order_number;

    const refunded = await insertOrder(rt, {
      seller_id: sellerA.id,
      buyer_id: shopper.id,
      status: 'canceled',
      total_cents: 1500,
      paid_at: day(2),
      created_at: day(2),
    });
    await addLine(refunded.id, sellerA.id, 'Ceinture', 1500);
    numbers.refunded = refunded.order_number;

    // an empty cart (the shopper only waits for an article): no order
    await insertOrder(rt, { seller_id: sellerA.id, buyer_id: shopper.id, status: 'new', created_at: day(5) });

    const theirs = await insertOrder(rt, {
      seller_id: sellerA.id,
      buyer_id: other.id,
      status: 'payed',
      total_cents: 9900,
      created_at: day(1),
    });
    await addLine(theirs.id, sellerA.id, 'Manteau', 9900);
    numbers.theirs = theirs.order_number;

    asShopper = await client(rt, shopper);
    asOther = await client(rt, other);
  });

  it('lists only the shopper’s own orders across merchants, newest first, with lines and merchant', async () => {
    const page = await list(asShopper);
    expect(page.count).toBe(4);
    expect(page.items.map((o) => o.order_number)).toEqual([
      numbers.late,
      numbers.open,
      numbers.refunded,
      numbers.paid,
    ]);
    expect(page.items.map((o) => o.order_number)).not.toContain(numbers.theirs);
    const open = page.items.find((o) => o.order_number === numbers.open);
    expect(open).toMatchObject({
      merchant: 'Maison B',
      store_name: 'Maison B',
      status: 'new',
      total_amount: 25,
      can_pay: true,
      invoice_number: null,
      items: [expect.objectContaining({ name: 'Foulard en soie', quantity: 2, price: 12.5 })],
    });
    const paid = page.items.find((o) => o.order_number === numbers.paid);
    expect(paid).toMatchObject({
      merchant: 'Boutique A',
      status: 'payed',
      total_amount: 44.9,
      can_pay: false,
      invoice_number: 'F-2025-000001',
    });
  });

  it('does not offer to pay a cart past its countdown, nor a refunded one', async () => {
    const page = await list(asShopper);
    expect(page.items.find((o) => o.order_number === numbers.late)?.can_pay).toBe(false);
    expect(page.items.find((o) => o.order_number === numbers.refunded)?.can_pay).toBe(false);
  });

  it('counts the orders per status whatever the filter, and filters by status and day', async () => {
    const page = await list(asShopper, { queryFilter: { status: 'payed' } });
    expect(page.items.map((o) => o.order_number)).toEqual([numbers.paid]);
    expect(page.itemsStatuses).toEqual({ new: 2, payed: 1, shipped: 0, canceled: 1, expired: 0, waiting: 0 });
    const days = await list(asShopper, {
      queryFilter: { created_at: { from: '2025-05-02', to: '2025-05-03' } },
    });
    expect(days.items.map((o) => o.order_number)).toEqual([numbers.open, numbers.refunded]);
  });

  it('sorts by amount and searches the merchant’s name', async () => {
    const sorted = await list(asShopper, { column: 'order_amount', sort: 'ASC' });
    expect(sorted.items.map((o) => o.total_amount)).toEqual([10, 15, 25, 44.9]);
    const found = await list(asShopper, { query: 'maison' });
    expect(found.items.map((o) => o.order_number).sort()).toEqual([numbers.open, numbers.late].sort());
  });

  it('shows another shopper only their own order', async () => {
    const page = await list(asOther);
    expect(page.items.map((o) => o.order_number)).toEqual([numbers.theirs]);
    expect(page.itemsStatuses.payed).toBe(1);
  });

  it('answers a seller with their own Orders list, not a shopper’s, and refuses visitors', async () => {
    const seller = await client(rt, await makeSeller(rt));
    const res = await seller.get('/api/orders/fetch-items');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 0, items: [], itemsStatuses: { all: 0 } });
    expect((await rt.app.inject({ url: '/api/orders/fetch-items' })).statusCode).toBe(401);
  });

  it('rejects an unknown status filter', async () => {
    const res = await asShopper.get(
      `/api/orders/fetch-items?queryFilter=${encodeURIComponent(JSON.stringify({ status: 'lost' }))}`,
    );
    expect(res.statusCode).toBe(400);
  });
});
