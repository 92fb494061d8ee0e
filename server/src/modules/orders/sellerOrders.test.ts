import { BUYER_CHOICES, LIVE_SESSION_CHOICES } from '@livecart/contract/orders';
import { trackingUrl } from '@livecart/contract/tracking';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, insertSession, insertSocialIdentity } from '../../../test/fixtures.ts';
import {
  client,
  makeAdmin,
  makeBuyer,
  makeSeller,
  startTestApp,
  type TestUser,
} from '../../../test/helpers.ts';
import { countryId, makeOrder, makeShippingMethod } from '../../../test/payment-fixtures.ts';
import { configuredBody, createProduct, loadRefs } from '../../../test/product-fixtures.ts';
import {
  invoices,
  orderItems,
  orderStatusHistory,
  orders,
  paymentRefunds,
  payments,
  users,
} from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
type Api = Awaited<ReturnType<typeof client>>;
const db = () => rt.deps.database.db;
const page = (locale: 'fr' | 'en') => ({ 'x-page-locale': locale });

interface Item {
  id: number;
  order_number: string;
  status: string;
  seller_id: number;
  seller_name: string | null;
  buyer: string | null;
  buyer_email: string | null;
  country_iso: string | null;
  shipping_name: string | null;
  payment_name: string | null;
  order_amount: number;
  refunded_amount: number;
  refundable_amount: number;
  tracking_url: string | null;
  invoice_number: string | null;
  invoice_url: string | null;
  items: { name: string; color_label: string | null; sku: string | null; quantity: number; total: number }[];
  history: { status: string; by: string | null }[];
}
interface List {
  count: number;
  items: Item[];
  itemsStatuses: Record<string, number>;
}

const qs = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  ).toString();

