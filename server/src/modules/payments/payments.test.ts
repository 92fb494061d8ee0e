import { eq, sql } from 'drizzle-orm';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  makeAdmin,
  makeBuyer,
  makeSeller,
  startTestApp,
  type TestUser,
} from '../../../test/helpers.ts';
import {
  countryId,
  giveCompany,
  makeOrder,
  makeShippingMethod,
  markPaid,
} from '../../../test/payment-fixtures.ts';
import { paymentMethods } from '../../db/schema/index.ts';
import mollieError401 from '../../integrations/payments/fixtures/mollie-error-401.json' with { type: 'json' };
import mollieMethods from '../../integrations/payments/fixtures/mollie-methods.json' with { type: 'json' };
import stripeAccount from '../../integrations/payments/fixtures/stripe-account.json' with { type: 'json' };
import stripeOauthError from '../../integrations/payments/fixtures/stripe-oauth-error.json' with {
  type: 'json',
};
import stripeOauthToken from '../../integrations/payments/fixtures/stripe-oauth-token.json' with {
  type: 'json',
};
import { decryptSecret } from '../../lib/secrets.ts';
import type { Runtime } from '../../runtime.ts';
import { runInvoiceJob } from '../invoices/service.ts';

const MOLLIE = 'https://api.mollie.com/v2';
const GOOD_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
const BAD_KEY = 'test_WrongWrongWrongWrongWrong1234';
const hal = (body: JsonBodyType, status = 200) =>
  HttpResponse.json(body, { status, headers: { 'Content-Type': 'application/hal+json' } });

const server = setupServer();
let seenAuth: string[] = [];
let rt: Runtime;
type Api = Awaited<ReturnType<typeof client>>;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  rt = await startTestApp({
    payments: {
      mollieApiUrl: undefined,
      stripe: { secretKey: 'sk_test_platform_key', webhookSecret: 'whsec_test', clientId: 'ca_test_client' },
    },
  });
});
afterEach(() => {
  server.resetHandlers();
  seenAuth = [];
});
afterAll(async () => {
  await rt.close();
  server.close();
});

/** Mollie's GET /v2/methods: the fixture for the good key, its 401 for any other. */
const mollieMethodsEndpoint = http.get(`${MOLLIE}/methods`, ({ request }) => {
  const auth = request.headers.get('authorization') ?? '';
  seenAuth.push(auth);
  return auth === `Bearer ${GOOD_KEY}` ? hal(mollieMethods) : hal(mollieError401, 401);
});

const qs = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  ).toString();

interface ListBody {
  count: number;
  items: {
    order_number: string;
    status: string;
    amount: number;
    total_amount: number;
    invoice_number: string | null;
  }[];
}

