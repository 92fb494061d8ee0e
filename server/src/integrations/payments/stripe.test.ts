import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import account from './fixtures/stripe-account.json' with { type: 'json' };
import sessionOpen from './fixtures/stripe-checkout-session-open.json' with { type: 'json' };
import error401 from './fixtures/stripe-error-401.json' with { type: 'json' };
import error404 from './fixtures/stripe-error-404.json' with { type: 'json' };
import oauthError from './fixtures/stripe-oauth-error.json' with { type: 'json' };
import oauthToken from './fixtures/stripe-oauth-token.json' with { type: 'json' };
import intentSucceeded from './fixtures/stripe-payment-intent-succeeded.json' with { type: 'json' };
import refundFixture from './fixtures/stripe-refund.json' with { type: 'json' };
import { PaymentProviderError } from './provider.ts';
import { applicationFee, StripePlatform } from './stripe.ts';

const API = 'https://api.stripe.com';
const SECRET_KEY = 'sk_test_51PlatformKeyForTestsOnly';
const WEBHOOK_SECRET = 'whsec_test_connect_endpoint_secret';
const ACCOUNT = 'acct_1Nv0FGQ9RKHgCVdK';
const SESSION = sessionOpen.id;

interface Seen {
  method: string;
  path: string;
  auth: string | null;
  account: string | null;
  idempotencyKey: string | null;
  form: URLSearchParams;
  query: URLSearchParams;
}
let seen: Seen[] = [];
const server = setupServer();

/** A Stripe endpoint that records what it receives (form-encoded), then answers `respond(form)`. */
function on(method: 'get' | 'post', url: string, respond: (form: URLSearchParams) => Response) {
  return http[method](url, async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    const u = new URL(request.url);
    seen.push({
      method: request.method,
      path: u.pathname,
      auth: request.headers.get('authorization'),
      account: request.headers.get('stripe-account'),
      idempotencyKey: request.headers.get('idempotency-key'),
      form,
      query: u.searchParams,
    });
    return respond(form);
  });
}
const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen = [];
});
afterAll(() => server.close());

const platform = () =>
  new StripePlatform({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    clientId: 'ca_FkyHCg7X8mlvCUdMDao4mMxagUfhIrQy',
    maxNetworkRetries: 0,
  });
const merchant = () => platform().forAccount(ACCOUNT, { feePercent: 2 });

/** The session as GET /v1/checkout/sessions/{id}?expand[]=payment_intent.latest_charge answers it. */
function sessionWith(patch: Record<string, unknown>, intent: Record<string, unknown> | null = null) {
  return { ...sessionOpen, url: null, ...patch, payment_intent: intent };
}
const paidIntent = (chargePatch: Record<string, unknown> = {}) => ({
  ...intentSucceeded,
  latest_charge: { ...intentSucceeded.latest_charge, ...chargePatch },
});

const orderInput = {
  paymentId: 42,
  orderNumber: '7KQ2M9XW',
  amountCents: 123450,
  description: 'Commande 7KQ2M9XW',
  method: 'card',
  redirectUrl: 'https://shop.example/checkout/7KQ2M9XW?storeName=demo',
  cancelUrl: 'https://shop.example/checkout/7KQ2M9XW?storeName=demo&canceled=1',
  webhookUrl: 'https://shop.example/api/webhooks/stripe',
  locale: 'fr' as const,
  customerEmail: 'marie@example.fr',
};