async function list(api: Api, params: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const res = await api.get(`/api/orders/fetch-items?${qs(params)}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as List;
}
const numbersOf = (l: List) => l.items.map((o) => o.order_number);

let sellerA: TestUser;
let sellerB: TestUser;
let asA: Api;
let asB: Api;
let asAdmin: Api;
let asBuyer: Api;
let shopper: TestUser;
const o: Record<
  'paid' | 'shipped' | 'open' | 'refunded' | 'expired' | 'ofB' | 'emptyCart',
  typeof orders.$inferSelect
> = {} as never;
let sessionId: number;
let colissimoId: number;

const day = (d: number, h = 10) => new Date(Date.UTC(2025, 4, d, h));

beforeAll(async () => {
  rt = await startTestApp();
  sellerA = await makeSeller(rt);
  sellerB = await makeSeller(rt);
  shopper = await makeBuyer(rt);
  await db().update(users).set({ company_name: 'Atelier Agathe' }).where(eq(users.id, sellerA.id));
  await db().update(users).set({ company_name: 'Maison Bérénice' }).where(eq(users.id, sellerB.id));
  await db().update(users).set({ first_name: 'Zoé', last_name: 'Lefèvre' }).where(eq(users.id, shopper.id));
  [asA, asB, asAdmin, asBuyer] = await Promise.all([
    client(rt, sellerA),
    client(rt, sellerB),
    client(rt, await makeAdmin(rt)),
    client(rt, shopper),
  ]);
  colissimoId = (await makeShippingMethod(rt, sellerA.id)).id;
  sessionId = (await insertSession(rt, sellerA.id)).id;

  o.paid = await makeOrder(rt, {
    sellerId: sellerA.id,
    buyerId: shopper.id,
    status: 'payed',
    provider: 'mollie',
    shippingMethodId: colissimoId,
    createdAt: day(1),
  });
  o.shipped = await makeOrder(rt, {
    sellerId: sellerA.id,
    status: 'shipped',
    provider: 'stripe',
    shippingName: 'Mondial Relay',
    country: 'BE',
    lines: [{ name: 'Sac cabas', priceCents: 2500, quantity: 1 }],
    createdAt: day(2),
  });
  o.open = await makeOrder(rt, {
    sellerId: sellerA.id,
    status: 'new',
    lines: [
      { name: '=HYPERLINK("http://evil")', priceCents: 1000, quantity: 1 },
      { name: 'Bague "Lune"; argent', priceCents: 1999, quantity: 3 },
    ],
    createdAt: day(3),
  });
  o.refunded = await makeOrder(rt, {
    sellerId: sellerA.id,
    status: 'payed',
    provider: 'sandbox',
    lines: [{ name: 'Ceinture', priceCents: 4000, quantity: 1 }],
    shippingCents: 0,
    createdAt: day(4),
  });
  o.expired = await makeOrder(rt, {
    sellerId: sellerA.id,
    status: 'expired',
    lines: [{ name: 'Chapeau', priceCents: 1500, quantity: 1 }],
    createdAt: day(5),
  });
  o.ofB = await makeOrder(rt, { sellerId: sellerB.id, status: 'payed', createdAt: day(2) });
  // a waiting viewer's empty cart is no order
  o.emptyCart = await insertOrder(rt, { seller_id: sellerA.id, created_at: day(6) });

  await db().update(orders).set({ session_id: sessionId }).where(eq(orders.id, o.open.id));
  await db()
    .update(orders)
    .set({ carrier: 'Colissimo', tracking_number: '6A12345678901', shipped_at: day(3) })
    .where(eq(orders.id, o.shipped.id));
  await db().insert(invoices).values({
    order_id: o.paid.id,
    seller_id: sellerA.id,
    seq: 1,
    number: 'F-2025-000101',
    total_cents: o.paid.total_amount_cents,
  });
  await db()
    .insert(orderStatusHistory)
    .values([
      { order_id: o.paid.id, seller_id: sellerA.id, status: 'new', created_at: day(1) },
      {
        order_id: o.paid.id,
        seller_id: sellerA.id,
        status: 'payed',
        user_id: shopper.id,
        created_at: day(1, 11),
      },
    ]);
  // the refund: the order canceled, its payment refunded in full
  await db()
    .update(orders)
    .set({ status: 'canceled', canceled_at: day(4, 12) })
    .where(eq(orders.id, o.refunded.id));
  const [payment] = await db().select().from(payments).where(eq(payments.order_id, o.refunded.id));
  await db()
    .update(payments)
    .set({ status: 'refunded', refunded_at: day(4, 12) })
    .where(eq(payments.id, payment.id));
  await db()
    .insert(paymentRefunds)
    .values({
      payment_id: payment.id,
      order_id: o.refunded.id,
      seller_id: sellerA.id,
      amount_cents: 4000,
      status: 'refunded',
      external_id: 're_sbx_1',
      idempotency_key: `refund:${o.refunded.id}:${payment.id}`,
      created_by: sellerA.id,
    });
});
afterAll(() => rt.close());

describe('orders #12: each merchant sees their own orders, admin sees every seller’s', () => {
  it('a seller’s list holds their orders only, with counts per status tab, and no empty cart', async () => {
    const l = await list(asA);
    expect(l.count).toBe(5);
    expect(numbersOf(l)).toEqual(
      [o.expired, o.refunded, o.open, o.shipped, o.paid].map((x) => x.order_number), // newest first
    );
    expect(l.itemsStatuses).toEqual({ all: 5, new: 1, payed: 1, shipped: 1, canceled: 1, expired: 1 });
    expect(l.items.every((i) => i.seller_id === sellerA.id)).toBe(true);
  });

  it('a seller naming another seller in the filter still reads only their own orders', async () => {
    const l = await list(asA, { queryFilter: { seller_id: sellerB.id } });
    expect(l.count).toBe(5);
    expect(numbersOf(l)).not.toContain(o.ofB.order_number);
    expect(numbersOf(await list(asB))).toEqual([o.ofB.order_number]);
  });

  it('admin reads every seller’s orders with the seller’s name, and narrows to one seller', async () => {
    const all = await list(asAdmin, { limit: 100 });
    expect(numbersOf(all)).toEqual(expect.arrayContaining([o.paid.order_number, o.ofB.order_number]));
    const ofB = await list(asAdmin, { queryFilter: { seller_id: sellerB.id } });
    expect(ofB.count).toBe(1);
    expect(ofB.items[0]).toMatchObject({ order_number: o.ofB.order_number, seller_name: 'Maison Bérénice' });
  });

  it('a shopper still reads their own orders across merchants as before', async () => {
    const res = await asBuyer.get('/api/orders/fetch-items');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { order_number: string }) => i.order_number)).toEqual([o.paid.order_number]);
    expect(body.items[0]).toMatchObject({ merchant: 'Atelier Agathe', invoice_number: 'F-2025-000101' });
    expect(body.itemsStatuses).toHaveProperty('waiting');
  });
});

describe('orders #12: a list row tells the merchant what was sold, to whom, and what happened', () => {
  it('a row carries the shopper, country, shipping, payment, lines, history and invoice link', async () => {
    const l = await list(asA, { queryFilter: { status: 'payed' } });
    expect(l.items).toHaveLength(1);
    const row = l.items[0];
    expect(row).toMatchObject({
      order_number: o.paid.order_number,
      buyer: 'Zoé Lefèvre',
      buyer_email: shopper.email,
      country_iso: 'FR',
      shipping_name: 'Colissimo',
      payment_name: 'mollie:card',
      order_amount: 99.2,
      invoice_number: 'F-2025-000101',
      invoice_url: `/api/invoices/${o.paid.order_number}.pdf`,
    });
    expect(row.items).toEqual([
      expect.objectContaining({ name: 'Robe à fleurs', color_label: 'Bleu ciel', quantity: 2, total: 79.8 }),
      expect.objectContaining({ name: 'Écharpe', quantity: 1, total: 12.5 }),
    ]);
    expect(row.history).toEqual([
      expect.objectContaining({ status: 'new', by: null }),
      expect.objectContaining({ status: 'payed', by: 'Zoé Lefèvre' }),
    ]);
  });

  it('a shipped order links to the carrier’s tracking page and a refunded one shows the refund', async () => {
    const l = await list(asA, { limit: 100 });
    const shipped = l.items.find((i) => i.id === o.shipped.id);
    expect(shipped?.tracking_url).toBe('https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901');
    expect(l.items.find((i) => i.id === o.refunded.id)?.refunded_amount).toBe(40);
    expect(l.items.find((i) => i.id === o.expired.id)?.tracking_url).toBeNull();
    // what a refund would pay back now: the payments still paid (none once refunded, none unpaid)
    const refundable = (id: number) => l.items.find((i) => i.id === id)?.refundable_amount;
    expect(refundable(o.refunded.id)).toBe(0);
    expect(refundable(o.open.id)).toBe(0);
    expect(refundable(o.shipped.id)).toBeGreaterThan(0);
  });

  it('colour names are in the reader’s language, whatever the shop’s language was', async () => {
    const refs = await loadRefs(rt);
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const product = await createProduct(
      api,
      configuredBody(refs.colorIds.slice(0, 1), refs.sizeIds.slice(0, 1)),
    );
    const rows = await queryRows<{ id: number; name_fr: string; name_en: string }>(
      db(),
      sql`SELECT pc.id, co.name_fr, co.name_en FROM product_configurations pc JOIN colors co ON co.id = pc.color_id
          WHERE pc.product_id = ${product.id} LIMIT 1`,
    );
    const order = await makeOrder(rt, { sellerId: seller.id, status: 'payed' });
    await db()
      .update(orderItems)
      .set({ configuration_id: rows[0].id, color_label: rows[0].name_fr })
      .where(eq(orderItems.order_id, order.id));
    expect((await list(api, {}, page('en'))).items[0].items[0].color_label).toBe(rows[0].name_en);
    expect((await list(api, {}, page('fr'))).items[0].items[0].color_label).toBe(rows[0].name_fr);
  });
});

describe('orders #12: the merchant narrows, searches and sorts the Orders list', () => {
  it('a status tab lists its orders while every tab keeps its count', async () => {
    const l = await list(asA, { queryFilter: { status: 'shipped' } });
    expect(l.count).toBe(1);
    expect(numbersOf(l)).toEqual([o.shipped.order_number]);
    expect(l.itemsStatuses).toEqual({ all: 5, new: 1, payed: 1, shipped: 1, canceled: 1, expired: 1 });
  });

  it('the other filters narrow the counts of the tabs too', async () => {
    const l = await list(asA, { queryFilter: { country_id: await countryId(rt, 'BE'), status: 'payed' } });
    expect(l.count).toBe(0);
    expect(l.itemsStatuses).toMatchObject({ all: 1, shipped: 1, payed: 0 });
  });

  it.each([
    [
      'created_at',
      () => ({ created_at: { from: '2025-05-02', to: '2025-05-03' } }),
      () => ['shipped', 'open'],
    ],
    ['order_amount', () => ({ order_amount: { min: 40, max: 80 } }), () => ['open', 'refunded']],
    ['shipping_id', () => ({ shipping_id: colissimoId }), () => ['paid']],
    ['payment', () => ({ payment: 'stripe:card' }), () => ['shipped']],
    ['live_session_id', () => ({ live_session_id: sessionId }), () => ['open']],
    ['buyer_id', () => ({ buyer_id: shopper.id }), () => ['paid']],
  ] as const)('the %s filter keeps the matching orders only', async (_name, filter, expected) => {
    const l = await list(asA, { queryFilter: filter() });
    expect(new Set(numbersOf(l))).toEqual(
      new Set(expected().map((k) => o[k as keyof typeof o].order_number)),
    );
  });

  it('the country filter keeps orders delivered there', async () => {
    const l = await list(asA, { queryFilter: { country_id: await countryId(rt, 'BE') } });
    expect(numbersOf(l)).toEqual([o.shipped.order_number]);
  });

  it('the search finds an order by part of its number in any case, and by the shopper’s name or e-mail', async () => {
    const part = o.refunded.order_number.slice(3, 9).toLowerCase();
    expect(numbersOf(await list(asA, { query: part }))).toEqual([o.refunded.order_number]);
    expect(numbersOf(await list(asA, { query: 'zoe lef' }))).toEqual([o.paid.order_number]);
    expect(numbersOf(await list(asA, { query: shopper.email.toUpperCase() }))).toEqual([o.paid.order_number]);
    // another seller's order is not found by its number
    expect((await list(asA, { query: o.ofB.order_number })).count).toBe(0);
  });

  it('the list sorts by amount both ways and by every SPEC column', async () => {
    const asc = await list(asA, { column: 'order_amount', sort: 'asc' });
    const amounts = asc.items.map((i) => i.order_amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const desc = await list(asA, { column: 'order_amount', sort: 'DESC' });
    expect(desc.items.map((i) => i.order_amount)).toEqual([...amounts].reverse());
    for (const column of [
      'order_number',
      'status',
      'buyer_first_name',
      'country_iso',
      'shipping_name',
      'payment_name',
    ]) {
      const l = await list(asA, { column, sort: 'ASC' });
      expect(l.count, column).toBe(5);
    }
    expect(numbersOf(await list(asA, { column: 'order_number', sort: 'ASC' }))).toEqual(
      [o.paid, o.shipped, o.open, o.refunded, o.expired].map((x) => x.order_number).sort(),
    );
    const byCountry = await list(asA, { column: 'country_iso', sort: 'ASC' });
    expect(byCountry.items[0].country_iso).toBe('BE');
    const byPayment = await list(asA, { column: 'payment_name', sort: 'DESC' });
    expect(byPayment.items[0].payment_name).toBe('stripe:card');
    expect(byPayment.items.at(-1)?.payment_name).toBeNull(); // no payment: last
  });

  it('pages do not overlap', async () => {
    const first = await list(asA, { limit: 10, column: 'status' });
    expect(first.items).toHaveLength(5);
    const beyond = await list(asA, { limit: 10, offset: 10 });
    expect(beyond).toMatchObject({ count: 5, items: [] });
  });
});

describe('orders #12: a wrong list query is refused naming the field', () => {
  it('each bad value of a seller’s query is named, all at once', async () => {
    const res = await asA.get(
      `/api/orders/fetch-items?${qs({ limit: 7, column: 'nope', queryFilter: { status: 'lost', payment: 'card' } })}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'validation',
      fields: {
        limit: 'invalid',
        column: 'invalid',
        'queryFilter.status': 'invalid',
        'queryFilter.payment': 'invalid',
      },
    });
  });

  it('a queryFilter that is not JSON is named', async () => {
    const res = await asAdmin.get('/api/orders/fetch-items?queryFilter=%7Bnope');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ queryFilter: 'invalid' });
  });

  it('a shopper sorting on a merchant’s column is told the column, in their language', async () => {
    const res = await asBuyer.get('/api/orders/fetch-items?column=country_iso', page('en'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', fields: { column: 'invalid' } });
    expect(typeof res.json().message).toBe('string');
  });
});

