import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import error401 from './fixtures/mollie-error-401.json' with { type: 'json' };
import error404 from './fixtures/mollie-error-404.json' with { type: 'json' };
import error422 from './fixtures/mollie-error-422.json' with { type: 'json' };
import methodsList from './fixtures/mollie-methods.json' with { type: 'json' };
import paymentOpen from './fixtures/mollie-payment-open.json' with { type: 'json' };
import paymentPaid from './fixtures/mollie-payment-paid.json' with { type: 'json' };
import refundCreated from './fixtures/mollie-refund.json' with { type: 'json' };
import { MollieProvider, mollieValue } from './mollie.ts';
import { PaymentProviderError } from './provider.ts';

const API = 'https://api.mollie.com/v2';
const KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
const hal = (body: JsonBodyType, status = 200) =>
  HttpResponse.json(body, { status, headers: { 'Content-Type': 'application/hal+json' } });

interface Seen {
  method: string;
  path: string;
  auth: string | null;
  idempotencyKey: string | null;
  body: unknown;
}
let seen: Seen[] = [];
const server = setupServer();

/** A Mollie endpoint that records what it receives, then answers `respond(body)`. */
function on(method: 'get' | 'post' | 'delete', path: string, respond: (body: unknown) => Response) {
  return http[method](`${API}${path}`, async ({ request }) => {
    const text = await request.text();
    const body = text ? JSON.parse(text) : undefined;
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      auth: request.headers.get('authorization'),
      idempotencyKey: request.headers.get('idempotency-key'),
      body,
    });
    return respond(body);
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen = [];
});
afterAll(() => server.close());

const mollie = () => new MollieProvider({ apiKey: KEY });
/** A payment in one of Mollie's statuses, as GET /v2/payments/{id} answers it. */
const paymentIn = (status: string, extra: Record<string, unknown> = {}) => ({
  ...paymentPaid,
  status,
  ...extra,
});
const orderInput = {
  paymentId: 42,
  orderNumber: '7KQ2M9XW',
  amountCents: 123450,
  description: 'Order 7KQ2M9XW',
  method: 'card',
  redirectUrl: 'https://shop.example/checkout/7KQ2M9XW?storeName=demo&type=mollie',
  webhookUrl: 'https://shop.example/api/webhooks/mollie/42',
  locale: 'fr' as const,
};

