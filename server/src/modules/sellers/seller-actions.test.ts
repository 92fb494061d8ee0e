import { eq } from 'drizzle-orm';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cardOnFile, pastTrial, sale } from '../../../test/billing-fixtures.ts';
import {
  client,
  makeAdmin,
  makeBuyer,
  makeSeller,
  ORIGIN,
  startTestApp,
  type TestUser,
} from '../../../test/helpers.ts';
import { loadRefs, simpleBody } from '../../../test/product-fixtures.ts';
import { activeSeller, sandboxOf, subscriptionRow } from '../../../test/subscription-fixtures.ts';
import {
  billingCharges,
  paymentMethods,
  products,
  sellerAudit,
  sellerPercentHistory,
  users,
} from '../../db/schema/index.ts';
import stripeSessionOpen from '../../integrations/payments/fixtures/stripe-checkout-session-open.json' with {
  type: 'json',
};
import { encryptSecret } from '../../lib/secrets.ts';
import type { Runtime } from '../../runtime.ts';
import { providerFor } from '../payments/providers.ts';
import { billingRunDeps, runBilling } from '../plans/billing-run.ts';

/*
 * The admin's actions on a seller (SPEC §1, §2, §3 Seller): the percent of sales and its history,
 * ending the subscription, the filters of the list, and who may call each.
 */

const STRIPE = 'https://api.stripe.com';
const server = setupServer();
let rt: Runtime;
type Api = Awaited<ReturnType<typeof client>>;
let admin: Api;
let adminUser: TestUser;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  rt = await startTestApp({
    payments: { mollieApiUrl: undefined, stripe: { secretKey: 'sk_test_51PlatformKeyForTestsOnly' } },
  });
  adminUser = await makeAdmin(rt);
  admin = await client(rt, adminUser);
});
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await rt.close();
});

const db = () => rt.deps.database.db;
const setPercent = (api: Api, seller_id: unknown, percent: unknown) =>
  api.post('/api/sellers/update-percent', { seller_id, percent });
const history = (api: Api, email: string) =>
  api.get(`/api/sellers/history?emailSeller=${encodeURIComponent(email)}`);
const listed = async (sellerId: number) =>
  (
    await admin.get(
      `/api/sellers/fetch-items?queryFilter=${encodeURIComponent(JSON.stringify({ seller_id: sellerId }))}`,
    )
  ).json().items[0];

