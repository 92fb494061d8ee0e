import type { TCheckoutResponse, TCheckoutShippingMethod } from '@livecart/contract/checkout';
import { and, eq } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReply } from '../../../test/chatbot-fixtures.ts';
import {
  cartOf,
  checkout,
  inject,
  invoiceJobs,
  orderRow,
  payedHistory,
  paymentsOf,
  type Shop,
  settle,
  shop,
  submit,
  useCheckoutFixtures,
} from '../../../test/checkout-fixtures.ts';
import { ORIGIN, sentMails, startTestApp } from '../../../test/helpers.ts';
import { comment, reads, simpleProduct, viewer } from '../../../test/live-fixtures.ts';
import { pdfText } from '../../../test/payment-fixtures.ts';
import { loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import {
  notifications,
  paymentMethods,
  settings,
  shippingMethodCountries,
  shippingMethods,
} from '../../db/schema/index.ts';
import { encryptSecret } from '../../lib/secrets.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * Orders that cost nothing (issue 16): a live discount of 100 % and free shipping make a total of
 * 0, which no provider takes. The checkout confirms such an order itself, with a 0 € payment of
 * kind `free`, and everything that follows a paid order follows. The seller also has Mollie
 * connected: the providers' HTTP boundary is faked with no handler, so any request fails the test.
 */

const providers = setupServer();
const requests: string[] = [];
let rt: Runtime;
let refs: Refs;
let r: ReturnType<typeof reads>;
let FR: number;
beforeAll(async () => {
  providers.listen({ onUnhandledRequest: 'error' });
  providers.events.on('request:start', ({ request }) => {
    requests.push(`${request.method} ${request.url}`);
  });
  rt = await startTestApp({ payments: { mollieApiUrl: undefined, stripe: undefined } });
  refs = await loadRefs(rt);
  r = reads(rt);
  ({ FR } = await useCheckoutFixtures(rt, refs));
});
afterEach(() => {
  expect(requests, 'no request to a payment provider').toEqual([]);
});
afterAll(async () => {
  providers.close();
  await rt.close();
});

/** The checkout shop, plus Mollie's card (the seller's key) and a pick-up in the shop at 0 € to France. */
async function giftShop() {
  const s = await shop();
  const db = r.db();
  await db.insert(paymentMethods).values({
    seller_id: s.seller.id,
    provider: 'mollie',
    method: 'card',
    status: true,
    credentials_encrypted: encryptSecret(rt.deps.config.authSecret, 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM'),
  });
  const [pickup] = await db
    .insert(shippingMethods)
    .values({ seller_id: s.seller.id, name: 'Retrait en boutique' })
    .returning();
  await db
    .insert(shippingMethodCountries)
    .values({ shipping_method_id: pickup.id, seller_id: s.seller.id, country_id: FR, price_cents: 0 });
  // "The first five to comment 'cadeau' get the scarf free."
  await createReply(s.api, {
    keywords: ['cadeau'],
    product_id: s.product.product.id,
    discount: 100,
    max_answer_count: 5,
  });
  return { ...s, pickup };
}
type GiftShop = Awaited<ReturnType<typeof giftShop>>;

/** A viewer's cart of the scarf, given free by the live's reply. */
async function giftedCart(s: Shop) {
  const from = viewer();
  const got = await cartOf(s, from, `${s.product.keyword} cadeau`);
  expect(await orderRow(got.cart.id)).toMatchObject({
    subtotal_cents: 2500,
    discount_cents: 2500,
    total_amount_cents: 0,
  });
  return got;
}

const withoutMethod = (s: GiftShop, shippingId = s.pickup.id) => ({
  shipping_method_id: shippingId,
  payment_method: undefined,
});
const paidNotices = async (sellerId: number, orderNumber: string) =>
  (
    await r
      .db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, sellerId), eq(notifications.type, 'order_paid')))
  ).filter((n) => n.title_en.includes(orderNumber));
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('a cart made free by a 100 % discount and free shipping', () => {
  it('is offered with a total of 0 for the free method only', async () => {
    const s = await giftShop();
    const { cart, t } = await giftedCart(s);
    const res = await inject(
      'GET',
      `/api/checkout/fetch-shipping-methods?orderId=${cart.id}&countryId=${FR}&t=${t}`,
    );
    const totals = Object.fromEntries(
      (res.json().shippingMethods as TCheckoutShippingMethod[]).map((m) => [m.name, m.order_total]),
    );
    expect(totals).toEqual({ Colissimo: 4.9, 'Mondial Relay': 3.9, 'Retrait en boutique': 0 });
  });

  it('is confirmed without a payment provider: paid, its 0 € invoice with the discount line, the e-mail, the seller’s notice', async () => {
    const s = await giftShop();
    const { cart, t } = await giftedCart(s);
    const res = await submit(cart.order_number, t, withoutMethod(s));
    expect(res.statusCode, res.body).toBe(200);
    // Straight to the order's page, now its confirmation.
    const back = new URL(res.json().redirectUrl);
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/checkout/${cart.order_number}`);
    expect(back.searchParams.get('t')).toBe(t);
    expect(back.searchParams.get('hash')).toBeNull();

    expect(await paymentsOf(cart.id)).toEqual([
      expect.objectContaining({
        provider: 'free',
        method: 'free',
        external_id: `free_${cart.id}`,
        amount_cents: 0,
        fee_cents: 0,
        status: 'paid',
        checkout_url: null,
        raw: { checkout: { email: 'marie@example.com', locale: 'fr' } },
      }),
    ]);
    expect(await orderRow(cart.id)).toMatchObject({
      status: 'payed',
      subtotal_cents: 2500,
      discount_cents: 2500,
      shipping_cents: 0,
      total_amount_cents: 0,
      payment_method: 'free',
      shipping_method_name: 'Retrait en boutique',
      ship_city: 'Paris',
      expires_at: null,
    });
    expect(await payedHistory(cart.id)).toEqual([
      expect.objectContaining({ note: expect.stringMatching(/^confirmed free of charge /) }),
    ]);
    expect(await paidNotices(s.seller.id, cart.order_number)).toHaveLength(1);
    expect(await invoiceJobs(cart.id)).toHaveLength(1);
    // The scarf stays taken.
    expect(await r.stockOf(s.product.config.id)).toBe(4);

    const mails = await sentMails(rt);
    const mail = mails.find((m) => m.to === 'marie@example.com' && m.text.includes(cart.order_number));
    const text = plain(mail?.text ?? '');
    expect(text).toContain(`Merci pour votre commande ${cart.order_number}`);
    expect(text).toContain('elle vous est offerte, vous n’avez rien à payer');
    expect(text).toContain('Remise : −25,00 €');
    expect(text).toContain('Total payé : 0,00 €');

    const page = (
      await inject('GET', `/api/checkout?orderNumber=${cart.order_number}&t=${t}`)
    ).json() as TCheckoutResponse;
    expect(page.order).toMatchObject({
      status: 'payed',
      total_amount: 0,
      discount: 25,
      payment_method: 'free',
    });
    const pdf = await rt.app.inject({ url: page.order.invoice?.url as string });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const invoice = plain(await pdfText(pdf.rawPayload));
    expect(invoice).toContain(page.order.invoice?.number as string);
    expect(invoice).toContain('Remise');
    expect(invoice).toContain('− 25,00 €');
    expect(invoice).toMatch(/Total TTC\s*0,00 €/);
    expect(invoice).toContain('Aucun : commande offerte');

    // The old client's "is it paid?" says so, asking no provider.
    const status = await inject('GET', `/api/orders/insert-status?orderId=${cart.id}&status=payed&t=${t}`);
    expect(status.json()).toEqual({ success: true, status: 'payed', paymentStatus: 'paid' });
  });

  it('takes no payment even when a method is sent: the total decides, here with the free-shipping threshold', async () => {
    const s = await giftShop();
    await r
      .db()
      .update(settings)
      .set({ free_shipping_status: true, free_shipping_threshold_cents: 0 })
      .where(eq(settings.user_id, s.seller.id));
    const { cart, t } = await giftedCart(s);
    const res = await submit(cart.order_number, t, {
      shipping_method_id: s.colissimo.id,
      payment_method: 'mollie:card',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentsOf(cart.id)).toMatchObject([{ provider: 'free', amount_cents: 0 }]);
    expect(await orderRow(cart.id)).toMatchObject({
      status: 'payed',
      shipping_method_name: 'Colissimo',
      total_amount_cents: 0,
    });
  });

  it('submitted twice, or twice at once, is confirmed once and answers its confirmation both times', async () => {
    const s = await giftShop();
    const { cart, t } = await giftedCart(s);
    const [a, b] = await Promise.all([
      submit(cart.order_number, t, withoutMethod(s)),
      submit(cart.order_number, t, withoutMethod(s)),
    ]);
    const again = await submit(cart.order_number, t, withoutMethod(s));
    for (const res of [a, b, again]) expect(res.statusCode, res.body).toBe(200);
    expect(new Set([a, b, again].map((res) => res.json().redirectUrl)).size).toBe(1);

    expect(await paymentsOf(cart.id)).toHaveLength(1);
    expect(await payedHistory(cart.id)).toHaveLength(1);
    expect(await invoiceJobs(cart.id)).toHaveLength(1);
    expect(await paidNotices(s.seller.id, cart.order_number)).toHaveLength(1);
    const mails = (await sentMails(rt)).filter(
      (m) => m.to === 'marie@example.com' && m.subject.includes(cart.order_number),
    );
    expect(mails).toHaveLength(1);
    expect(await r.stockOf(s.product.config.id)).toBe(4);
  });

  it('cancels a payment the shopper had started for its shipping before it became free', async () => {
    const s = await giftShop();
    const { cart, t } = await giftedCart(s);
    const started = await checkout(s, cart, t, { payment_method: 'sandbox:card' });
    expect((await paymentsOf(cart.id))[0]).toMatchObject({ id: started, amount_cents: 490, status: 'open' });

    const res = await submit(cart.order_number, t, withoutMethod(s));
    expect(res.statusCode, res.body).toBe(200);
    const rows = await paymentsOf(cart.id);
    expect(rows.map((p) => [p.provider, p.status, p.amount_cents]).sort()).toEqual(
      [
        ['free', 'paid', 0],
        ['sandbox', 'canceled', 490],
      ].sort(),
    );
    expect((await orderRow(cart.id)).status).toBe('payed');
    // The first page can no longer take money.
    expect((await settle(started, 'paid')).json().status).toBe('canceled');
  });

  it('is not refunded: the seller is told there is nothing to refund, and it stays paid', async () => {
    const s = await giftShop();
    const { cart, t } = await giftedCart(s);
    expect((await submit(cart.order_number, t, withoutMethod(s))).statusCode).toBe(200);
    const res = await s.api.post('/api/orders/bulk-cancel?locale=en', { data: JSON.stringify([cart.id]) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      done: [],
      refused: [
        {
          id: cart.id,
          order_number: cart.order_number,
          reason: 'not_refundable',
          message: 'This order has no payment to refund',
        },
      ],
    });
    expect((await orderRow(cart.id)).status).toBe('payed');
    expect(await r.stockOf(s.product.config.id)).toBe(4);
  });
});

describe('a cart that costs something', () => {
  it('needs a payment as usual once a line is added: without a method it is refused naming the field', async () => {
    const s = await giftShop();
    const { cart, t, from } = await giftedCart(s);
    const bag = await simpleProduct(rt, refs, s.api, 3);
    await s.post([comment(bag.keyword, from)]);
    expect(await orderRow(cart.id)).toMatchObject({ discount_cents: 2500, total_amount_cents: 2500 });

    const refused = await submit(cart.order_number, t, withoutMethod(s));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'validation', fields: { payment_method: 'required' } });
    expect(await paymentsOf(cart.id)).toEqual([]);
    expect(await orderRow(cart.id)).toMatchObject({ status: 'new', checkout_at: null, ship_address1: null });

    const paid = await checkout(s, cart, t, { shipping_method_id: s.pickup.id });
    expect(await paymentsOf(cart.id)).toMatchObject([
      { id: paid, provider: 'sandbox', amount_cents: 2500, status: 'open' },
    ]);
    expect((await orderRow(cart.id)).status).toBe('new');
  });

  it('with a paid shipping method, the discounted cart still opens a payment for the shipping', async () => {
    const s = await giftShop();
    const { cart, t } = await giftedCart(s);
    const refused = await submit(cart.order_number, t, withoutMethod(s, s.colissimo.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ payment_method: 'required' });
    const paymentId = await checkout(s, cart, t, { payment_method: 'sandbox:paypal' });
    expect(await paymentsOf(cart.id)).toMatchObject([{ id: paymentId, amount_cents: 490, method: 'paypal' }]);
  });
});
