import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import sessionComplete from './fixtures/billing-checkout-session-setup-complete.json' with { type: 'json' };
import sessionOpen from './fixtures/billing-checkout-session-setup-open.json' with { type: 'json' };
import customer from './fixtures/billing-customer.json' with { type: 'json' };
import error401 from './fixtures/billing-error-401.json' with { type: 'json' };
import error404 from './fixtures/billing-error-404.json' with { type: 'json' };
import authRequired from './fixtures/billing-error-authentication-required.json' with { type: 'json' };
import cardDeclined from './fixtures/billing-error-card-declined.json' with { type: 'json' };
import invoicePaidEvent from './fixtures/billing-event-invoice-paid.json' with { type: 'json' };
import invoiceItem from './fixtures/billing-invoice-item.json' with { type: 'json' };
import oneoffDraft from './fixtures/billing-invoice-oneoff-draft.json' with { type: 'json' };
import renewalPaid from './fixtures/billing-invoice-subscription-paid.json' with { type: 'json' };
import card from './fixtures/billing-payment-method-card.json' with { type: 'json' };
import sepa from './fixtures/billing-payment-method-sepa.json' with { type: 'json' };
import priceMonth from './fixtures/billing-price-month.json' with { type: 'json' };
import product from './fixtures/billing-product.json' with { type: 'json' };
import subTrialing from './fixtures/billing-subscription-trialing.json' with { type: 'json' };
import taxRate from './fixtures/billing-tax-rate.json' with { type: 'json' };
import { billingAvailable, createBillingProvider, SandboxBilling } from './index.ts';
import { BillingProviderError } from './provider.ts';
import { memorySandboxBillingStore } from './sandbox.ts';
import { StripeBilling } from './stripe.ts';

const API = 'https://api.stripe.com';
const SECRET_KEY = 'sk_test_51PlatformBillingKeyForTestsOnly';
const WEBHOOK_SECRET = 'whsec_test_billing_endpoint_secret';
const CUS = customer.id;
const SUB = subTrialing.id;

interface Seen {
  method: string;
  path: string;
  auth: string | null;
  idempotencyKey: string | null;
  form: URLSearchParams;
  query: URLSearchParams;
}
let seen: Seen[] = [];
const server = setupServer();

/** A Stripe endpoint that records what it receives (form-encoded), then answers `respond(form)`. */
function on(method: 'get' | 'post' | 'delete', url: string, respond: (form: URLSearchParams) => Response) {
  return http[method](url, async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    const u = new URL(request.url);
    seen.push({
      method: request.method,
      path: u.pathname,
      auth: request.headers.get('authorization'),
      idempotencyKey: request.headers.get('idempotency-key'),
      form,
      query: u.searchParams,
    });
    return respond(form);
  });
}
const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });
const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
const taxRatesFound = () => on('get', `${API}/v1/tax_rates`, () => json(list([taxRate], '/v1/tax_rates')));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen = [];
});
afterAll(() => server.close());

const stripe = (webhookSecret: string | undefined = WEBHOOK_SECRET) =>
  new StripeBilling({
    secretKey: SECRET_KEY,
    ...(webhookSecret ? { webhookSecret } : {}),
    maxNetworkRetries: 0,
  });
const unix = (iso: string) => String(Date.parse(iso) / 1000);

