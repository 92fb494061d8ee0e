import { and, eq } from 'drizzle-orm';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestApp } from '../../../test/helpers.ts';
import { comment, liveSeller, reads, simpleProduct, viewer } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import {
  countries,
  orderStatusHistory,
  orders,
  outbox,
  paymentMethods,
  payments,
  shippingMethodCountries,
  shippingMethods,
} from '../../db/schema/index.ts';
import mollieError404 from '../../integrations/payments/fixtures/mollie-error-404.json' with { type: 'json' };
import molliePaymentOpen from '../../integrations/payments/fixtures/mollie-payment-open.json' with {
  type: 'json',
};
import molliePaymentPaid from '../../integrations/payments/fixtures/mollie-payment-paid.json' with {
  type: 'json',
};
import stripeSessionOpen from '../../integrations/payments/fixtures/stripe-checkout-session-open.json' with {
  type: 'json',
};
import stripeIntentSucceeded from '../../integrations/payments/fixtures/stripe-payment-intent-succeeded.json' with {
  type: 'json',
};
import { encryptSecret } from '../../lib/secrets.ts';
import type { Runtime } from '../../runtime.ts';
import { orderAccessToken } from '../orders/cart.ts';
import { confirmPayment } from './confirm.ts';

/*
 * Confirmation through the real provider adapters, offline at their HTTP boundary (msw; any
 * request not expected here fails the test), with the providers' documented answers.
 */

const MOLLIE = 'https://api.mollie.com/v2';
const MOLLIE_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
const STRIPE = 'https://api.stripe.com';
const STRIPE_KEY = 'sk_test_51PlatformKeyForTestsOnly';
const WHSEC = 'whsec_test_connect_endpoint_secret';
const ACCOUNT = 'acct_1Nv0FGQ9RKHgCVdK';

const server = setupServer();
let rt: Runtime;
let refs: Refs;
let r: ReturnType<typeof reads>;
let FR: number;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  rt = await startTestApp({
    payments: { mollieApiUrl: undefined, stripe: { secretKey: STRIPE_KEY, webhookSecret: WHSEC } },
  });
  refs = await loadRefs(rt);
  r = reads(rt);
  FR = (await r.db().select().from(countries).where(eq(countries.iso, 'FR')))[0].id;
});
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await rt.close();
});

const hal = (body: JsonBodyType, status = 200) =>
  HttpResponse.json(body, { status, headers: { 'Content-Type': 'application/hal+json' } });
const inject = (
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) => rt.app.inject({ method, url, payload: payload as never, headers: { origin: ORIGIN, ...headers } });

/** A seller shipping to France for 4.90 with one provider's card on; a viewer's cart of 25 €. */
async function cartWith(provider: 'mollie' | 'stripe', credential: string, methods = ['card']) {
  const live = await liveSeller(rt);
  const db = r.db();
  const [method] = await db
    .insert(shippingMethods)
    .values({ seller_id: live.seller.id, name: 'Colissimo' })
    .returning();
  await db
    .insert(shippingMethodCountries)
    .values({ shipping_method_id: method.id, seller_id: live.seller.id, country_id: FR, price_cents: 490 });
  await db.insert(paymentMethods).values(
    methods.map((method) => ({
      seller_id: live.seller.id,
      provider,
      method,
      status: true,
      credentials_encrypted: encryptSecret(rt.deps.config.authSecret, credential),
    })),
  );
  const product = await simpleProduct(rt, refs, live.api, 5);
  const from = viewer();
  await live.post([comment(product.keyword, from)]);
  const cart = await r.cartOfViewer(live.seller.id, from);
  if (!cart) throw new Error('no cart');
  const t = orderAccessToken(rt.deps.config.authSecret, cart.order_number);
  const submit = (pay = 'card') =>
    inject('POST', '/api/checkout?locale=fr', {
      orderNumber: cart.order_number,
      t,
      address: {
        first_name: 'Marie',
        last_name: 'Curie',
        email: 'marie@example.com',
        phone: '0612345678',
        country_id: FR,
        state: 'Ile-de-France',
        post_code: '75005',
        city: 'Paris',
        address1: '12 rue Pierre et Marie Curie',
      },
      shipping_method_id: method.id,
      payment_method: `${provider}:${pay}`,
      accept_terms: true,
    });
  return { ...live, cart, t, submit };
}

const orderOf = async (id: number) => (await r.db().select().from(orders).where(eq(orders.id, id)))[0];
const paymentOf = async (orderId: number) =>
  (await r.db().select().from(payments).where(eq(payments.order_id, orderId)))[0];