describe('Stripe Connect adapter', () => {
  it("rounds the platform's fee to the cent", () => {
    expect(applicationFee(123450, 2)).toBe(2469);
    expect(applicationFee(1999, 2.5)).toBe(50);
    expect(applicationFee(1000, 0)).toBe(0);
  });

  it('creates a Checkout Session as a direct charge on the connected account with the platform fee', async () => {
    server.use(on('post', `${API}/v1/checkout/sessions`, () => json(sessionOpen)));
    const created = await merchant().createPayment(orderInput);

    expect(created).toMatchObject({ externalId: SESSION, checkoutUrl: sessionOpen.url, status: 'open' });
    expect(seen).toHaveLength(1);
    const [call] = seen;
    // Retried creations of this payment attempt give the same session, not a second charge.
    expect(call.idempotencyKey).toBe('livecart-7KQ2M9XW-42');
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      auth: `Bearer ${SECRET_KEY}`,
      account: ACCOUNT,
    });
    expect(Object.fromEntries(call.form)).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '123450',
      'line_items[0][price_data][product_data][name]': 'Commande 7KQ2M9XW',
      'payment_method_types[0]': 'card',
      'payment_intent_data[application_fee_amount]': '2469',
      'payment_intent_data[metadata][orderNumber]': '7KQ2M9XW',
      'metadata[orderNumber]': '7KQ2M9XW',
      'metadata[paymentId]': '42',
      client_reference_id: '7KQ2M9XW',
      success_url: orderInput.redirectUrl,
      cancel_url: orderInput.cancelUrl,
      customer_email: 'marie@example.fr',
      locale: 'fr',
    });
  });

  it.each([
    ['an open session', 'open', sessionWith({ status: 'open', payment_status: 'unpaid' })],
    ['a paid session', 'paid', sessionWith({ status: 'complete', payment_status: 'paid' }, paidIntent())],
    [
      'a session paid by a delayed method',
      'pending',
      sessionWith(
        { status: 'complete', payment_status: 'unpaid' },
        { ...intentSucceeded, status: 'processing', latest_charge: null },
      ),
    ],
    [
      'a delayed payment that failed',
      'failed',
      sessionWith(
        { status: 'complete', payment_status: 'unpaid' },
        { ...intentSucceeded, status: 'requires_payment_method', latest_charge: null },
      ),
    ],
    ['an expired session', 'canceled', sessionWith({ status: 'expired', payment_status: 'unpaid' })],
    [
      'a fully refunded payment',
      'refunded',
      sessionWith(
        { status: 'complete', payment_status: 'paid' },
        paidIntent({ refunded: true, amount_refunded: 123450 }),
      ),
    ],
  ])('reads %s back as %s', async (_label, status, session) => {
    server.use(on('get', `${API}/v1/checkout/sessions/${SESSION}`, () => json(session)));
    const state = await merchant().getStatus(SESSION);
    expect(state.status).toBe(status);
    expect(state.amountCents).toBe(123450);
    expect(seen[0]).toMatchObject({ auth: `Bearer ${SECRET_KEY}`, account: ACCOUNT });
    expect(seen[0].query.getAll('expand[0]')).toEqual(['payment_intent.latest_charge']);
  });

  it('reads a paid session with its method and date', async () => {
    server.use(
      on('get', `${API}/v1/checkout/sessions/${SESSION}`, () =>
        json(sessionWith({ status: 'complete', payment_status: 'paid' }, paidIntent())),
      ),
    );
    const state = await merchant().getStatus(SESSION);
    expect(state).toMatchObject({ status: 'paid', method: 'card', refundedCents: 0 });
    expect(state.paidAt?.getTime()).toBe(intentSucceeded.latest_charge.created * 1000);
  });

  it("answers a clear not_found with Stripe's message for an unknown session", async () => {
    server.use(on('get', `${API}/v1/checkout/sessions/cs_test_unknown`, () => json(error404, 404)));
    const err = await merchant()
      .getStatus('cs_test_unknown')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({
      provider: 'stripe',
      kind: 'not_found',
      status: 404,
      message: "No such checkout.session: 'cs_test_unknown'",
    });
  });

  it('refunds part of the payment on the connected account, giving back the fee', async () => {
    let refunded = 0;
    server.use(
      on('get', `${API}/v1/checkout/sessions/${SESSION}`, () =>
        json(
          sessionWith(
            { status: 'complete', payment_status: 'paid' },
            paidIntent({ amount_refunded: refunded, refunded: refunded >= 123450 }),
          ),
        ),
      ),
      on('post', `${API}/v1/refunds`, (form) => {
        refunded += Number(form.get('amount') ?? 123450 - refunded);
        return json({ ...refundFixture, amount: refunded });
      }),
    );
    const partial = await merchant().refund(SESSION, 23450);
    expect(partial).toMatchObject({ status: 'paid', refundedCents: 23450 });
    const call = seen.find((s) => s.path === '/v1/refunds');
    expect(call).toMatchObject({ method: 'POST', auth: `Bearer ${SECRET_KEY}`, account: ACCOUNT });
    expect(Object.fromEntries(call?.form ?? [])).toEqual({
      payment_intent: intentSucceeded.id,
      amount: '23450',
      refund_application_fee: 'true',
    });

    seen = [];
    const full = await merchant().refund(SESSION);
    expect(full).toMatchObject({ status: 'refunded', refundedCents: 123450 });
    expect(seen.find((s) => s.path === '/v1/refunds')?.form.has('amount')).toBe(false);
  });

  it('orders #12: refunds in full on the connected account with the Idempotency-Key given', async () => {
    server.use(
      on('get', `${API}/v1/checkout/sessions/${SESSION}`, () =>
        json(sessionWith({ status: 'complete', payment_status: 'paid' }, paidIntent())),
      ),
      on('post', `${API}/v1/refunds`, () => json({ ...refundFixture, amount: 123450 })),
    );
    const state = await merchant().refund(SESSION, 123450, { idempotencyKey: 'refund:order:7:payment:9' });
    expect(state.refundId).toBe(refundFixture.id);
    const call = seen.find((s) => s.path === '/v1/refunds');
    expect(call).toMatchObject({ account: ACCOUNT, idempotencyKey: 'refund:order:7:payment:9' });
    expect(call?.form.get('amount')).toBe('123450');
  });

  it('refuses to refund a session that was never paid', async () => {
    server.use(on('get', `${API}/v1/checkout/sessions/${SESSION}`, () => json(sessionWith({}))));
    await expect(merchant().refund(SESSION)).rejects.toMatchObject({ kind: 'invalid_request' });
    expect(seen.some((s) => s.path === '/v1/refunds')).toBe(false);
  });

  it('cancels an open session by expiring it on the connected account', async () => {
    let expired = false;
    server.use(
      on('post', `${API}/v1/checkout/sessions/${SESSION}/expire`, () => {
        expired = true;
        return json(sessionWith({ status: 'expired' }));
      }),
      on('get', `${API}/v1/checkout/sessions/${SESSION}`, () =>
        json(sessionWith(expired ? { status: 'expired' } : {})),
      ),
    );
    await expect(merchant().cancel(SESSION)).resolves.toMatchObject({ status: 'canceled' });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: `/v1/checkout/sessions/${SESSION}/expire`,
      account: ACCOUNT,
    });
  });

  describe('Connect webhook', () => {
    const event = (type: string, accountId: string | undefined = ACCOUNT) =>
      JSON.stringify({
        id: 'evt_1NG8Du2eZvKYlo2CUI79vXWy',
        object: 'event',
        account: accountId,
        api_version: '2026-02-25.clover',
        created: 1774012540,
        data: {
          object: {
            ...sessionOpen,
            status: 'complete',
            payment_status: 'paid',
            payment_intent: intentSucceeded.id,
          },
        },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
    const signed = (payload: string, secret = WEBHOOK_SECRET) =>
      platform().stripe.webhooks.generateTestHeaderString({ payload, secret });

    it('accepts a checkout.session.completed event signed with the endpoint secret', async () => {
      const payload = event('checkout.session.completed');
      const notice = await merchant().verifyWebhook({
        rawBody: Buffer.from(payload),
        headers: { 'stripe-signature': signed(payload), 'content-type': 'application/json' },
      });
      expect(notice).toEqual({ externalId: SESSION, accountId: ACCOUNT, type: 'checkout.session.completed' });
      expect(seen).toHaveLength(0);
    });

    it('refuses a forged signature', async () => {
      const payload = event('checkout.session.completed');
      const forged = signed(payload, 'whsec_someone_else');
      await expect(
        platform().verifyWebhook({ rawBody: payload, headers: { 'Stripe-Signature': forged } }),
      ).rejects.toMatchObject({ kind: 'webhook_refused' });
    });

    it('refuses a body changed after signing', async () => {
      const header = signed(event('checkout.session.completed'));
      const tampered = event('checkout.session.completed').replace('"paid"', '"unpaid"');
      await expect(
        platform().verifyWebhook({ rawBody: tampered, headers: { 'stripe-signature': header } }),
      ).rejects.toMatchObject({ kind: 'webhook_refused' });
    });

    it('refuses an event without a signature', async () => {
      await expect(
        platform().verifyWebhook({ rawBody: event('checkout.session.completed'), headers: {} }),
      ).rejects.toMatchObject({ kind: 'webhook_refused', message: 'Missing Stripe-Signature header' });
    });

    it("refuses another merchant's event on this merchant's provider", async () => {
      const payload = event('checkout.session.completed', 'acct_other');
      await expect(
        merchant().verifyWebhook({ rawBody: payload, headers: { 'stripe-signature': signed(payload) } }),
      ).rejects.toMatchObject({ kind: 'webhook_refused' });
    });

    it('acknowledges genuine events about something else with null', async () => {
      const payload = event('account.updated');
      await expect(
        platform().verifyWebhook({ rawBody: payload, headers: { 'stripe-signature': signed(payload) } }),
      ).resolves.toBeNull();
    });
  });

  describe('OAuth connection', () => {
    it('builds the authorize URL with the client id, read_write scope and state', () => {
      const url = new URL(
        platform().authorizeUrl({ state: 'st_9f2c', redirectUri: 'https://shop.example/api/stripe/oauth' }),
      );
      expect(url.origin + url.pathname).toBe('https://connect.stripe.com/oauth/authorize');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        response_type: 'code',
        client_id: 'ca_FkyHCg7X8mlvCUdMDao4mMxagUfhIrQy',
        scope: 'read_write',
        state: 'st_9f2c',
        redirect_uri: 'https://shop.example/api/stripe/oauth',
      });
    });

    it("exchanges the code for the merchant's account id", async () => {
      server.use(on('post', 'https://connect.stripe.com/oauth/token', () => json(oauthToken)));
      await expect(platform().exchangeCode('ac_123456789')).resolves.toEqual({
        accountId: ACCOUNT,
        livemode: false,
      });
      expect(seen[0]).toMatchObject({ path: '/oauth/token', auth: `Bearer ${SECRET_KEY}`, account: null });
      expect(Object.fromEntries(seen[0].form)).toEqual({
        grant_type: 'authorization_code',
        code: 'ac_123456789',
      });
    });

    it('refuses a forged code with the provider message', async () => {
      server.use(on('post', 'https://connect.stripe.com/oauth/token', () => json(oauthError, 400)));
      await expect(platform().exchangeCode('ac_forged')).rejects.toMatchObject({
        provider: 'stripe',
        kind: 'invalid_request',
        message: 'Authorization code does not exist: ac_forged',
      });
    });
  });

  describe('credentials check', () => {
    it('reads the connected account and labels it with its business name', async () => {
      server.use(on('get', `${API}/v1/accounts/${ACCOUNT}`, () => json(account)));
      await expect(merchant().testCredentials()).resolves.toEqual({ label: 'Boutique Crème & Co' });
      expect(seen[0]).toMatchObject({ auth: `Bearer ${SECRET_KEY}` });
    });

    it('refuses an account that cannot take payments yet', async () => {
      server.use(
        on('get', `${API}/v1/accounts/${ACCOUNT}`, () => json({ ...account, charges_enabled: false })),
      );
      await expect(merchant().testCredentials()).rejects.toMatchObject({ kind: 'invalid_request' });
    });

    it('maps a wrong platform key to unauthorized', async () => {
      server.use(on('get', `${API}/v1/accounts/${ACCOUNT}`, () => json(error401, 401)));
      await expect(merchant().testCredentials()).rejects.toMatchObject({
        kind: 'unauthorized',
        message: error401.error.message,
      });
    });
  });
});