describe('Stripe billing: customers and registrations', () => {
  it('creates the customer once per key, with the seller in metadata', async () => {
    server.use(on('post', `${API}/v1/customers`, () => json(customer)));
    expect(
      await stripe().createCustomer({
        email: 'vendeur@example.fr',
        name: 'Claire Martin',
        userId: 42,
        idempotencyKey: 'customer-42',
      }),
    ).toBe(CUS);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.auth).toBe(`Bearer ${SECRET_KEY}`);
    expect(seen[0]?.idempotencyKey).toBe('customer-42');
    expect(Object.fromEntries(seen[0]?.form ?? [])).toEqual({
      email: 'vendeur@example.fr',
      name: 'Claire Martin',
      'metadata[user_id]': '42',
    });
  });

  it('starts a registration as a Checkout Session in setup mode for card and SEPA Direct Debit', async () => {
    server.use(on('post', `${API}/v1/checkout/sessions`, () => json(sessionOpen)));
    const returnUrl = 'https://app.example/en/billing/return?setup_intent_client_secret=s3cret';
    const setup = await stripe().startSetup({ customerId: CUS, returnUrl, idempotencyKey: 'setup-7' });
    expect(setup).toEqual({ id: sessionOpen.id, redirectUrl: sessionOpen.url });
    const form = seen[0]?.form;
    expect(seen[0]?.idempotencyKey).toBe('setup-7');
    expect(form?.get('mode')).toBe('setup');
    expect(form?.get('customer')).toBe(CUS);
    expect(form?.get('currency')).toBe('eur');
    expect(form?.getAll('payment_method_types[0]')).toEqual(['card']);
    expect(form?.getAll('payment_method_types[1]')).toEqual(['sepa_debit']);
    // Stripe fills {CHECKOUT_SESSION_ID} in: it must reach Stripe unencoded.
    expect(form?.get('success_url')).toBe(
      `${returnUrl}&setup_intent={CHECKOUT_SESSION_ID}&redirect_status=succeeded`,
    );
    expect(form?.get('cancel_url')).toBe(`${returnUrl}&redirect_status=failed`);
  });

  it('reads a registration back with its payment method', async () => {
    server.use(on('get', `${API}/v1/checkout/sessions/${sessionComplete.id}`, () => json(sessionComplete)));
    expect(await stripe().getSetup(sessionComplete.id)).toEqual({
      id: sessionComplete.id,
      customerId: CUS,
      status: 'succeeded',
      paymentMethod: { id: card.id, kind: 'card', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    expect(seen[0]?.query.get('expand[0]')).toBe('setup_intent.payment_method');

    server.use(on('get', `${API}/v1/checkout/sessions/${sessionOpen.id}`, () => json(sessionOpen)));
    expect(await stripe().getSetup(sessionOpen.id)).toMatchObject({ status: 'pending', paymentMethod: null });
    const expired = { ...sessionOpen, status: 'expired' };
    server.use(on('get', `${API}/v1/checkout/sessions/${sessionOpen.id}`, () => json(expired)));
    expect((await stripe().getSetup(sessionOpen.id)).status).toBe('failed');
    const authenticating = {
      ...sessionComplete,
      status: 'open',
      setup_intent: { ...sessionComplete.setup_intent, status: 'requires_action' },
    };
    server.use(on('get', `${API}/v1/checkout/sessions/${sessionOpen.id}`, () => json(authenticating)));
    expect(await stripe().getSetup(sessionOpen.id)).toMatchObject({
      status: 'requires_action',
      paymentMethod: null,
    });
  });

  it('lists cards and SEPA mandates, sets the default, detaches', async () => {
    server.use(
      http.get(`${API}/v1/payment_methods`, ({ request }) => {
        const type = new URL(request.url).searchParams.get('type');
        seen.push({
          method: 'GET',
          path: '/v1/payment_methods',
          auth: null,
          idempotencyKey: null,
          form: new URLSearchParams(),
          query: new URL(request.url).searchParams,
        });
        return json(list(type === 'card' ? [card] : [sepa], '/v1/payment_methods'));
      }),
      on('post', `${API}/v1/customers/${CUS}`, () => json(customer)),
      on('post', `${API}/v1/payment_methods/${card.id}/detach`, () => json({ ...card, customer: null })),
    );
    const p = stripe();
    expect(await p.listPaymentMethods(CUS)).toEqual([
      { id: card.id, kind: 'card', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
      { id: sepa.id, kind: 'sepa_debit', brand: null, last4: '0189', expMonth: null, expYear: null },
    ]);
    expect(seen.map((s) => [s.query.get('customer'), s.query.get('type')]).sort()).toEqual([
      [CUS, 'card'],
      [CUS, 'sepa_debit'],
    ]);
    seen = [];
    await p.setDefaultPaymentMethod(CUS, card.id);
    expect(seen[0]?.form.get('invoice_settings[default_payment_method]')).toBe(card.id);
    await p.detachPaymentMethod(card.id);
    expect(seen[1]?.path).toBe(`/v1/payment_methods/${card.id}/detach`);
  });
});

describe('Stripe billing: plans', () => {
  it('makes a product per plan and a price per interval; a changed amount gets a new price and archives the old', async () => {
    let made = 0;
    server.use(
      on('get', `${API}/v1/products`, () => json(list([], '/v1/products'))),
      on('post', `${API}/v1/products`, () => json(product)),
      on('post', `${API}/v1/prices`, (f) =>
        json({
          ...priceMonth,
          id: `price_new_${++made}`,
          unit_amount: Number(f.get('unit_amount')),
          recurring: { ...priceMonth.recurring, interval: f.get('recurring[interval]') },
        }),
      ),
    );
    const [first] = await stripe().syncPlans([
      { code: 'business', name: 'Business', monthlyCents: 4900, yearlyCents: 49000, known: {} },
    ]);
    expect(first).toEqual({
      code: 'business',
      product: product.id,
      month: { id: 'price_new_1', cents: 4900 },
      year: { id: 'price_new_2', cents: 49000 },
    });
    const productForm = seen.find((s) => s.path === '/v1/products' && s.method === 'POST')?.form;
    expect(productForm?.get('metadata[plan_code]')).toBe('business');
    const priceForm = seen.find((s) => s.path === '/v1/prices')?.form;
    expect(Object.fromEntries(priceForm ?? [])).toEqual({
      product: product.id,
      currency: 'eur',
      unit_amount: '4900',
      'recurring[interval]': 'month',
      lookup_key: 'business_month',
      transfer_lookup_key: 'true',
      'metadata[plan_code]': 'business',
    });

    seen = [];
    server.use(
      on('get', `${API}/v1/products`, () => json(list([product], '/v1/products'))),
      on('post', `${API}/v1/prices/price_new_2`, () =>
        json({ ...priceMonth, id: 'price_new_2', active: false }),
      ),
    );
    const [second] = await stripe().syncPlans([
      {
        code: 'business',
        name: 'Business',
        monthlyCents: 4900,
        yearlyCents: 52000,
        known: {
          product: product.id,
          month: { id: 'price_new_1', cents: 4900 },
          year: { id: 'price_new_2', cents: 49000 },
        },
      },
    ]);
    expect(second).toEqual({
      code: 'business',
      product: product.id,
      month: { id: 'price_new_1', cents: 4900 },
      year: { id: 'price_new_3', cents: 52000 },
    });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /v1/products',
      'POST /v1/prices',
      'POST /v1/prices/price_new_2',
    ]);
    expect(seen[2]?.form.get('active')).toBe('false');
  });

  it('lists prices with their plan code', async () => {
    server.use(on('get', `${API}/v1/prices`, () => json(list([{ ...priceMonth, product }], '/v1/prices'))));
    expect(await stripe().listPrices()).toEqual([
      {
        id: priceMonth.id,
        productId: product.id,
        planCode: 'business',
        interval: 'month',
        amountCents: 4900,
        currency: 'eur',
        active: true,
      },
    ]);
    expect(seen[0]?.query.get('expand[0]')).toBe('data.product');
  });
});

describe('Stripe billing: subscriptions', () => {
  it('creates a subscription keeping the trial, with the VAT rate, once per key', async () => {
    server.use(
      taxRatesFound(),
      on('post', `${API}/v1/subscriptions`, () => json(subTrialing)),
    );
    const p = stripe();
    const trialEnd = new Date('2026-04-09T10:00:00Z');
    const sub = await p.createSubscription({
      customerId: CUS,
      priceId: priceMonth.id,
      trialEnd,
      metadata: { user_id: '42' },
      idempotencyKey: 'sub-42-1',
    });
    expect(sub).toEqual({
      id: SUB,
      customerId: CUS,
      status: 'trialing',
      priceId: priceMonth.id,
      trialEnd,
      currentPeriodStart: new Date('2026-03-10T11:00:00Z'),
      currentPeriodEnd: trialEnd,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      latestInvoiceId: 'in_1QxTrialZero',
      metadata: { user_id: '42', plan: 'business' },
    });
    const post = seen.find((s) => s.path === '/v1/subscriptions');
    expect(post?.idempotencyKey).toBe('sub-42-1');
    expect(Object.fromEntries(post?.form ?? [])).toEqual({
      customer: CUS,
      'items[0][price]': priceMonth.id,
      trial_end: unix('2026-04-09T10:00:00Z'),
      collection_method: 'charge_automatically',
      payment_behavior: 'allow_incomplete',
      off_session: 'true',
      'default_tax_rates[0]': taxRate.id,
      'metadata[user_id]': '42',
    });
    // The tax rate is looked up once per provider.
    await p.createSubscription({
      customerId: CUS,
      priceId: priceMonth.id,
      trialEnd: null,
      metadata: {},
      idempotencyKey: 'sub-42-2',
    });
    expect(seen.filter((s) => s.path === '/v1/tax_rates')).toHaveLength(1);
    expect(seen.at(-1)?.form.has('trial_end')).toBe(false);
  });

  it('makes the VAT rate once when the account has none', async () => {
    server.use(
      on('get', `${API}/v1/tax_rates`, () =>
        json(list([{ ...taxRate, id: 'txr_other', metadata: {} }], '/v1/tax_rates')),
      ),
      on('post', `${API}/v1/tax_rates`, () => json(taxRate)),
      on('post', `${API}/v1/subscriptions`, () => json(subTrialing)),
    );
    await stripe().createSubscription({
      customerId: CUS,
      priceId: priceMonth.id,
      trialEnd: null,
      metadata: {},
      idempotencyKey: 'k',
    });
    const made = seen.find((s) => s.method === 'POST' && s.path === '/v1/tax_rates');
    expect(made?.idempotencyKey).toBe('livecart-platform-vat-2000');
    expect(Object.fromEntries(made?.form ?? [])).toMatchObject({
      display_name: 'TVA',
      percentage: '20',
      inclusive: 'false',
      country: 'FR',
    });
    expect(seen.at(-1)?.form.get('default_tax_rates[0]')).toBe(taxRate.id);
  });

  it('a declined first charge answers the subscription incomplete, not an error', async () => {
    server.use(
      taxRatesFound(),
      on('post', `${API}/v1/subscriptions`, () =>
        json({ ...subTrialing, status: 'incomplete', trial_end: null, latest_invoice: 'in_first_open' }),
      ),
    );
    const sub = await stripe().createSubscription({
      customerId: CUS,
      priceId: priceMonth.id,
      trialEnd: null,
      metadata: {},
      idempotencyKey: 'k2',
    });
    expect(sub).toMatchObject({ status: 'incomplete', trialEnd: null, latestInvoiceId: 'in_first_open' });
  });

  it('an upgrade is prorated and invoiced now; a downgrade waits for the next period', async () => {
    server.use(
      on('get', `${API}/v1/subscriptions/${SUB}`, () => json({ ...subTrialing, status: 'active' })),
      on('post', `${API}/v1/subscriptions/${SUB}`, () => json({ ...subTrialing, status: 'active' })),
    );
    await stripe().changeSubscriptionPrice(SUB, { priceId: 'price_premium', prorate: true });
    expect(Object.fromEntries(seen[1]?.form ?? [])).toEqual({
      'items[0][id]': 'si_RkItemBusiness',
      'items[0][price]': 'price_premium',
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    seen = [];
    await stripe().changeSubscriptionPrice(SUB, { priceId: 'price_basic', prorate: false });
    expect(Object.fromEntries(seen[1]?.form ?? [])).toEqual({
      'items[0][id]': 'si_RkItemBusiness',
      'items[0][price]': 'price_basic',
      proration_behavior: 'none',
    });
  });

  it('a declined upgrade throws declined', async () => {
    server.use(
      on('get', `${API}/v1/subscriptions/${SUB}`, () => json(subTrialing)),
      on('post', `${API}/v1/subscriptions/${SUB}`, () => json(cardDeclined, 402)),
    );
    const err = await stripe()
      .changeSubscriptionPrice(SUB, { priceId: 'price_premium', prorate: true })
      .catch((e) => e);
    expect(err).toBeInstanceOf(BillingProviderError);
    expect(err).toMatchObject({
      provider: 'stripe',
      kind: 'declined',
      status: 402,
      message: 'Your card has insufficient funds.',
    });
  });

  it('cancels at period end, resumes, and cancels now', async () => {
    server.use(
      on('post', `${API}/v1/subscriptions/${SUB}`, (f) =>
        json({ ...subTrialing, cancel_at_period_end: f.get('cancel_at_period_end') === 'true' }),
      ),
      on('delete', `${API}/v1/subscriptions/${SUB}`, () =>
        json({ ...subTrialing, status: 'canceled', canceled_at: 1775000000 }),
      ),
    );
    expect((await stripe().setCancelAtPeriodEnd(SUB, true)).cancelAtPeriodEnd).toBe(true);
    expect((await stripe().setCancelAtPeriodEnd(SUB, false)).cancelAtPeriodEnd).toBe(false);
    expect(seen.map((s) => s.form.get('cancel_at_period_end'))).toEqual(['true', 'false']);
    expect(await stripe().cancelSubscription(SUB)).toMatchObject({
      status: 'canceled',
      canceledAt: new Date(1775000000 * 1000),
    });
  });
});

describe('Stripe billing: ending a subscription now', () => {
  it('cancels at once without proration or final invoice, and says who ended it', async () => {
    server.use(
      on('delete', `${API}/v1/subscriptions/${SUB}`, () =>
        json({
          ...subTrialing,
          status: 'canceled',
          canceled_at: 1775000000,
          ended_at: 1775000000,
          cancellation_details: {
            comment: 'Ended by the platform (admin #4)',
            feedback: null,
            reason: 'cancellation_requested',
          },
        }),
      ),
    );
    const ended = await stripe().cancelSubscription(SUB, { reason: 'Ended by the platform (admin #4)' });
    expect(ended).toMatchObject({ status: 'canceled', canceledAt: new Date(1775000000 * 1000) });
    expect(seen).toHaveLength(1);
    const sent = seen[0].form.size ? seen[0].form : seen[0].query;
    expect(Object.fromEntries(sent)).toEqual({
      invoice_now: 'false',
      prorate: 'false',
      'cancellation_details[comment]': 'Ended by the platform (admin #4)',
    });
  });
});

describe('Stripe billing: invoices', () => {
  it('reads a renewal with the period its line pays for', async () => {
    server.use(on('get', `${API}/v1/invoices/${renewalPaid.id}`, () => json(renewalPaid)));
    expect(await stripe().getInvoice(renewalPaid.id)).toEqual({
      id: renewalPaid.id,
      customerId: CUS,
      subscriptionId: SUB,
      status: 'paid',
      amountDue: 5880,
      amountPaid: 5880,
      periodStart: new Date('2026-04-09T10:00:00Z'),
      periodEnd: new Date('2026-05-09T10:00:00Z'),
      created: new Date('2026-04-09T10:00:00Z'),
      paymentFailed: false,
      metadata: {},
    });
  });

  it("payInvoice retries a subscription's latest invoice; a decline answers it open and failed", async () => {
    const open = { ...renewalPaid, status: 'open', amount_paid: 0, attempt_count: 2, attempted: true };
    server.use(
      on('get', `${API}/v1/subscriptions/${SUB}`, () =>
        json({ ...subTrialing, status: 'past_due', latest_invoice: renewalPaid.id }),
      ),
      on('post', `${API}/v1/invoices/${renewalPaid.id}/pay`, () => json(cardDeclined, 402)),
      on('get', `${API}/v1/invoices/${renewalPaid.id}`, () => json(open)),
    );
    expect(await stripe().payInvoice(SUB)).toMatchObject({
      id: renewalPaid.id,
      status: 'open',
      paymentFailed: true,
      amountPaid: 0,
    });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      `GET /v1/subscriptions/${SUB}`,
      `POST /v1/invoices/${renewalPaid.id}/pay`,
      `GET /v1/invoices/${renewalPaid.id}`,
    ]);
    server.use(on('post', `${API}/v1/invoices/${renewalPaid.id}/pay`, () => json(renewalPaid)));
    expect(await stripe().payInvoice(renewalPaid.id)).toMatchObject({ status: 'paid', paymentFailed: false });
    // Paid meanwhile (a webhook came first): the invoice as it is, no error.
    server.use(
      on('post', `${API}/v1/invoices/${renewalPaid.id}/pay`, () =>
        json(
          {
            error: {
              code: 'invoice_already_paid',
              message: 'Invoice is already paid',
              type: 'invalid_request_error',
            },
          },
          400,
        ),
      ),
      on('get', `${API}/v1/invoices/${renewalPaid.id}`, () => json(renewalPaid)),
    );
    expect(await stripe().payInvoice(renewalPaid.id)).toMatchObject({ status: 'paid', amountPaid: 5880 });
  });

  it('chargeInvoice: an invoice with its item, finalized and paid, every step under a key derived from one', async () => {
    const paid = { ...oneoffDraft, status: 'paid', amount_paid: 1481, attempted: true, attempt_count: 1 };
    server.use(
      taxRatesFound(),
      on('post', `${API}/v1/invoices`, () => json(oneoffDraft)),
      on('post', `${API}/v1/invoiceitems`, () => json(invoiceItem)),
      on('post', `${API}/v1/invoices/${oneoffDraft.id}/finalize`, () =>
        json({ ...oneoffDraft, status: 'open' }),
      ),
      on('post', `${API}/v1/invoices/${oneoffDraft.id}/pay`, () => json(paid)),
    );
    const inv = await stripe().chargeInvoice({
      customerId: CUS,
      amountCents: 1234,
      vatCents: 247,
      description: 'Percent of sales, March 2026',
      metadata: { month: '2026-03' },
      idempotencyKey: 'percent-42-2026-03',
    });
    expect(inv).toEqual({
      id: oneoffDraft.id,
      customerId: CUS,
      subscriptionId: null,
      status: 'paid',
      amountDue: 1481,
      amountPaid: 1481,
      periodStart: null,
      periodEnd: null,
      created: new Date(oneoffDraft.created * 1000),
      paymentFailed: false,
      metadata: { month: '2026-03' },
    });
    const calls = seen.filter((s) => s.method === 'POST').map((s) => [s.path, s.idempotencyKey]);
    expect(calls).toEqual([
      ['/v1/invoices', 'percent-42-2026-03-invoice'],
      ['/v1/invoiceitems', 'percent-42-2026-03-item'],
      [`/v1/invoices/${oneoffDraft.id}/finalize`, 'percent-42-2026-03-finalize'],
      [`/v1/invoices/${oneoffDraft.id}/pay`, 'percent-42-2026-03-pay'],
    ]);
    const invoiceForm = Object.fromEntries(seen.find((s) => s.path === '/v1/invoices')?.form ?? []);
    expect(invoiceForm).toMatchObject({
      customer: CUS,
      currency: 'eur',
      collection_method: 'charge_automatically',
      auto_advance: 'false',
      pending_invoice_items_behavior: 'exclude',
      'default_tax_rates[0]': taxRate.id,
      'metadata[month]': '2026-03',
    });
    const itemForm = Object.fromEntries(seen.find((s) => s.path === '/v1/invoiceitems')?.form ?? []);
    expect(itemForm).toMatchObject({
      customer: CUS,
      invoice: oneoffDraft.id,
      amount: '1234',
      currency: 'eur',
    });
  });

  it('chargeInvoice retried after it was paid answers the paid invoice without charging again', async () => {
    const paid = { ...oneoffDraft, status: 'paid', amount_paid: 1481 };
    server.use(
      taxRatesFound(),
      on('post', `${API}/v1/invoices`, () => json(paid)),
    );
    const inv = await stripe().chargeInvoice({
      customerId: CUS,
      amountCents: 1234,
      vatCents: 247,
      description: 'x',
      metadata: {},
      idempotencyKey: 'again',
    });
    expect(inv.status).toBe('paid');
    expect(seen.filter((s) => s.method === 'POST').map((s) => s.path)).toEqual(['/v1/invoices']);
  });
});

describe('Stripe billing: errors', () => {
  it('maps Stripe errors to ours', async () => {
    const cases: [Response | (() => Response), string][] = [
      [json(error404, 404), 'not_found'],
      [json(error401, 401), 'unauthorized'],
      [json(authRequired, 402), 'requires_action'],
      [json(cardDeclined, 402), 'declined'],
      [json({ error: { type: 'api_error', message: 'Something went wrong' } }, 500), 'unavailable'],
      [
        json({ error: { type: 'invalid_request_error', message: 'Invalid integer' } }, 400),
        'invalid_request',
      ],
      [() => HttpResponse.error(), 'unavailable'],
    ];
    for (const [answer, kind] of cases) {
      server.use(
        http.get(`${API}/v1/subscriptions/sub_unknown`, () =>
          typeof answer === 'function' ? answer() : answer.clone(),
        ),
      );
      await expect(stripe().getSubscription('sub_unknown'), kind).rejects.toMatchObject({
        provider: 'stripe',
        kind,
      });
    }
  });
});

describe('Stripe billing webhook', () => {
  const payload = JSON.stringify(invoicePaidEvent);
  const signed = (body: string, secret = WEBHOOK_SECRET) =>
    stripe().stripe.webhooks.generateTestHeaderString({ payload: body, secret });

  it('accepts an event signed with the endpoint secret and names its object', () => {
    expect(
      stripe().parseWebhook({
        rawBody: Buffer.from(payload),
        headers: { 'Stripe-Signature': signed(payload) },
      }),
    ).toEqual({
      id: 'evt_1QxInvoicePaid',
      type: 'invoice.paid',
      created: new Date(invoicePaidEvent.created * 1000),
      objectId: renewalPaid.id,
    });
    expect(seen).toHaveLength(0);
  });

  it('refuses a forged signature, a tampered body, a missing signature, and any event without a secret', () => {
    const refused = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return err;
      }
      return null;
    };
    const cases = [
      () =>
        stripe().parseWebhook({
          rawBody: Buffer.from(payload),
          headers: { 'stripe-signature': signed(payload, 'whsec_someone_else') },
        }),
      () =>
        stripe().parseWebhook({
          rawBody: Buffer.from(payload.replace('"paid"', '"void"')),
          headers: { 'stripe-signature': signed(payload) },
        }),
      () => stripe().parseWebhook({ rawBody: Buffer.from(payload), headers: {} }),
      () =>
        stripe('').parseWebhook({
          rawBody: Buffer.from(payload),
          headers: { 'stripe-signature': signed(payload) },
        }),
    ];
    for (const c of cases) expect(refused(c)).toMatchObject({ provider: 'stripe', kind: 'signature' });
  });
});

