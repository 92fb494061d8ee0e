import type { TCheckoutAddressBody } from '@livecart/contract/checkout';
import { and, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  countries,
  orderStatusHistory,
  orders,
  outbox,
  paymentMethods,
  payments,
  settings,
  shippingMethodCountries,
  shippingMethods,
} from '../src/db/schema/index.ts';
import { orderAccessToken } from '../src/modules/orders/cart.ts';
import type { Runtime } from '../src/runtime.ts';
import { type client, ORIGIN } from './helpers.ts';
import { comment, liveSeller, reads, simpleProduct, viewer } from './live-fixtures.ts';
import type { Refs } from './product-fixtures.ts';

/*
 * A shop ready for checkout (shipping to France and Belgium, the sandbox card and PayPal, legal
 * links), carts made by live comments, and the checkout and sandbox pay-page calls. Call
 * `useCheckoutFixtures` once in the test file's beforeAll.
 */

let rt: Runtime;
let refs: Refs;
let r: ReturnType<typeof reads>;
let FR: number;
let BE: number;

export async function useCheckoutFixtures(runtime: Runtime, references: Refs) {
  rt = runtime;
  refs = references;
  r = reads(rt);
  const byIso = async (iso: string) =>
    (await r.db().select().from(countries).where(eq(countries.iso, iso)))[0].id;
  FR = await byIso('FR');
  BE = await byIso('BE');
  return { FR, BE, DE: await byIso('DE') };
}

export const inject = (
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) => rt.app.inject({ method, url, payload: payload as never, headers: { origin: ORIGIN, ...headers } });

/** A seller live with shipping to France (4.90 and 3.90) and Belgium (8.90), the sandbox card and PayPal on. */
export async function shop(opts: { stock?: number } = {}) {
  const live = await liveSeller(rt);
  const db = r.db();
  // the seller's copies of catalogue entries (migration 0013 starts the catalogue)
  const copy = async (name: string, extra: { logo?: string; status?: boolean } = {}) => {
    const [entry] = await db
      .select({ id: shippingMethods.id })
      .from(shippingMethods)
      .where(and(isNull(shippingMethods.seller_id), eq(shippingMethods.name, name)));
    const [row] = await db
      .insert(shippingMethods)
      .values({ seller_id: live.seller.id, template_id: entry.id, name, ...extra })
      .returning();
    return row;
  };
  const colissimo = await copy('Colissimo', { logo: 'https://cdn.example/colissimo.png' });
  const relay = await copy('Mondial Relay');
  const off = await copy('Chronopost', { status: false });
  await db.insert(shippingMethodCountries).values([
    { shipping_method_id: colissimo.id, seller_id: live.seller.id, country_id: FR, price_cents: 490 },
    { shipping_method_id: colissimo.id, seller_id: live.seller.id, country_id: BE, price_cents: 890 },
    { shipping_method_id: relay.id, seller_id: live.seller.id, country_id: FR, price_cents: 390 },
    { shipping_method_id: off.id, seller_id: live.seller.id, country_id: FR, price_cents: 100 },
  ]);
  await db.insert(settings).values({
    user_id: live.seller.id,
    doctype: 'link',
    terms_link: 'https://shop.example/cgv',
    privacy_link: 'https://shop.example/privacy',
  });
  await db.insert(paymentMethods).values([
    { seller_id: live.seller.id, provider: 'sandbox', method: 'card', status: true },
    { seller_id: live.seller.id, provider: 'sandbox', method: 'paypal', status: true },
    { seller_id: live.seller.id, provider: 'sandbox', method: 'bancontact', status: false },
  ]);
  const product = await simpleProduct(rt, refs, live.api, opts.stock ?? 5);
  return { ...live, product, colissimo, relay, off };
}

export type Shop = Awaited<ReturnType<typeof shop>>;

/** A viewer comments the product: their cart, its link token, the comment id. */
export async function cartOf(s: Shop, from = viewer(), keyword = s.product.keyword) {
  const c = comment(keyword, from);
  await s.post([c]);
  const cart = await r.cartOfViewer(s.seller.id, from);
  if (!cart) throw new Error('no cart');
  return { cart, from, commentId: c.id, t: orderAccessToken(rt.deps.config.authSecret, cart.order_number) };
}

export const address = (patch: Partial<TCheckoutAddressBody> = {}): TCheckoutAddressBody => ({
  first_name: 'Marie',
  last_name: 'Curie',
  email: 'marie@example.com',
  phone: '0612345678',
  country_id: FR,
  state: 'Ile-de-France',
  post_code: '75005',
  city: 'Paris',
  address1: '12 rue Pierre et Marie Curie',
  address2: null,
  ...patch,
});

/** The order's `payed` history rows: one per order however often it is confirmed. */
export const payedHistory = (orderId: number) =>
  r
    .db()
    .select()
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.order_id, orderId), eq(orderStatusHistory.status, 'payed')));
/** The order's invoice job in the outbox (dedupe key `invoice:{orderId}`). */
export const invoiceJobs = (orderId: number) =>
  r
    .db()
    .select()
    .from(outbox)
    .where(eq(outbox.dedupe_key, `invoice:${orderId}`));

export const orderRow = async (id: number) =>
  (await r.db().select().from(orders).where(eq(orders.id, id)))[0];
export const paymentsOf = (orderId: number) =>
  r.db().select().from(payments).where(eq(payments.order_id, orderId));
export async function submit(
  orderNumber: string,
  t: string | undefined,
  patch: Record<string, unknown> = {},
  api?: Awaited<ReturnType<typeof client>>,
) {
  const body = {
    orderNumber,
    address: address(),
    payment_method: 'sandbox:card',
    accept_terms: true,
    ...(t ? { t } : {}),
    ...patch,
  };
  return api ? api.post('/api/checkout?locale=fr', body) : inject('POST', '/api/checkout?locale=fr', body);
}

/** Checks out with Colissimo to France and the sandbox card; answers the payment id. */
export async function checkout(
  s: Shop,
  cart: { order_number: string },
  t: string,
  patch: Record<string, unknown> = {},
) {
  const res = await submit(cart.order_number, t, { shipping_method_id: s.colissimo.id, ...patch });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().redirectUrl as string;
  expect(url).toMatch(new RegExp(`^${ORIGIN}/sandbox/pay/\\d+\\?k=[\\w-]{43}$`));
  const paymentId = Number(new URL(url).pathname.split('/').pop());
  pageKeys.set(paymentId, new URL(url).searchParams.get('k') as string);
  return paymentId;
}

/** The pay page secrets (`k`) of the payments made here, as their redirect URLs gave them. */
export const pageKeys = new Map<number, string>();
export const payPage = (paymentId: number) =>
  `/api/sandbox/payments/${paymentId}?k=${pageKeys.get(paymentId)}`;

export const settle = (paymentId: number, outcome: 'paid' | 'failed' | 'canceled') =>
  inject('POST', payPage(paymentId), { outcome });