const payedHistory = (orderId: number) =>
  r
    .db()
    .select()
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.order_id, orderId), eq(orderStatusHistory.status, 'payed')));
const invoiceJobs = (orderId: number) =>
  r
    .db()
    .select()
    .from(outbox)
    .where(eq(outbox.dedupe_key, `invoice:${orderId}`));
const mollieHook = (id: string, paymentId?: number) =>
  inject('POST', `/api/payments/webhook/mollie${paymentId ? `?paymentId=${paymentId}` : ''}`, `id=${id}`, {
    'content-type': 'application/x-www-form-urlencoded',
  });

describe('Mollie', () => {
  it('checkout → Mollie page; its webhook, read back with the seller key, makes the order payed once', async () => {
    const c = await cartWith('mollie', MOLLIE_KEY);
    const id = molliePaymentOpen.id;
    let created: Record<string, unknown> | undefined;
    let mollieStatus: 'open' | 'paid' = 'open';
    const auths: (string | null)[] = [];
    server.use(
      http.post(`${MOLLIE}/payments`, async ({ request }) => {
        auths.push(request.headers.get('authorization'));
        created = (await request.json()) as Record<string, unknown>;
        return hal(
          {
            ...molliePaymentOpen,
            amount: created.amount,
            redirectUrl: created.redirectUrl,
            webhookUrl: created.webhookUrl,
          },
          201,
        );
      }),
      http.get(`${MOLLIE}/payments/${id}`, ({ request }) => {
        auths.push(request.headers.get('authorization'));
        const base = mollieStatus === 'paid' ? molliePaymentPaid : molliePaymentOpen;
        return hal({ ...base, id, amount: { value: '29.90', currency: 'EUR' } });
      }),
    );
    const res = await c.submit();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redirectUrl).toBe(molliePaymentOpen._links.checkout.href);
    const p = await paymentOf(c.cart.id);
    expect(p).toMatchObject({ provider: 'mollie', external_id: id, status: 'open', amount_cents: 2990 });
    expect(created).toMatchObject({
      amount: { currency: 'EUR', value: '29.90' },
      method: 'creditcard',
      webhookUrl: `${ORIGIN}/api/payments/webhook/mollie?paymentId=${p.id}`,
    });
    const back = new URL(created?.redirectUrl as string);
    expect(back.pathname).toBe(`/checkout/${c.cart.order_number}`);
    expect(back.searchParams.get('type')).toBe('mollie');
    expect(back.searchParams.get('hash')).toMatch(new RegExp(`^${p.id}\\.`));

    // Mollie says open: the webhook changes nothing yet.
    expect((await mollieHook(id, p.id)).statusCode).toBe(200);
    expect((await orderOf(c.cart.id)).status).toBe('new');

    mollieStatus = 'paid';
    const hook = await mollieHook(id, p.id);
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json()).toEqual({ received: true, status: 'paid' });
    expect((await mollieHook(id, p.id)).statusCode).toBe(200);
    const ret = await inject('POST', '/api/checkout/confirm?locale=fr', {
      hash: back.searchParams.get('hash'),
      type: 'mollie',
    });
    expect(ret.json()).toMatchObject({ paymentStatus: 'paid', orderStatus: 'payed' });
    expect((await orderOf(c.cart.id)).status).toBe('payed');
    expect((await paymentOf(c.cart.id)).status).toBe('paid');
    expect(await payedHistory(c.cart.id)).toHaveLength(1);
    expect(await invoiceJobs(c.cart.id)).toHaveLength(1);
    expect(auths.every((a) => a === `Bearer ${MOLLIE_KEY}`)).toBe(true);
  });

  it('a forged webhook changes nothing: an id that is not ours is acknowledged, one Mollie does not know is refused', async () => {
    const c = await cartWith('mollie', MOLLIE_KEY);
    const id = 'tr_Forged12345';
    server.use(
      http.post(`${MOLLIE}/payments`, () =>
        hal({ ...molliePaymentOpen, id, amount: { value: '29.90', currency: 'EUR' } }, 201),
      ),
    );
    expect((await c.submit()).statusCode).toBe(200);
    const p = await paymentOf(c.cart.id);

    // Not one of our payments: no call to Mollie at all (msw would fail the test), 200, nothing changed.
    const unknown = await mollieHook('tr_SomebodyElse9');
    expect(unknown.statusCode).toBe(200);
    expect(
      (
        await inject('POST', '/api/payments/webhook/mollie', 'id=not-an-id', {
          'content-type': 'application/x-www-form-urlencoded',
        })
      ).statusCode,
    ).toBe(400);

    // Ours by id, but Mollie (with this seller's key) does not know it: refused, nothing changed.
    server.use(http.get(`${MOLLIE}/payments/${id}`, () => hal(mollieError404, 404)));
    const refused = await mollieHook(id, p.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('webhook_refused');
    expect((await orderOf(c.cart.id)).status).toBe('new');
    expect((await paymentOf(c.cart.id)).status).toBe('open');
    expect(await invoiceJobs(c.cart.id)).toHaveLength(0);
    // insert-status asks Mollie too and refuses.
    const status = await inject(
      'GET',
      `/api/orders/insert-status?orderId=${c.cart.id}&status=payed&t=${c.t}`,
    );
    expect(status.json().error).toBe('payment_not_confirmed');
  });

  it('a Mollie failure at checkout answers a null redirect with the error, and the cart stays open', async () => {
    const c = await cartWith('mollie', MOLLIE_KEY);
    server.use(
      http.post(`${MOLLIE}/payments`, () =>
        hal({ status: 503, title: 'Service Unavailable', detail: 'down' }, 503),
      ),
    );
    const res = await c.submit();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ redirectUrl: null, error: 'payment_provider_error' });
    expect((await paymentOf(c.cart.id)).status).toBe('failed');
    expect((await orderOf(c.cart.id)).status).toBe('new');
  });
});