describe('the billing provider factory', () => {
  const base = { publicUrl: 'http://localhost:3000', authSecret: 'test-secret-test-secret-test-secret-123' };
  it('answers the sandbox or Stripe by BILLING_PROVIDER', () => {
    const store = memorySandboxBillingStore();
    expect(
      createBillingProvider(
        { ...base, billing: { provider: 'sandbox', stripe: undefined } },
        { sandboxStore: store },
      ),
    ).toBeInstanceOf(SandboxBilling);
    const s = createBillingProvider(
      { ...base, billing: { provider: 'stripe', stripe: { secretKey: SECRET_KEY } } },
      { sandboxStore: store },
    );
    expect(s).toBeInstanceOf(StripeBilling);
    expect(s.name).toBe('stripe');
    expect(s.advanceClock).toBeUndefined();
  });

  it('the sandbox bills no one in production', () => {
    const sandbox = { provider: 'sandbox' as const, stripe: undefined };
    const live = { provider: 'stripe' as const, stripe: { secretKey: SECRET_KEY } };
    expect(billingAvailable({ env: 'production', billing: sandbox })).toBe(false);
    expect(billingAvailable({ env: 'development', billing: sandbox })).toBe(true);
    expect(billingAvailable({ env: 'production', billing: live })).toBe(true);
  });
});