describe('orders #12: the order detail', () => {
  it('the seller opens their order with address, payments, refunds, invoice and where it came from', async () => {
    const res = await asA.get(`/api/orders/${o.refunded.id}`, page('fr'));
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().item;
    expect(item).toMatchObject({
      order_number: o.refunded.order_number,
      status: 'canceled',
      refunded_amount: 40,
      ship_to: { first_name: 'Hélène', city: 'Lyon', country_iso: 'FR', country_name: 'France' },
    });
    expect(item.payments).toHaveLength(1);
    expect(item.payments[0].refunds).toEqual([
      expect.objectContaining({ amount: 40, external_id: 're_sbx_1', status: 'refunded', by: 'Test User' }),
    ]);
    const open = (await asA.get(`/api/orders/${o.open.id}`)).json().item;
    expect(open.live_session).toMatchObject({ id: sessionId });
    const paid = (await asA.get(`/api/orders/${o.paid.id}`)).json().item;
    expect(paid.invoice).toMatchObject({
      number: 'F-2025-000101',
      url: `/api/invoices/${o.paid.order_number}.pdf`,
    });
  });

  it('another seller’s order answers 404 to a seller, and admin opens any', async () => {
    expect((await asA.get(`/api/orders/${o.ofB.id}`)).statusCode).toBe(404);
    expect((await asB.get(`/api/orders/${o.paid.id}`)).statusCode).toBe(404);
    expect((await asA.get('/api/orders/999999999')).statusCode).toBe(404);
    const res = await asAdmin.get(`/api/orders/${o.ofB.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ seller_id: sellerB.id, seller_name: 'Maison Bérénice' });
  });

  it('a shopper cannot open the merchant’s detail, and an id that is no number is named', async () => {
    expect((await asBuyer.get(`/api/orders/${o.paid.id}`)).statusCode).toBe(403);
    for (const id of ['abc', '0', '1.5', '99999999999']) {
      const res = await asA.get(`/api/orders/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json(), id).toMatchObject({ error: 'validation', fields: { id: 'invalid' } });
    }
  });

  it('the detail address does not hide the other order calls', async () => {
    expect((await asA.get(`/api/orders/fetch-live-items`)).statusCode).toBe(200);
    expect((await asA.get(`/api/orders/fetch-waiting-items`)).statusCode).toBe(200);
    const expire = await asA.get('/api/orders/expire?orderId=abc');
    expect(expire.json().fields).toHaveProperty('orderId');
  });
});