describe('the seller’s percent of sales', () => {
  it('two changes make two history lines, newest first, each naming the admin; the list shows the last', async () => {
    const seller = await makeSeller(rt);
    expect((await listed(seller.id)).transaction_percent).toBe(5);

    const first = await setPercent(admin, seller.id, 3.5);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      item: { percent: 3.5, previous: 5, changed_by: { id: adminUser.id, email: adminUser.email } },
      message: 'Le pourcentage a été mis à jour',
    });
    const second = await setPercent(admin, seller.id, 2.25);
    expect(second.statusCode).toBe(200);

    const res = await history(admin, seller.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json();
    expect(items).toHaveLength(2);
    expect(items.map((i: { percent: number; previous: number }) => [i.percent, i.previous])).toEqual([
      [2.25, 3.5],
      [3.5, 5],
    ]);
    for (const item of items) {
      expect(item.changed_by).toEqual({ id: adminUser.id, email: adminUser.email, name: 'Test User' });
      expect(item.changed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    expect((await listed(seller.id)).transaction_percent).toBe(2.25);
    const [row] = await db().select().from(users).where(eq(users.id, seller.id));
    expect(row.seller_percent_bp).toBe(225);

    const audit = await db().select().from(sellerAudit).where(eq(sellerAudit.seller_id, seller.id));
    expect(audit.map((a) => [a.action, a.admin_id, a.detail])).toEqual([
      ['percent_changed', adminUser.id, { percent: 3.5, previous: 5 }],
      ['percent_changed', adminUser.id, { percent: 2.25, previous: 3.5 }],
    ]);
  });

  it('12.345, 100.01, -1, a string or no percent answer 400 naming percent, and nothing changes', async () => {
    const seller = await makeSeller(rt);
    for (const percent of [12.345, 100.01, -1, '5', null, undefined]) {
      const res = await setPercent(admin, seller.id, percent);
      expect(res.statusCode, String(percent)).toBe(400);
      expect(Object.keys(res.json().fields), String(percent)).toEqual(['percent']);
    }
    expect((await setPercent(admin, 'abc', 5)).json().fields).toEqual({ seller_id: 'invalid' });
    expect(
      (await admin.post('/api/sellers/update-percent', { seller_id: seller.id, percent: 4, x: 1 }))
        .statusCode,
    ).toBe(400);
    expect(
      await db().select().from(sellerPercentHistory).where(eq(sellerPercentHistory.seller_id, seller.id)),
    ).toEqual([]);
    expect((await listed(seller.id)).transaction_percent).toBe(5);
    // the bounds and two decimals are taken
    expect((await setPercent(admin, seller.id, 0)).statusCode).toBe(200);
    expect((await setPercent(admin, seller.id, 100)).statusCode).toBe(200);
    expect((await setPercent(admin, seller.id, 12.34)).json().item.percent).toBe(12.34);
  });

  it('an id that is not a seller’s is not found; so is the history of an e-mail that is not a seller’s', async () => {
    const buyer = await makeBuyer(rt);
    for (const id of [buyer.id, adminUser.id, 2_000_000_000]) {
      expect((await setPercent(admin, id, 4)).statusCode, String(id)).toBe(404);
    }
    const [row] = await db().select().from(users).where(eq(users.id, buyer.id));
    expect(row.seller_percent_bp).toBeNull();
    expect((await history(admin, buyer.email)).statusCode).toBe(404);
    expect((await history(admin, 'nobody@test.local')).statusCode).toBe(404);
    expect((await history(admin, 'not an e-mail')).json().fields).toEqual({ emailSeller: 'email' });
    expect((await history(admin, (await makeSeller(rt)).email)).json()).toEqual({ items: [] });
  });

  it('the monthly billing run charges the new percent', async () => {
    const seller = await makeSeller(rt);
    await pastTrial(rt, seller.id);
    await cardOnFile(rt, seller);
    await sale(rt, seller.id, 1000_00, '2026-03-05T10:00:00Z');
    expect((await setPercent(admin, seller.id, 2.5)).statusCode).toBe(200);
    const [result] = await runBilling(billingRunDeps(rt.deps), {
      month: '2026-03',
      sellerId: seller.id,
      now: new Date('2026-04-02T08:00:00Z'),
    });
    expect(result).toMatchObject({ outcome: 'invoiced', invoice: { percent_bp: 250, percent_cents: 25_00 } });
    const [charge] = await db().select().from(billingCharges).where(eq(billingCharges.seller_id, seller.id));
    expect(charge).toMatchObject({ kind: 'percent', amount_cents: 25_00 });
  });

  it('the payment provider’s application fee on a shopper’s payment is the new percent', async () => {
    const seller = await makeSeller(rt);
    await db()
      .insert(paymentMethods)
      .values({
        seller_id: seller.id,
        provider: 'stripe',
        method: 'card',
        status: true,
        credentials_encrypted: encryptSecret(
          rt.deps.config.authSecret,
          JSON.stringify({ accountId: 'acct_1Nv0FGQ9RKHgCVdK' }),
        ),
      });
    const fees: (string | null)[] = [];
    server.use(
      http.post(`${STRIPE}/v1/checkout/sessions`, async ({ request }) => {
        fees.push(
          new URLSearchParams(await request.text()).get('payment_intent_data[application_fee_amount]'),
        );
        return HttpResponse.json({
          ...stripeSessionOpen,
          url: 'https://checkout.stripe.com/c/pay/cs_test_a1',
        });
      }),
    );
    const pay = async () =>
      (await providerFor({ db: db(), config: rt.deps.config }, seller.id, 'stripe')).createPayment({
        paymentId: fees.length + 1,
        orderNumber: `LCFEE${fees.length}`,
        amountCents: 200_00,
        description: 'Commande',
        redirectUrl: `${ORIGIN}/checkout/x`,
        webhookUrl: `${ORIGIN}/api/payments/webhook/stripe`,
      });
    await pay();
    expect((await setPercent(admin, seller.id, 1.5)).statusCode).toBe(200);
    await pay();
    // the plan's 5 % of 200 €, then the admin's 1.5 %
    expect(fees).toEqual(['1000', '300']);
  });
});

describe('unsubscribing a seller', () => {
  it('ends the subscription now at the provider, keeps the data, and the seller’s next call needs a plan', async () => {
    const { seller, api } = await activeSeller(rt, 'basic');
    const refs = await loadRefs(rt);
    expect((await api.post('/api/product', simpleBody(refs))).statusCode).toBe(200);
    const subscription = await subscriptionRow(rt, seller.id);
    const chargesBefore = await db()
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.seller_id, seller.id));

    const res = await admin.post('/api/sellers/unsubscribe', { seller: seller.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Le vendeur a été désabonné',
      subscription_status: 'unsubscribed',
    });
    const en = await admin.post('/api/sellers/unsubscribe?locale=en', { seller: seller.id });
    expect(en.statusCode).toBe(409);
    expect(en.json()).toMatchObject({
      error: 'already_unsubscribed',
      message: 'This seller has no subscription running',
    });

    const ended = await subscriptionRow(rt, seller.id);
    expect(ended).toMatchObject({ id: subscription.id, status: 'unsubscribed' });
    expect(ended.ended_at).toBeInstanceOf(Date);
    const atProvider = await sandboxOf(rt).getSubscription(subscription.external_id as string);
    expect(atProvider.status).toBe('canceled');
    // no refund: the period paid stays paid, nothing new charged or credited
    expect(await db().select().from(billingCharges).where(eq(billingCharges.seller_id, seller.id))).toEqual(
      chargesBefore,
    );

    // the seller's session is kept: their next call answers plan_required, their profile opens
    const next = await api.get('/api/fetch-products');
    expect(next.statusCode).toBe(403);
    expect(next.json().error).toBe('plan_required');
    const profile = await api.get('/api/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.subscription_expired).toBe(true);
    expect(await db().select().from(products).where(eq(products.seller_id, seller.id))).toHaveLength(1);
    expect((await listed(seller.id)).subscription_status).toBe('unsubscribed');

    const [line] = await db().select().from(sellerAudit).where(eq(sellerAudit.seller_id, seller.id));
    expect(line).toMatchObject({
      action: 'unsubscribed',
      admin_id: adminUser.id,
      detail: { previous_status: 'active', plan_id: subscription.plan_id },
    });
  });

  it('a seller in their trial (nothing at the provider yet) is unsubscribed too', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    expect((await admin.post('/api/sellers/unsubscribe', { seller: seller.id })).statusCode).toBe(200);
    expect((await api.get('/api/dashboard/fetch-items')).json().error).toBe('plan_required');
  });

  it('a seller without a subscription answers 409; an id that is not a seller’s 404; a bad id 400', async () => {
    const none = await makeSeller(rt, { subscription: 'none' });
    expect((await admin.post('/api/sellers/unsubscribe', { seller: none.id })).json().error).toBe(
      'already_unsubscribed',
    );
    for (const id of [(await makeBuyer(rt)).id, adminUser.id, 2_000_000_000]) {
      expect((await admin.post('/api/sellers/unsubscribe', { seller: id })).statusCode).toBe(404);
    }
    expect((await admin.post('/api/sellers/unsubscribe', { seller: 'x' })).json().fields).toEqual({
      seller: 'invalid',
    });
    expect((await admin.post('/api/sellers/unsubscribe', {})).statusCode).toBe(400);
  });
});

