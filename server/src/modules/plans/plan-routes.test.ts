import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOf } from '../../../test/billing-fixtures.ts';
import { client, makeAdmin, makeBuyer, makeSeller, startTestApp } from '../../../test/helpers.ts';
import { plans, subscriptions } from '../../db/schema/index.ts';
import { BillingProviderError } from '../../integrations/billing/provider.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
let admin: Awaited<ReturnType<typeof client>>;
let seller: Awaited<ReturnType<typeof client>>;
let buyer: Awaited<ReturnType<typeof client>>;
beforeAll(async () => {
  rt = await startTestApp();
  admin = await client(rt, await makeAdmin(rt));
  seller = await client(rt, await makeSeller(rt));
  buyer = await client(rt, await makeBuyer(rt));
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;
const planOf = async (code: 'basic' | 'business' | 'platinum') =>
  (await db().select().from(plans).where(eq(plans.code, code)))[0];

/** The edit body of a plan as the admin screen sends it, with `patch`. */
async function bodyOf(code: 'basic' | 'business' | 'platinum', patch: Record<string, unknown> = {}) {
  const p = await planOf(code);
  return {
    id: p.id,
    name_fr: p.name_fr,
    name_en: p.name_en,
    price: p.monthly_cents == null ? null : p.monthly_cents / 100,
    yearly_price: p.yearly_cents == null ? null : p.yearly_cents / 100,
    percent: p.percent_bp == null ? null : p.percent_bp / 100,
    features_fr: p.features_fr,
    features_en: p.features_en,
    active: p.active,
    ...patch,
  };
}

describe('GET /api/payment-plans', () => {
  it('anyone gets the active plans in order with the billing settings, in their language', async () => {
    const res = await rt.app.inject({ method: 'GET', url: '/api/payment-plans?locale=en' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items.map((p: { code: string }) => p.code)).toEqual(['basic', 'business', 'platinum']);
    expect(body.items[0]).toMatchObject({
      price: 49,
      yearly_price: 490,
      percent: 5,
      intervals: ['month', 'year'],
      sales_limit: 5000,
      on_request: false,
    });
    expect(body.items[1]).toMatchObject({ price: 149, percent: 3, sales_limit: 5000 });
    expect(body.items[2]).toMatchObject({ price: null, on_request: true, intervals: [], sales_limit: 50000 });
    expect(body.items[0].features[0]).toBe('Unlimited Facebook and Instagram lives');
    expect(body.settings).toEqual({
      trial_days: 30,
      grace_days: 7,
      vat_percent: 20,
      currency: 'EUR',
      provider: 'sandbox',
    });
    const fr = (await rt.app.inject({ method: 'GET', url: '/api/payment-plans?locale=fr' })).json();
    expect(fr.items[0].features[0]).toBe('Lives Facebook et Instagram illimités');
  });
});

describe('POST /api/payment-plans (admin)', () => {
  it('saves a new price and percent; new subscriptions get it, existing ones keep theirs until their next period', async () => {
    const business = await planOf('business');
    const res = await admin.post(
      '/api/payment-plans?locale=en',
      await bodyOf('business', { price: 159, percent: 2.5 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      item: { price: 159, percent: 2.5 },
      message: 'Record has been updated',
    });
    expect(await planOf('business')).toMatchObject({ monthly_cents: 15900, percent_bp: 250 });
    const fr = await admin.post(
      '/api/payment-plans?locale=fr',
      await bodyOf('business', { price: 149, percent: 3 }),
    );
    expect(fr.json().message).toBe("L'enregistrement a été mis à jour");
    expect(await planOf('business')).toMatchObject({
      id: business.id,
      monthly_cents: 14900,
      percent_bp: 300,
    });
  });

  it('Platinum stays on request; Basic and Business keep a price', async () => {
    const platinum = await admin.post('/api/payment-plans', await bodyOf('platinum'));
    expect(platinum.statusCode, platinum.body).toBe(200);
    expect(platinum.json().item).toMatchObject({ price: null, on_request: true });
    const res = await admin.post('/api/payment-plans', await bodyOf('basic', { price: null }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ price: 'required' });
  });

  it('refuses bad input naming the field and changes nothing', async () => {
    const before = await planOf('basic');
    const cases: [Record<string, unknown>, string][] = [
      [{ price: -1 }, 'price'],
      [{ percent: 100.001 }, 'percent'],
      [{ percent: 5.123 }, 'percent'],
      [{ features_fr: Array.from({ length: 13 }, (_, i) => `Atout ${i}`) }, 'features_fr'],
      [{ name_en: 'Ba\u0000sic' }, 'name_en'],
      [{ id: 999999 }, 'id'],
      [{ extra: 1 }, 'extra'],
      // every new seller's trial starts on Basic
      [{ active: false }, 'active'],
    ];
    for (const [patch, field] of cases) {
      const res = await admin.post('/api/payment-plans', await bodyOf('basic', patch));
      expect(res.statusCode, `${JSON.stringify(patch)} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const body = res.json();
      expect(Object.keys(body.fields ?? {}), res.body).toContain(field);
    }
    expect(await planOf('basic')).toEqual(before);
  });

  it('an inactive plan leaves the pricing page; admin still sees it', async () => {
    await admin.post('/api/payment-plans', await bodyOf('platinum', { active: false }));
    try {
      const codes = (r: { json(): { items: { code: string }[] } }) => r.json().items.map((p) => p.code);
      expect(codes(await rt.app.inject({ method: 'GET', url: '/api/payment-plans' }))).toEqual([
        'basic',
        'business',
      ]);
      expect(codes(await seller.get('/api/payment-plans'))).toEqual(['basic', 'business']);
      expect(codes(await admin.get('/api/payment-plans'))).toEqual(['basic', 'business', 'platinum']);
    } finally {
      await admin.post('/api/payment-plans', await bodyOf('platinum', { active: true }));
    }
  });

  it('sellers and shoppers are refused the admin calls', async () => {
    const body = await bodyOf('basic');
    for (const api of [seller, buyer]) {
      expect((await api.post('/api/payment-plans', body)).statusCode).toBe(403);
      expect((await api.post('/api/payment-plans/sync')).statusCode).toBe(403);
      expect((await api.get('/api/payment-plans/provider')).statusCode).toBe(403);
      expect((await api.get(`/api/get-plan-info?planId=${body.id}`)).statusCode).toBe(403);
    }
  });
});

describe('the plans at the billing provider', () => {
  it('a sync makes every priced plan’s prices current at the sandbox, and a new amount gets a new price', async () => {
    const res = await admin.post('/api/payment-plans/sync?locale=en');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Data was successfully sync with the card payment provider');
    const current = body.items.filter((p: { current: boolean }) => p.current);
    expect(
      current
        .map((p: { plan_code: string; interval: string; amount: number }) => [
          p.plan_code,
          p.interval,
          p.amount,
        ])
        .sort(),
    ).toEqual(
      [
        ['basic', 'month', 49],
        ['basic', 'year', 490],
        ['business', 'month', 149],
        ['business', 'year', 1490],
      ].sort(),
    );
    const basic = await planOf('basic');
    expect(basic.provider_prices.sandbox?.month?.cents).toBe(4900);

    await admin.post('/api/payment-plans', await bodyOf('basic', { price: 59 }));
    const again = (await admin.post('/api/payment-plans/sync?locale=fr')).json();
    expect(again.message).toBe('Les données ont été synchronisées avec le prestataire de paiement par carte');
    const listed = (await admin.get('/api/payment-plans/provider')).json().items;
    const basicMonth = listed.filter(
      (p: { plan_code: string; interval: string }) => p.plan_code === 'basic' && p.interval === 'month',
    );
    expect(basicMonth.find((p: { current: boolean }) => p.current)).toMatchObject({
      amount: 59,
      active: true,
    });
    expect(basicMonth.find((p: { current: boolean }) => !p.current)).toMatchObject({
      amount: 49,
      active: false,
    });
    await admin.post('/api/payment-plans', await bodyOf('basic', { price: 49 }));
  });

  it('a provider that refuses answers 502 sync_fail with its message, and the plans keep their prices', async () => {
    const before = await planOf('business');
    const sandbox = sandboxOf(rt);
    const failing = Object.create(sandbox) as typeof sandbox;
    failing.syncPlans = () =>
      Promise.reject(new BillingProviderError('stripe', 'unauthorized', 'Invalid API Key provided'));
    failing.listPrices = () =>
      Promise.reject(new BillingProviderError('stripe', 'unavailable', 'Stripe is down'));
    (rt.deps as { billing?: unknown }).billing = failing;
    try {
      const res = await admin.post('/api/payment-plans/sync');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: 'sync_fail', message: 'Invalid API Key provided' });
      const prices = await admin.get('/api/payment-plans/provider');
      expect(prices.statusCode).toBe(502);
      expect(prices.json().message).toBe('Stripe is down');
    } finally {
      (rt.deps as { billing?: unknown }).billing = undefined;
    }
    expect(await planOf('business')).toEqual(before);
  });

  it('get-plan-info counts the plan’s subscriptions per status and those at an older price', async () => {
    const basic = await planOf('basic');
    const before = (await admin.get(`/api/get-plan-info?planId=${basic.id}`)).json().planInfo;
    const older = await makeSeller(rt);
    await db()
      .update(subscriptions)
      .set({ status: 'active', price_cents: 3900 })
      .where(eq(subscriptions.user_id, older.id));
    await makeSeller(rt);
    const res = await admin.get(`/api/get-plan-info?planId=${basic.id}&locale=en`);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().planInfo;
    expect(info.plan).toMatchObject({ id: basic.id, code: 'basic', name: 'Basic' });
    expect(info.subscribers.active).toBe(before.subscribers.active + 1);
    expect(info.subscribers.trialing).toBe(before.subscribers.trialing + 1);
    expect(info.at_older_price).toBe(before.at_older_price + 1);
    const missing = await admin.get('/api/get-plan-info?planId=999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().fields).toEqual({ planId: 'not_found' });
    expect((await admin.get('/api/get-plan-info?planId=abc')).statusCode).toBe(400);
  });
});