describe('orders #12: the Orders filters offer what the merchant’s orders hold', () => {
  it('a seller gets their countries, payment methods, shipping methods, shoppers, lives and amount bounds', async () => {
    const res = await asA.get('/api/orders/fetch-filters', page('en'));
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items;
    expect(items.statuses).toEqual(['new', 'payed', 'shipped', 'canceled', 'expired']);
    expect(items.countries.map((c: { name: string }) => c.name).sort()).toEqual(['Belgium', 'France']);
    expect(items.payments.map((p: { value: string }) => p.value).sort()).toEqual([
      'mollie:card',
      'sandbox:card',
      'stripe:card',
    ]);
    expect(items.shipping_methods.map((m: { id: number }) => m.id)).toEqual([colissimoId]);
    expect(items.buyers).toEqual([{ id: shopper.id, name: 'Zoé Lefèvre' }]);
    expect(items.live_sessions.map((s: { id: number }) => s.id)).toEqual([sessionId]);
    expect(items.sellers).toEqual([]);
    expect(items.order_amount).toEqual({ min: 21.9, max: 99.2 });
  });

  it('the shoppers offered are every account of the orders, an empty open cart’s included', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const [paying, carting, linking, elsewhere] = await Promise.all([1, 2, 3, 4].map(() => makeBuyer(rt)));
    const linked = await insertSocialIdentity(rt, seller.id, 'Lien', linking.id);
    await insertOrder(rt, { seller_id: seller.id, buyer_id: paying.id, status: 'payed', total_cents: 500 });
    await insertOrder(rt, { seller_id: seller.id, buyer_id: carting.id, status: 'new', total_cents: 0 });
    const viaIdentity = await insertOrder(rt, {
      seller_id: seller.id,
      social_identity_id: linked.id,
      status: 'expired',
      total_cents: 300,
    });
    await insertOrder(rt, { seller_id: seller.id, status: 'payed', total_cents: 100 });
    const other = await makeSeller(rt);
    await insertOrder(rt, { seller_id: other.id, buyer_id: elsewhere.id, status: 'payed', total_cents: 100 });
    // the plain computation: the accounts of every order in scope, by name
    const plain = async (sellerId?: number) =>
      queryRows<{ id: number }>(
        db(),
        sql`SELECT DISTINCT b.id, coalesce(nullif(trim(concat_ws(' ', b.first_name, b.last_name)), ''), b.email, '') AS name
            FROM orders o LEFT JOIN social_identities si ON si.id = o.social_identity_id
            JOIN users b ON b.id = coalesce(o.buyer_id, si.user_id)
            WHERE ${sellerId ? sql`o.seller_id = ${sellerId}` : sql`true`} ORDER BY name, b.id`,
      );
    const offered = async (as: Api) => (await as.get('/api/orders/fetch-filters')).json().items.buyers;
    // the admin's choices are the first of every seller's shoppers
    const firstOf = async (sellerId?: number) => (await plain(sellerId)).slice(0, BUYER_CHOICES);
    expect((await offered(api)).map((b: { id: number }) => b.id).sort()).toEqual(
      [paying.id, carting.id, linking.id].sort(),
    );
    expect(await offered(api)).toEqual(await plain(seller.id));
    expect(await offered(asAdmin)).toEqual(await firstOf());
    // the account's only order moved away, the open cart paid: the choices follow
    await db().update(orders).set({ social_identity_id: null }).where(eq(orders.id, viaIdentity.id));
    await db()
      .update(orders)
      .set({ status: 'payed', paid_at: new Date() })
      .where(eq(orders.buyer_id, carting.id));
    expect(await offered(api)).toEqual(await plain(seller.id));
    expect((await offered(api)).map((b: { id: number }) => b.id)).not.toContain(linking.id);
    expect(await offered(asAdmin)).toEqual(await firstOf());
  });

  it('a large shop’s shoppers: the first by name, a search for the others, and the chosen one named', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const buyers = await Promise.all(Array.from({ length: BUYER_CHOICES + 3 }, () => makeBuyer(rt)));
    for (const [i, b] of buyers.entries()) {
      const name =
        i === 7
          ? { first_name: 'Hélène', last_name: 'Dürr' }
          : { first_name: 'Client', last_name: `N${1000 + i}` };
      await db().update(users).set(name).where(eq(users.id, b.id));
      await insertOrder(rt, { seller_id: seller.id, buyer_id: b.id, status: 'payed', total_cents: 100 + i });
    }
    const stranger = await makeBuyer(rt);
    const elsewhere = await makeSeller(rt);
    await insertOrder(rt, {
      seller_id: elsewhere.id,
      buyer_id: stranger.id,
      status: 'payed',
      total_cents: 100,
    });
    const everyone = (
      await queryRows<{ id: number; name: string }>(
        db(),
        sql`SELECT b.id, trim(concat_ws(' ', b.first_name, b.last_name)) AS name FROM users b
            WHERE b.id IN (SELECT buyer_id FROM orders WHERE seller_id = ${seller.id}) ORDER BY name, b.id`,
      )
    ).map((r) => ({ id: r.id, name: r.name }));
    const filters = async (params = '') => {
      const res = await api.get(`/api/orders/fetch-filters${params}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as { buyers: { id: number; name: string }[]; buyers_more: boolean };
    };
    expect(await filters()).toMatchObject({ buyers: everyone.slice(0, BUYER_CHOICES), buyers_more: true });
    // any case or accent, name or e-mail
    expect(await filters('?buyer_search=DURR')).toMatchObject({
      buyers: [{ id: buyers[7].id, name: 'Hélène Dürr' }],
      buyers_more: false,
    });
    expect((await filters('?buyer_search=n104')).buyers.map((b) => b.name)).toEqual(
      everyone.filter((b) => b.name.startsWith('Client N104')).map((b) => b.name),
    );
    const email = (await db().select().from(users).where(eq(users.id, buyers[3].id)))[0].email as string;
    expect((await filters(`?buyer_search=${encodeURIComponent(email.toUpperCase())}`)).buyers).toEqual([
      { id: buyers[3].id, name: 'Client N1003' },
    ]);
    expect(await filters('?buyer_search=%25')).toMatchObject({ buyers: [], buyers_more: false });
    // the chosen shopper past the first ones is named too; another seller's is not
    const last = everyone[everyone.length - 1];
    const chosen = await filters(`?buyer_id=${last.id}`);
    expect(chosen.buyers).toHaveLength(BUYER_CHOICES + 1);
    expect(chosen.buyers[BUYER_CHOICES]).toEqual(last);
    expect((await filters(`?buyer_id=${stranger.id}`)).buyers.map((b) => b.id)).not.toContain(stranger.id);
    for (const [bad, field] of [
      [`?buyer_search=${'x'.repeat(101)}`, 'buyer_search'],
      ['?buyer_id=abc', 'buyer_id'],
      ['?buyer_id=-1', 'buyer_id'],
    ]) {
      const res = await api.get(`/api/orders/fetch-filters${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ error: 'validation', fields: { [field]: expect.any(String) } });
    }
  });

  it('a seller with many lives: the latest, a search for the others, and the chosen one named', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const lives = await queryRows<{ id: number }>(
      db(),
      sql`INSERT INTO live_sessions (seller_id, event_date, event_time, status, scenario)
          SELECT ${seller.id}, date '2026-01-01' + g, '20:00', 'closed', CASE WHEN g = 3 THEN 'Soldes d’été' ELSE 'Live ' || g END
          FROM generate_series(1, ${LIVE_SESSION_CHOICES + 3}::int) g RETURNING id`,
    );
    const other = await makeSeller(rt);
    const [theirs] = await queryRows<{ id: number }>(
      db(),
      sql`INSERT INTO live_sessions (seller_id, event_date, event_time, status) VALUES (${other.id}, '2026-01-01', '20:00', 'closed') RETURNING id`,
    );
    const filters = async (params = '') => {
      const res = await api.get(`/api/orders/fetch-filters${params}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as {
        live_sessions: { id: number; name: string }[];
        live_sessions_more: boolean;
      };
    };
    const latestFirst = lives.map((l) => l.id).reverse();
    const first = await filters();
    expect(first.live_sessions.map((l) => l.id)).toEqual(latestFirst.slice(0, LIVE_SESSION_CHOICES));
    expect(first.live_sessions_more).toBe(true);
    expect(await filters('?live_session_search=%C3%89T%C3%89')).toMatchObject({
      live_sessions: [{ id: lives[2].id, name: 'Soldes d’été' }],
      live_sessions_more: false,
    });
    const oldest = await filters(`?live_session_id=${lives[0].id}`);
    expect(oldest.live_sessions.map((l) => l.id)).toEqual([
      ...latestFirst.slice(0, LIVE_SESSION_CHOICES),
      lives[0].id,
    ]);
    expect((await filters(`?live_session_id=${theirs.id}`)).live_sessions.map((l) => l.id)).not.toContain(
      theirs.id,
    );
    for (const [bad, field] of [
      [`?live_session_search=${'x'.repeat(101)}`, 'live_session_search'],
      ['?live_session_id=1.5', 'live_session_id'],
    ]) {
      const res = await api.get(`/api/orders/fetch-filters${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ error: 'validation', fields: { [field]: expect.any(String) } });
    }
  });

  it('another seller’s filters hold nothing of the first seller’s orders', async () => {
    const items = (await asB.get('/api/orders/fetch-filters')).json().items;
    expect(items.buyers).toEqual([]);
    expect(items.shipping_methods).toEqual([]);
    expect(items.live_sessions).toEqual([]);
    expect(items.payments.map((p: { value: string }) => p.value)).toEqual(['sandbox:card']);
    expect(items.order_amount).toEqual({ min: 99.2, max: 99.2 });
  });

  it('admin gets the sellers to filter on; the waiting list keeps its own filters', async () => {
    const res = await asAdmin.get('/api/orders/fetch-filters');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.sellers).toEqual(
      expect.arrayContaining([{ id: sellerB.id, name: 'Maison Bérénice' }]),
    );
    const waiting = await asA.get('/api/orders/fetch-filters?type=waiting');
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(Object.keys(waiting.json().items).sort()).toEqual([
      'buyers',
      'shoppers',
      'total_amount',
      'total_qty',
    ]);
    expect((await asBuyer.get('/api/orders/fetch-filters')).statusCode).toBe(403);
  });
});