describe('fetch-filters completes every sellers filter (SPEC §3 Seller)', () => {
  it('answers the sellers by name and the first and last creation days besides countries and ranges', async () => {
    const seller = await makeSeller(rt);
    await db().update(users).set({ first_name: 'Zoé', last_name: 'Filtre' }).where(eq(users.id, seller.id));
    const { items } = (await admin.get('/api/sellers/fetch-filters')).json();
    expect(items.sellers).toContainEqual({ id: seller.id, name: 'Zoé Filtre' });
    expect(items.sellers.map((s: { id: number }) => s.id)).not.toContain(adminUser.id);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    expect(items.created_at).toEqual({ from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), to: today });
    expect(Object.keys(items).sort()).toEqual(
      [
        'countries',
        'created_at',
        'sellers',
        'total_amount',
        'total_buyers',
        'total_orders',
        'total_sessions',
      ].sort(),
    );
  });
});

describe('who may call the sellers’ admin calls', () => {
  it('admin only: a seller, another seller and a shopper get 403, the signed-out 401, and nothing changes', async () => {
    const target = await makeSeller(rt);
    const calls = (sellerId: number, email: string): [string, string, unknown?][] => [
      ['GET', '/api/sellers/fetch-items'],
      ['GET', '/api/sellers/fetch-filters'],
      ['GET', `/api/sellers/history?emailSeller=${encodeURIComponent(email)}`],
      ['GET', `/api/sellers/audit?seller_id=${sellerId}`],
      ['POST', '/api/sellers/update-percent', { seller_id: sellerId, percent: 1 }],
      ['POST', '/api/sellers/unsubscribe', { seller: sellerId }],
    ];
    const others: [string, Api][] = [
      ['the seller', await client(rt, target)],
      ['another seller', await client(rt, await makeSeller(rt))],
      ['a shopper', await client(rt, await makeBuyer(rt))],
    ];
    for (const [method, url, body] of calls(target.id, target.email)) {
      for (const [who, api] of others) {
        const res = method === 'GET' ? await api.get(url) : await api.post(url, body);
        expect(res.statusCode, `${who} ${url}`).toBe(403);
        expect(res.json().error, `${who} ${url}`).toBe('forbidden');
      }
      const anonymous = await rt.app.inject({
        method: method as 'GET',
        url,
        headers: { origin: ORIGIN },
        ...(body ? { payload: body as object } : {}),
      });
      expect(anonymous.statusCode, `signed out ${url}`).toBe(401);
    }
    expect((await subscriptionRow(rt, target.id)).status).toBe('trialing');
    expect((await listed(target.id)).transaction_percent).toBe(5);
    // and the admin reaches each
    for (const [method, url, body] of calls(target.id, target.email)) {
      const res = method === 'GET' ? await admin.get(url) : await admin.post(url, body);
      expect(res.statusCode, `admin ${url} ${res.body}`).toBe(200);
    }
  });

  it('another site cannot change a percent or unsubscribe a seller', async () => {
    const target = await makeSeller(rt);
    const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    for (const [url, body] of [
      ['/api/sellers/update-percent', { seller_id: target.id, percent: 0 }],
      ['/api/sellers/unsubscribe', { seller: target.id }],
    ] as const) {
      const res = await admin.post(url, body, foreign);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe('bad_origin');
    }
    expect((await subscriptionRow(rt, target.id)).status).toBe('trialing');
    expect((await listed(target.id)).transaction_percent).toBe(5);
    expect(await db().select().from(sellerAudit).where(eq(sellerAudit.seller_id, target.id))).toEqual([]);
  });

  it('the audit of an id that is not a seller’s is not found; its list pages and filters', async () => {
    expect((await admin.get(`/api/sellers/audit?seller_id=${adminUser.id}`)).statusCode).toBe(404);
    expect((await admin.get('/api/sellers/audit')).json().fields).toEqual({ seller_id: 'invalid' });
    const seller = await makeSeller(rt);
    for (const p of [1, 2, 3]) await setPercent(admin, seller.id, p);
    const page = (await admin.get(`/api/sellers/audit?seller_id=${seller.id}&limit=10&offset=2`)).json();
    expect(page.count).toBe(3);
    expect(page.items.map((i: { detail: { percent: number } }) => i.detail.percent)).toEqual([1]);
    const filtered = await admin.get(
      `/api/sellers/audit?seller_id=${seller.id}&queryFilter=${encodeURIComponent('{"action":"unsubscribed"}')}`,
    );
    expect(filtered.json()).toEqual({ count: 0, items: [] });
  });
});