describe('Mollie adapter', () => {
  it('formats cents as Mollie amount strings', () => {
    expect(mollieValue(123450)).toBe('1234.50');
    expect(mollieValue(1000)).toBe('10.00');
    expect(mollieValue(5)).toBe('0.05');
    expect(() => mollieValue(10.5)).toThrow();
  });

  it("creates a payment with the merchant's key, its own webhook URL and the order number", async () => {
    server.use(on('post', `/payments`, () => hal(paymentOpen, 201)));
    const created = await mollie().createPayment(orderInput);

    expect(created).toMatchObject({
      externalId: 'tr_WDqYK6vllg',
      checkoutUrl: 'https://www.mollie.com/checkout/select-method/WDqYK6vllg',
      status: 'open',
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v2/payments', auth: `Bearer ${KEY}` });
    expect(seen[0].body).toMatchObject({
      amount: { currency: 'EUR', value: '1234.50' },
      description: 'Order 7KQ2M9XW',
      redirectUrl: orderInput.redirectUrl,
      webhookUrl: 'https://shop.example/api/webhooks/mollie/42',
      method: 'creditcard',
      locale: 'fr_FR',
      metadata: { orderNumber: '7KQ2M9XW', paymentId: 42 },
    });
  });

  it('passes PayPal, Bancontact and iDEAL under their Mollie names', async () => {
    server.use(on('post', `/payments`, () => hal(paymentOpen, 201)));
    for (const method of ['paypal', 'bancontact', 'ideal']) {
      await mollie().createPayment({ ...orderInput, method });
    }
    expect(seen.map((s) => (s.body as { method: string }).method)).toEqual(['paypal', 'bancontact', 'ideal']);
  });

  it("refuses a method Mollie doesn't have without calling it", async () => {
    await expect(mollie().createPayment({ ...orderInput, method: 'cheque' })).rejects.toMatchObject({
      kind: 'invalid_request',
    });
    expect(seen).toHaveLength(0);
  });

  it("maps Mollie's refusal to a PaymentProviderError with Mollie's message", async () => {
    server.use(on('post', `/payments`, () => hal(error422, 422)));
    const err = await mollie()
      .createPayment(orderInput)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({
      provider: 'mollie',
      kind: 'invalid_request',
      status: 422,
      message: 'The amount is lower than the minimum',
    });
  });

  it.each([
    ['open', 'open'],
    ['pending', 'pending'],
    ['authorized', 'pending'],
    ['paid', 'paid'],
    ['failed', 'failed'],
    ['canceled', 'canceled'],
    ['expired', 'canceled'],
  ])('reads a Mollie %s payment back as %s', async (mollieStatus, ours) => {
    server.use(on('get', `/payments/tr_WDqYK6vllg`, () => hal(paymentIn(mollieStatus))));
    const state = await mollie().getStatus('tr_WDqYK6vllg');
    expect(state.status).toBe(ours);
    expect(state.amountCents).toBe(123450);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/v2/payments/tr_WDqYK6vllg',
      auth: `Bearer ${KEY}`,
    });
  });

  it('reads a paid card payment with its method and date', async () => {
    server.use(on('get', `/payments/tr_WDqYK6vllg`, () => hal(paymentPaid)));
    const state = await mollie().getStatus('tr_WDqYK6vllg');
    expect(state).toMatchObject({ status: 'paid', method: 'card', refundedCents: 0 });
    expect(state.paidAt?.toISOString()).toBe('2026-03-20T13:15:02.000Z');
  });

  it('refunds part of a payment, which stays paid, then the rest, which makes it refunded', async () => {
    let refunded = 0;
    server.use(
      on('get', `/payments/tr_WDqYK6vllg`, () =>
        hal(paymentIn('paid', { amountRefunded: { currency: 'EUR', value: mollieValue(refunded) } })),
      ),
      on('post', `/payments/tr_WDqYK6vllg/refunds`, (raw) => {
        const body = raw as { amount: { value: string } };
        refunded += Math.round(Number(body.amount.value) * 100);
        return hal({ ...refundCreated, amount: body.amount }, 201);
      }),
    );
    const partial = await mollie().refund('tr_WDqYK6vllg', 23450);
    expect(partial).toMatchObject({ status: 'paid', refundedCents: 23450 });
    const refundCall = seen.find((s) => s.method === 'POST');
    expect(refundCall).toMatchObject({ path: '/v2/payments/tr_WDqYK6vllg/refunds', auth: `Bearer ${KEY}` });
    expect(refundCall?.body).toMatchObject({ amount: { currency: 'EUR', value: '234.50' } });

    seen = [];
    const full = await mollie().refund('tr_WDqYK6vllg');
    expect(full).toMatchObject({ status: 'refunded', refundedCents: 123450 });
    expect(seen.find((s) => s.method === 'POST')?.body).toMatchObject({ amount: { value: '1000.00' } });
  });

  it('orders #12: sends the Idempotency-Key given with the refund and answers the refund id', async () => {
    server.use(
      on('get', `/payments/tr_WDqYK6vllg`, () => hal(paymentIn('paid'))),
      on('post', `/payments/tr_WDqYK6vllg/refunds`, (raw) =>
        hal({ ...refundCreated, amount: (raw as { amount: unknown }).amount }, 201),
      ),
    );
    const state = await mollie().refund('tr_WDqYK6vllg', 123450, {
      idempotencyKey: 'refund:order:7:payment:9',
    });
    expect(state.refundId).toBe(refundCreated.id);
    const call = seen.find((s) => s.method === 'POST');
    expect(call).toMatchObject({
      idempotencyKey: 'refund:order:7:payment:9',
      body: { amount: { value: '1234.50' } },
    });
  });

  it('cancels an open payment with DELETE, and reports Mollie’s refusal of one it cannot cancel', async () => {
    server.use(
      on('delete', `/payments/tr_WDqYK6vllg`, () => hal(paymentIn('canceled', { paidAt: undefined }))),
    );
    await expect(mollie().cancel('tr_WDqYK6vllg')).resolves.toMatchObject({ status: 'canceled' });
    expect(seen[0]).toMatchObject({
      method: 'DELETE',
      path: '/v2/payments/tr_WDqYK6vllg',
      auth: `Bearer ${KEY}`,
    });

    server.use(
      on('delete', `/payments/tr_Started`, () =>
        hal({ ...error422, detail: 'The payment cannot be canceled' }, 422),
      ),
    );
    await expect(mollie().cancel('tr_Started')).rejects.toMatchObject({
      kind: 'invalid_request',
      status: 422,
      message: 'The payment cannot be canceled',
    });
  });

  it('accepts a webhook whose id the merchant’s key reads back', async () => {
    server.use(on('get', `/payments/tr_WDqYK6vllg`, () => hal(paymentPaid)));
    const notice = await mollie().verifyWebhook({
      rawBody: 'id=tr_WDqYK6vllg',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notice).toEqual({ externalId: 'tr_WDqYK6vllg' });
    expect(seen[0]).toMatchObject({ path: '/v2/payments/tr_WDqYK6vllg', auth: `Bearer ${KEY}` });
  });

  it("refuses a forged webhook id that the merchant's key doesn't know (404 from Mollie)", async () => {
    server.use(on('get', `/payments/tr_ForgedId123`, () => hal(error404, 404)));
    await expect(mollie().verifyWebhook({ rawBody: 'id=tr_ForgedId123', headers: {} })).rejects.toMatchObject(
      { kind: 'webhook_refused', status: 404 },
    );
  });

  it('refuses a webhook without a payment id without calling Mollie', async () => {
    for (const rawBody of ['', 'id=', 'id=../methods', 'foo=bar']) {
      await expect(mollie().verifyWebhook({ rawBody, headers: {} })).rejects.toMatchObject({
        kind: 'webhook_refused',
      });
    }
    expect(seen).toHaveLength(0);
  });

  it("checks a merchant's key by listing its methods", async () => {
    server.use(on('get', `/methods`, () => hal(methodsList)));
    await expect(mollie().testCredentials()).resolves.toEqual({
      label: 'Mollie (test)',
      methods: ['card', 'paypal', 'bancontact'],
    });
    expect(seen[0]).toMatchObject({ path: '/v2/methods', auth: `Bearer ${KEY}` });
  });

  it('refuses a wrong key with an unauthorized error', async () => {
    server.use(on('get', `/methods`, () => hal(error401, 401)));
    await expect(new MollieProvider({ apiKey: 'test_wrong' }).testCredentials()).rejects.toMatchObject({
      kind: 'unauthorized',
      message: 'Missing authentication, or failed to authenticate',
    });
  });
});