describe('trust #3: a second checkout never charges the shopper twice (Mollie)', () => {
  it('resumes the same payment, cancels it at Mollie for another choice, and sends the shopper back to one Mollie will not cancel', async () => {
    const c = await cartWith('mollie', MOLLIE_KEY, ['card', 'paypal']);
    const first = 'tr_FirstAttempt1';
    const second = 'tr_SecondAttempt1';
    const page = (id: string) => `https://www.mollie.com/checkout/select-method/${id}`;
    const state: Record<string, 'open' | 'canceled'> = { [first]: 'open', [second]: 'open' };
    let cancelable = false;
    let created = 0;
    const body = (id: string, method: string) => ({
      ...molliePaymentOpen,
      id,
      method,
      status: state[id],
      amount: { value: '29.90', currency: 'EUR' },
      _links: { ...molliePaymentOpen._links, checkout: { href: page(id), type: 'text/html' } },
    });
    server.use(
      http.post(`${MOLLIE}/payments`, () => {
        created++;
        return hal(body(created === 1 ? first : second, created === 1 ? 'creditcard' : 'paypal'), 201);
      }),
      http.get(`${MOLLIE}/payments/:id`, ({ params }) => hal(body(String(params.id), 'creditcard'))),
      http.delete(`${MOLLIE}/payments/:id`, ({ params }) => {
        if (!cancelable) {
          return hal(
            { status: 422, title: 'Unprocessable Entity', detail: 'The payment cannot be canceled' },
            422,
          );
        }
        state[String(params.id)] = 'canceled';
        return hal(body(String(params.id), 'creditcard'));
      }),
    );
    const opened = await c.submit();
    expect(opened.json().redirectUrl).toBe(page(first));
    // The same choice again: back to the same page, nothing new at Mollie.
    expect((await c.submit()).json().redirectUrl).toBe(page(first));
    expect(created).toBe(1);

    // Another method while Mollie will not cancel the first: the shopper is sent back to it.
    const refused = await c.submit('paypal');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'payment_in_progress', redirectUrl: page(first) });
    expect(created).toBe(1);
    expect(
      (await r.db().select().from(payments).where(eq(payments.order_id, c.cart.id))).map((p) => p.status),
    ).toEqual(['open']);

    // Cancelable now: the first is canceled at Mollie before the second starts.
    cancelable = true;
    const replaced = await c.submit('paypal');
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().redirectUrl).toBe(page(second));
    const rows = await r.db().select().from(payments).where(eq(payments.order_id, c.cart.id));
    expect(rows.map((p) => [p.external_id, p.status]).sort()).toEqual(
      [
        [first, 'canceled'],
        [second, 'open'],
      ].sort(),
    );
  });
});