/** The CSV's rows without the BOM, split on CRLF, each split on `;` outside quotes. */
function csvRows(body: string): string[][] {
  const rows: string[][] = [];
  for (const line of body.replace(/^\uFEFF/, '').split('\r\n')) {
    if (!line) continue;
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === ';') {
        cells.push(cell);
        cell = '';
      } else cell += c;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}

describe('orders #12: the accountant’s export opens as is in French Excel', () => {
  it('one row per line, French headers and decimals, with the BOM, semicolons and CRLF', async () => {
    const res = await asA.get(`/api/orders/export?${qs({ queryFilter: { status: 'payed' } })}`, page('fr'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="commandes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = csvRows(res.body);
    expect(header[0]).toBe('N° de commande');
    expect(header).toHaveLength(18);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual([
      o.paid.order_number,
      '01/05/2025 12:00', // 10:00 UTC is noon in Paris in May
      'Payée',
      'Zoé Lefèvre',
      shopper.email,
      'France',
      'Colissimo',
      'Mollie · card',
      'Robe à fleurs',
      'Bleu ciel',
      'M',
      '',
      '2',
      '39,90',
      '79,80',
      '6,90',
      '99,20',
      'F-2025-000101',
    ]);
    expect(rows[1][8]).toBe('Écharpe');
    expect(res.body).not.toContain(o.ofB.order_number);
  });

  it('a cell a spreadsheet would run as a formula is neutralised, and quotes and semicolons survive', async () => {
    const res = await asA.get(`/api/orders/export?${qs({ queryFilter: { status: 'new' } })}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const rows = csvRows(res.body).slice(1);
    expect(rows.map((r) => r[8])).toEqual([`'=HYPERLINK("http://evil")`, 'Bague "Lune"; argent']);
    expect(rows[1].slice(12, 15)).toEqual(['3', '19,99', '59,97']);
  });

  it('in English the headers, labels and decimals are English, and refunded orders read Refunded', async () => {
    const res = await asA.get(
      `/api/orders/export?${qs({ locale: 'en', queryFilter: { status: 'canceled' } })}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="orders-/);
    const [header, row] = csvRows(res.body);
    expect(header.slice(0, 3)).toEqual(['Order number', 'Date', 'Status']);
    expect(row[2]).toBe('Refunded');
    expect(row[13]).toBe('40.00');
  });

  it('every matching order is exported, far beyond one page, in the list’s order', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const when = day(10);
    // 1,203 orders of one line each, many at the same time and many without a shopper's name
    await db().execute(sql`
      INSERT INTO orders (seller_id, order_number, status, subtotal_cents, total_amount_cents, created_at, ship_first_name)
      SELECT ${seller.id}, 'EXP' || ${seller.id} || '-' || lpad(g::text, 5, '0'), 'payed', g, g,
             ${when.toISOString()}::timestamptz + ((g % 7) || ' minutes')::interval,
             CASE WHEN g % 3 = 0 THEN NULL ELSE 'N' || (g % 11) END
      FROM generate_series(1, 1203) AS g`);
    await db().execute(sql`
      INSERT INTO order_items (order_id, seller_id, name, unit_price_cents, quantity)
      SELECT id, seller_id, 'Article', total_amount_cents, 1 FROM orders WHERE seller_id = ${seller.id}`);
    for (const [column, sort] of [
      ['created_at', 'DESC'],
      ['buyer_first_name', 'ASC'],
      ['order_amount', 'ASC'],
    ] as const) {
      const res = await api.get(`/api/orders/export?${qs({ column, sort })}`);
      expect(res.statusCode, res.body).toBe(200);
      const numbers = csvRows(res.body)
        .slice(1)
        .map((r) => r[0]);
      expect(numbers, column).toHaveLength(1203);
      expect(new Set(numbers).size, column).toBe(1203);
      if (column === 'order_amount') expect(numbers[0]).toBe(`EXP${seller.id}-00001`);
    }
  });

  it('a shopper cannot export, and a bad filter is named before any file is sent', async () => {
    expect((await asBuyer.get('/api/orders/export')).statusCode).toBe(403);
    const res = await asA.get(
      `/api/orders/export?${qs({ queryFilter: { created_at: { from: '2025-13-40' } } })}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(['queryFilter.created_at.from']);
  });

  it('admin exports one seller’s orders with the seller filter', async () => {
    const res = await asAdmin.get(`/api/orders/export?${qs({ queryFilter: { seller_id: sellerB.id } })}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      csvRows(res.body)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual([o.ofB.order_number, o.ofB.order_number]);
  });
});

describe('orders #12: a tracking number links to its carrier’s page', () => {
  it.each([
    ['Colissimo', '6A123', 'https://www.laposte.fr/outils/suivre-vos-envois?code=6A123'],
    ['La Poste', '6A123', 'https://www.laposte.fr/outils/suivre-vos-envois?code=6A123'],
    ['chronopost', 'XY 12', 'https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=XY%2012'],
    ['Mondial Relay', '123', 'https://www.mondialrelay.fr/suivi-de-colis/?NumeroExpedition=123'],
    ['DHL Express', '99', 'https://www.dhl.com/fr-fr/home/suivi.html?tracking-id=99'],
    ['UPS', '1Z9', 'https://www.ups.com/track?tracknum=1Z9'],
  ])('%s links to its own tracking page', (carrier, code, url) => {
    expect(trackingUrl(carrier, code)).toBe(url);
  });

  it('an unknown carrier or no number has no link', () => {
    expect(trackingUrl('Livreur du quartier', '12')).toBeNull();
    expect(trackingUrl('Colissimo', '  ')).toBeNull();
    expect(trackingUrl(null, '12')).toBeNull();
  });
});