describe('payments list, detail and filters', () => {
  let seller: TestUser;
  let asSeller: Api;
  let asOtherSeller: Api;
  let asAdmin: Api;
  const o: Record<string, Awaited<ReturnType<typeof makeOrder>>> = {};
  let colissimo: number;

  beforeAll(async () => {
    seller = await makeSeller(rt);
    await giveCompany(rt, seller.id);
    const buyer = await makeBuyer(rt);
    colissimo = (await makeShippingMethod(rt, seller.id, 'Colissimo')).id;
    const ups = (await makeShippingMethod(rt, seller.id, 'UPS')).id;
    o.paidFr = await makeOrder(rt, {
      sellerId: seller.id,
      buyerId: buyer.id,
      status: 'payed',
      shippingMethodId: colissimo,
      createdAt: new Date('2025-05-10T10:00:00Z'),
    });
    o.paidBe = await makeOrder(rt, {
      sellerId: seller.id,
      status: 'payed',
      country: 'BE',
      shippingMethodId: ups,
      method: 'bancontact',
      provider: 'mollie',
      lines: [{ name: 'Manteau', priceCents: 15000, quantity: 1 }],
      createdAt: new Date('2025-06-02T10:00:00Z'),
    });
    o.shipped = await makeOrder(rt, { sellerId: seller.id, status: 'shipped' });
    o.open = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id });
    o.foreign = await makeOrder(rt, { sellerId: (await makeSeller(rt)).id, status: 'payed' });
    await rt.deps.database.db.insert(paymentMethods).values([
      { seller_id: seller.id, provider: 'sandbox', method: 'card', status: true },
      { seller_id: seller.id, provider: 'mollie', method: 'bancontact', status: false },
    ]);
    asSeller = await client(rt, seller);
    asOtherSeller = await client(rt, await makeSeller(rt));
    asAdmin = await client(rt, await makeAdmin(rt));
  });

  const list = async (api: Api, params: Record<string, unknown> = {}) => {
    const res = await api.get(`/api/payments/fetch-items?${qs(params)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ListBody;
  };
  const numbers = (body: ListBody) => body.items.map((i) => i.order_number).sort();

  it('lists the seller’s paid orders by default, newest first, with what was paid', async () => {
    const body = await list(asSeller);
    expect(body.count).toBe(2);
    expect(body.items.map((i) => i.order_number)).toEqual([o.paidBe.order_number, o.paidFr.order_number]);
    expect(body.items[0]).toMatchObject({ status: 'payed', amount: 156.9, total_amount: 156.9 });
  });

  it('filters by status (all lifts it), order number, shipping, country, payment method, amount and day', async () => {
    expect((await list(asSeller, { queryFilter: { status: 'all' } })).count).toBe(4);
    expect(numbers(await list(asSeller, { queryFilter: { status: 'shipped' } }))).toEqual([
      o.shipped.order_number,
    ]);
    expect(
      numbers(
        await list(asSeller, {
          queryFilter: { order_number: o.paidFr.order_number.slice(2, 8).toLowerCase() },
        }),
      ),
    ).toEqual([o.paidFr.order_number]);
    expect(numbers(await list(asSeller, { queryFilter: { shipping_id: colissimo } }))).toEqual([
      o.paidFr.order_number,
    ]);
    const be = await countryId(rt, 'BE');
    expect(numbers(await list(asSeller, { queryFilter: { country_id: be } }))).toEqual([
      o.paidBe.order_number,
    ]);
    const [bancontact] = await rt.deps.database.db
      .select()
      .from(paymentMethods)
      .where(sql`${paymentMethods.seller_id} = ${seller.id} AND ${paymentMethods.method} = 'bancontact'`);
    expect(numbers(await list(asSeller, { queryFilter: { payment_id: bancontact.id } }))).toEqual([
      o.paidBe.order_number,
    ]);
    expect(numbers(await list(asSeller, { queryFilter: { total_amount: { min: 100 } } }))).toEqual([
      o.paidBe.order_number,
    ]);
    expect(
      numbers(
        await list(asSeller, { queryFilter: { created_at: { from: '2025-05-01', to: '2025-05-31' } } }),
      ),
    ).toEqual([o.paidFr.order_number]);
  });

  it('admin sees every seller’s payments and filters by seller', async () => {
    const all = await list(asAdmin, { limit: 100 });
    expect(all.items.map((i) => i.order_number)).toEqual(
      expect.arrayContaining([o.paidFr.order_number, o.foreign.order_number]),
    );
    const one = await list(asAdmin, { queryFilter: { seller_id: seller.id } });
    expect(numbers(one)).toEqual([o.paidBe.order_number, o.paidFr.order_number].sort());
  });

  it('a seller’s seller_id filter cannot reach another seller', async () => {
    const body = await list(asOtherSeller, { queryFilter: { seller_id: seller.id, status: 'all' } });
    expect(body.count).toBe(0);
  });

  it('the detail has the lines, payment rows and invoice link; another seller gets 404', async () => {
    const order = await makeOrder(rt, { sellerId: seller.id });
    await markPaid(rt, order, { checkoutEmail: 'helene@example.fr' });
    await runInvoiceJob(rt.deps, { orderId: order.id });
    const res = await asSeller.get(`/api/payments/fetch-item?orderNumber=${order.order_number}`);
    expect(res.statusCode, res.body).toBe(200);
    const { item } = res.json();
    expect(item.order).toMatchObject({
      order_number: order.order_number,
      status: 'payed',
      total_amount: 99.2,
      shipping: 6.9,
    });
    expect(item.order.shopper_email).toBe('helene@example.fr');
    expect(item.order.ship_to).toMatchObject({ first_name: 'Hélène', city: 'Lyon', country_iso: 'FR' });
    expect(item.lines.map((l: { name: string; total: number }) => [l.name, l.total])).toEqual([
      ['Robe à fleurs', 79.8],
      ['Écharpe', 12.5],
    ]);
    expect(item.payments).toHaveLength(1);
    expect(item.payments[0]).toMatchObject({
      provider: 'sandbox',
      method: 'card',
      status: 'paid',
      amount: 99.2,
    });
    expect(item.payments[0].external_id).toBeTruthy();
    expect(item.invoice.number).toMatch(/^F-\d{4}-\d{6}$/);
    expect(item.invoice.url).toBe(`/api/invoices/${order.order_number}.pdf`);
    expect((await asSeller.get(item.invoice.url)).statusCode).toBe(200);

    const foreign = await asOtherSeller.get(`/api/payments/fetch-item?orderNumber=${order.order_number}`);
    expect(foreign.statusCode).toBe(404);
  });

  it('fetch-filters offers the seller’s shippings, countries, payment methods and amount bounds', async () => {
    const res = await asSeller.get('/api/payments/fetch-filters?locale=fr');
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json();
    expect(items.statuses).toContain('payed');
    expect(items.shippings.map((s: { id: number }) => s.id)).toContain(colissimo);
    expect(items.countries.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['France', 'Belgique']),
    );
    expect(items.payments.map((p: { name: string }) => p.name).sort()).toEqual([
      'Mollie · bancontact',
      'Sandbox · card',
    ]);
    expect(items.sellers).toEqual([]);
    expect(items.total_amount.max).toBeGreaterThanOrEqual(156.9);
  });
});

describe('payment methods and settings', () => {
  let seller: TestUser;
  let asSeller: Api;
  let asOtherSeller: Api;

  beforeAll(async () => {
    seller = await makeSeller(rt);
    asSeller = await client(rt, seller);
    asOtherSeller = await client(rt, await makeSeller(rt));
  });

  const methods = async (api: Api) => {
    const res = await api.get('/api/payments/fetch-methods');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as {
      id: number;
      provider: string;
      method: string;
      status: boolean;
      credentials: string | null;
      credentials_state: string;
    }[];
  };
  const storedMollie = () =>
    rt.deps.database.db
      .select()
      .from(paymentMethods)
      .where(sql`${paymentMethods.seller_id} = ${seller.id} AND ${paymentMethods.provider} = 'mollie'`);

  it('a refused Mollie key answers 422 with Mollie’s message and saves nothing', async () => {
    server.use(mollieMethodsEndpoint);
    const res = await asSeller.post('/api/payments/settings/mollie?locale=en', { apiKey: BAD_KEY });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('payment_credentials_invalid');
    expect(res.json().message).toContain('Missing authentication, or failed to authenticate');
    expect(seenAuth).toEqual([`Bearer ${BAD_KEY}`]);
    expect(await storedMollie()).toHaveLength(0);
  });

  it('a good Mollie key is checked, stored encrypted, and creates the methods it supports, masked', async () => {
    server.use(mollieMethodsEndpoint);
    const res = await asSeller.post('/api/payments/settings/mollie', { apiKey: GOOD_KEY });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Les moyens de paiement ont été enregistrés');
    expect(body.mollie).toMatchObject({
      connected: true,
      credentials: 'test_••••••••lXsM',
      account_label: 'Mollie (test)',
    });
    expect(res.body).not.toContain(GOOD_KEY);
    const rows = await storedMollie();
    expect(rows.map((r) => r.method).sort()).toEqual(['bancontact', 'card', 'paypal']);
    for (const r of rows) {
      expect(r.credentials_encrypted).not.toContain(GOOD_KEY);
      expect(decryptSecret(rt.deps.config.authSecret, r.credentials_encrypted as string)).toBe(GOOD_KEY);
    }
    const listed = await methods(asSeller);
    expect(
      listed.filter((m) => m.provider === 'mollie').every((m) => m.credentials === 'test_••••••••lXsM'),
    ).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(GOOD_KEY);
  });

  it('turns methods on and off, all or nothing, and refuses another seller’s ids', async () => {
    const mollie = (await methods(asSeller)).filter((m) => m.provider === 'mollie');
    const res = await asSeller.patch('/api/payments/change-methods-statuses?locale=en', {
      items: [
        { id: mollie[0].id, status: false },
        { id: mollie[1].id, status: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Payment methods saved');
    const after = await methods(asSeller);
    expect(after.find((m) => m.id === mollie[0].id)?.status).toBe(false);
    expect(after.find((m) => m.id === mollie[1].id)?.status).toBe(false);

    const foreign = await asOtherSeller.patch('/api/payments/change-methods-statuses', {
      items: [{ id: mollie[0].id, status: true }],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await methods(asSeller)).find((m) => m.id === mollie[0].id)?.status).toBe(false);
  });

  it('a method whose provider lost its credentials cannot be turned on; the sandbox can', async () => {
    const db = rt.deps.database.db;
    const [orphan] = await db
      .insert(paymentMethods)
      .values({ seller_id: seller.id, provider: 'stripe', method: 'card', status: false })
      .returning();
    const refused = await asSeller.patch('/api/payments/change-methods-statuses', {
      items: [{ id: orphan.id, status: true }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('payment_credentials_missing');
    expect((await methods(asSeller)).find((m) => m.id === orphan.id)).toMatchObject({
      status: false,
      credentials_state: 'missing',
    });
    await db.delete(paymentMethods).where(eq(paymentMethods.id, orphan.id));

    const sandbox = await asSeller.post('/api/payments/settings/sandbox', {});
    expect(sandbox.statusCode, sandbox.body).toBe(200);
    expect(sandbox.json().sandbox.enabled).toBe(true);
    const sandboxRows = (await methods(asSeller)).filter((m) => m.provider === 'sandbox');
    expect(sandboxRows.map((m) => m.method).sort()).toEqual(['bancontact', 'card', 'paypal']);
    expect(sandboxRows.every((m) => m.status && m.credentials_state === 'sandbox')).toBe(true);
    const off = await asSeller.patch('/api/payments/change-methods-statuses', {
      items: sandboxRows.map((m) => ({ id: m.id, status: false })),
    });
    expect(off.statusCode).toBe(200);
    const on = await asSeller.patch('/api/payments/change-methods-statuses', {
      items: [{ id: sandboxRows[0].id, status: true }],
    });
    expect(on.statusCode).toBe(200);
  });

  it('disconnecting Mollie removes its methods and key', async () => {
    const res = await asSeller.delete('/api/payments/settings/mollie');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mollie).toEqual({ connected: false, credentials: null, account_label: null });
    expect(await storedMollie()).toHaveLength(0);
  });

  it('Stripe connect: signed OAuth link, code exchanged on return, account stored encrypted', async () => {
    const res = await asSeller.get('/api/payments/settings/stripe/connect');
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url);
    expect(url.origin + url.pathname).toBe('https://connect.stripe.com/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('ca_test_client');
    expect(url.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/payments/settings/stripe/callback',
    );
    const state = url.searchParams.get('state') as string;

    const exchanged: URLSearchParams[] = [];
    server.use(
      http.post('https://connect.stripe.com/oauth/token', async ({ request }) => {
        exchanged.push(new URLSearchParams(await request.text()));
        return HttpResponse.json(stripeOauthToken);
      }),
      http.get(`https://api.stripe.com/v1/accounts/${stripeAccount.id}`, () =>
        HttpResponse.json(stripeAccount),
      ),
    );
    const back = await asSeller.get(
      `/api/payments/settings/stripe/callback?code=ac_good&state=${encodeURIComponent(state)}`,
    );
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/payment-setting?stripe=connected');
    expect(exchanged.map((f) => f.get('code'))).toEqual(['ac_good']);

    const [row] = await rt.deps.database.db
      .select()
      .from(paymentMethods)
      .where(sql`${paymentMethods.seller_id} = ${seller.id} AND ${paymentMethods.provider} = 'stripe'`);
    expect(row).toMatchObject({ method: 'card', status: true, account_label: 'Boutique Crème & Co' });
    expect(decryptSecret(rt.deps.config.authSecret, row.credentials_encrypted as string)).toBe(
      stripeOauthToken.stripe_user_id,
    );
    const settings = (await asSeller.get('/api/payments/settings')).json();
    expect(settings.stripe).toMatchObject({
      available: true,
      connected: true,
      credentials: 'acct_••••••••CVdK',
    });
  });

  it('Stripe callback with a forged, foreign or missing state is refused and saves nothing', async () => {
    const other = await makeSeller(rt);
    const asOther = await client(rt, other);
    const state = new URL(
      (await asSeller.get('/api/payments/settings/stripe/connect')).json().url,
    ).searchParams.get('state') as string;
    const forged = `${state.slice(0, -3)}abc`;
    for (const q of [`code=ac_x&state=${encodeURIComponent(forged)}`, 'code=ac_x', 'error=access_denied']) {
      const res = await asOther.get(`/api/payments/settings/stripe/callback?${q}`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/payment-setting?stripe=error&error=stripe_connect_refused');
    }
    // The seller's own state used by another seller.
    const stolen = await asOther.get(
      `/api/payments/settings/stripe/callback?code=ac_x&state=${encodeURIComponent(state)}`,
    );
    expect(stolen.headers.location).toBe('/payment-setting?stripe=error&error=stripe_connect_refused');
    const rows = await rt.deps.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.seller_id, other.id));
    expect(rows).toHaveLength(0);
  });

  it('Stripe refusing the code is reported and saves nothing', async () => {
    const other = await makeSeller(rt);
    const asOther = await client(rt, other);
    const state = new URL(
      (await asOther.get('/api/payments/settings/stripe/connect')).json().url,
    ).searchParams.get('state') as string;
    server.use(
      http.post('https://connect.stripe.com/oauth/token', () =>
        HttpResponse.json(stripeOauthError, { status: 400 }),
      ),
    );
    const res = await asOther.get(
      `/api/payments/settings/stripe/callback?code=ac_forged&state=${encodeURIComponent(state)}`,
    );
    expect(res.headers.location).toBe('/payment-setting?stripe=error&error=stripe_connect_refused');
    const rows = await rt.deps.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.seller_id, other.id));
    expect(rows).toHaveLength(0);
  });
});