describe('Stripe Connect', () => {
  const event = (sessionId: string) =>
    JSON.stringify({
      id: 'evt_1NG8Du2eZvKYlo2CUI79vXWy',
      object: 'event',
      account: ACCOUNT,
      api_version: '2026-02-25.clover',
      created: 1774012540,
      data: { object: { ...stripeSessionOpen, id: sessionId, status: 'complete', payment_status: 'paid' } },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
    });
  const signed = (payload: string, secret = WHSEC) =>
    new Stripe(STRIPE_KEY).webhooks.generateTestHeaderString({ payload, secret });
  const stripeHook = (payload: string, signature: string) =>
    inject('POST', '/api/payments/webhook/stripe', payload, {
      'content-type': 'application/json',
      'stripe-signature': signature,
    });

  it('a direct charge on the connected account; a bad signature is refused, a signed event confirms once', async () => {
    const c = await cartWith('stripe', ACCOUNT);
    const sessionId = stripeSessionOpen.id;
    let paid = false;
    const accounts: (string | null)[] = [];
    let fee: string | null = null;
    server.use(
      http.post(`${STRIPE}/v1/checkout/sessions`, async ({ request }) => {
        accounts.push(request.headers.get('stripe-account'));
        const form = new URLSearchParams(await request.text());
        fee = form.get('payment_intent_data[application_fee_amount]');
        return HttpResponse.json({
          ...stripeSessionOpen,
          amount_total: 2990,
          url: 'https://checkout.stripe.com/c/pay/cs_test_a1',
        });
      }),
      http.get(`${STRIPE}/v1/checkout/sessions/${sessionId}`, ({ request }) => {
        accounts.push(request.headers.get('stripe-account'));
        return HttpResponse.json(
          paid
            ? {
                ...stripeSessionOpen,
                amount_total: 2990,
                status: 'complete',
                payment_status: 'paid',
                payment_intent: { ...stripeIntentSucceeded, latest_charge: null },
              }
            : { ...stripeSessionOpen, amount_total: 2990 },
        );
      }),
    );
    const res = await c.submit();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redirectUrl).toBe('https://checkout.stripe.com/c/pay/cs_test_a1');
    // The Basic plan's percent of 29.90 €, on the merchant's own account.
    expect(fee).not.toBeNull();
    expect(Number(fee)).toBe((await paymentOf(c.cart.id)).fee_cents);

    const payload = event(sessionId);
    const forged = await stripeHook(payload, signed(payload, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('webhook_refused');
    const unsigned = await inject('POST', '/api/payments/webhook/stripe', payload, {
      'content-type': 'application/json',
    });
    expect(unsigned.statusCode).toBe(400);
    const tampered = await stripeHook(payload.replace('"paid"', '"unpaid"'), signed(payload));
    expect(tampered.statusCode).toBe(400);
    expect((await orderOf(c.cart.id)).status).toBe('new');
    expect((await paymentOf(c.cart.id)).status).toBe('open');

    paid = true;
    for (let i = 0; i < 2; i++) {
      const ok = await stripeHook(payload, signed(payload));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ received: true, status: 'paid' });
    }
    expect((await orderOf(c.cart.id)).status).toBe('payed');
    expect(await payedHistory(c.cart.id)).toHaveLength(1);
    expect(await invoiceJobs(c.cart.id)).toHaveLength(1);
    expect(accounts.every((a) => a === ACCOUNT)).toBe(true);

    // A signed event about a session that is not ours: acknowledged, nothing read.
    const other = event('cs_test_not_ours');
    expect((await stripeHook(other, signed(other))).json()).toEqual({ received: true, status: null });
  });
});

describe('confirmPayment', () => {
  it('answers null for an unknown payment and is safe to call concurrently', async () => {
    const env = { db: r.db(), config: rt.deps.config };
    expect(await confirmPayment(env, 99_999_999)).toBeNull();
    const c = await cartWith('mollie', MOLLIE_KEY);
    const id = 'tr_Concurrent1';
    server.use(
      http.post(`${MOLLIE}/payments`, () =>
        hal({ ...molliePaymentOpen, id, amount: { value: '29.90', currency: 'EUR' } }, 201),
      ),
      http.get(`${MOLLIE}/payments/${id}`, () =>
        hal({ ...molliePaymentPaid, id, amount: { value: '29.90', currency: 'EUR' } }),
      ),
    );
    expect((await c.submit()).statusCode).toBe(200);
    const p = await paymentOf(c.cart.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => confirmPayment(env, p.id)));
    expect(results.filter((x) => x?.transitioned)).toHaveLength(1);
    expect(results.every((x) => x?.orderStatus === 'payed')).toBe(true);
    expect(await payedHistory(c.cart.id)).toHaveLength(1);
    expect(await invoiceJobs(c.cart.id)).toHaveLength(1);
  });
});
