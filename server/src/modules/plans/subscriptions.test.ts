import { TRIAL_DAYS } from '@livecart/contract/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../../test/fixtures.ts';
import {
  authedClient,
  client,
  makeAdmin,
  makeBuyer,
  makeSeller,
  ORIGIN,
  sentMails,
  signIn,
  startTestApp,
  uniqueIp,
} from '../../../test/helpers.ts';
import {
  activeSeller,
  CARDS,
  chargesOf,
  DAY,
  enterCard,
  HOUR,
  planIdOf,
  sandboxInvoices,
  subscriptionRow,
  tick,
} from '../../../test/subscription-fixtures.ts';
import { billingPaymentMethods, users } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

const ROUTES: [string, string][] = [
  ['POST', '/api/skip-exist-user-subscription'],
  ['POST', '/api/skip-exist-user-subscription-new'],
  ['POST', '/api/after-skip-subscription'],
  ['POST', '/api/exist-user-subscription'],
  ['POST', '/api/check-payment-status'],
  ['POST', '/api/create-payment-intent'],
  ['GET', '/api/profile/subscription'],
  ['GET', '/api/profile/unsubscription'],
  ['POST', '/api/profile/resume-subscription'],
  ['POST', '/api/profile/update-subscription-plan'],
  ['GET', '/api/profile/payment-methods'],
  ['POST', '/api/profile/add-payment-method'],
  ['POST', '/api/profile/add-payment-method-from-subscription'],
  ['POST', '/api/profile/add-payment-method-after-registration'],
  ['POST', '/api/profile/default-payment-method'],
  ['POST', '/api/profile/delete-payment-method'],
];

describe('who may call the subscription calls', () => {
  it('signed out answers 401, a shopper and an admin 403, on every seller call', async () => {
    const buyer = await client(rt, await makeBuyer(rt));
    const admin = await client(rt, await makeAdmin(rt));
    for (const [method, url] of ROUTES) {
      const out = await rt.app.inject({
        method: method as 'GET',
        url,
        headers: { origin: ORIGIN },
        payload: method === 'GET' ? undefined : {},
      });
      expect(out.statusCode, `${method} ${url}`).toBe(401);
      for (const api of [buyer, admin]) {
        const res = method === 'GET' ? await api.get(url) : await api.post(url, {});
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const planId = await planIdOf(rt, 'business');
    const signedOut = await rt.app.inject({
      method: 'POST',
      url: '/api/subscription',
      headers: { origin: ORIGIN },
      payload: { planId },
    });
    expect(signedOut.statusCode).toBe(401);
    for (const api of [buyer, admin])
      expect((await api.post('/api/subscription', { planId })).statusCode).toBe(403);
  });

  it('a seller whose trial is over still reaches My Plan and can choose a plan', async () => {
    const api = await client(rt, await makeSeller(rt, { subscription: 'expired' }));
    expect((await api.get('/api/fetch-products')).json().error).toBe('plan_required');
    const mine = await api.get('/api/profile/subscription');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().subscription).toMatchObject({
      plan_code: 'basic',
      days_left: null,
      next_charge: null,
    });
    const chosen = await api.post('/api/subscription', { planId: await planIdOf(rt, 'business') });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().setup.redirectUrl).toContain('/sandbox/billing/');
  });
});

describe('a seller’s subscription life on the sandbox', () => {
  it('trial → Business chosen in the trial → card → first charge at the trial end → declined renewal → grace → plan_required → resubscribed', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const business = await planIdOf(rt, 'business');
    const invoicesBefore = (await sandboxInvoices(rt)).length;

    // the plan is chosen in the trial: shown at once, still trialing, nothing charged
    const chosen = await api.post('/api/subscription', { planId: business, type: 'month' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const body = chosen.json();
    expect(body.subscription).toMatchObject({
      plan_code: 'business',
      status: 'trialing',
      has_payment_method: false,
    });
    expect(body.subscription.days_left).toBeGreaterThanOrEqual(TRIAL_DAYS - 1);
    expect(body.user).toMatchObject({ id: seller.id, planId: business, subscription_expired: false });
    expect(body.setup).toMatchObject({ intentId: expect.any(String), clientSecret: expect.any(String) });
    expect(await chargesOf(rt, seller.id)).toHaveLength(0);

    // the card page, then the way back to the app
    const page = await enterCard(rt, body.setup);
    expect(page.status).toBe('succeeded');
    const back = new URL(page.redirectUrl as string);
    expect(back.pathname).toBe('/billing/return');
    expect(back.searchParams.get('setup_intent')).toBe(body.setup.intentId);
    expect(back.searchParams.get('setup_intent_client_secret')).toBe(body.setup.clientSecret);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');

    const check = {
      paymentIntent: body.setup.intentId,
      paymentIntentSecret: body.setup.clientSecret,
      planId: business,
    };
    const done = await api.post(`/api/check-payment-status?planId=${business}`, check);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'trialing',
      subscription: { plan_code: 'business', has_payment_method: true },
    });
    // the same return twice does the work once
    expect((await api.post('/api/check-payment-status', check)).statusCode).toBe(200);
    const methods = (await api.get('/api/profile/payment-methods')).json().items;
    expect(methods).toHaveLength(1);
    expect(methods[0]).toMatchObject({ kind: 'card', last4: '4242', is_default: true, status: 'active' });
    expect(await chargesOf(rt, seller.id)).toHaveLength(0);
    expect((await sandboxInvoices(rt)).length).toBe(invoicesBefore);
    const mine = (await api.get('/api/profile/subscription')).json().subscription;
    expect(mine.next_charge).toMatchObject({
      date: mine.trial_end,
      plan_amount: 149,
      vat_amount: 29.8,
      total: 178.8,
    });

    // the trial ends: the first period is charged
    const trialEnd = new Date(mine.trial_end);
    await tick(rt, new Date(trialEnd.getTime() + HOUR));
    const active = (await api.get('/api/profile/subscription')).json().subscription;
    expect(active).toMatchObject({
      status: 'active',
      plan_code: 'business',
      price: 149,
      payment_failed_at: null,
    });
    expect(Date.parse(active.current_period_end)).toBeGreaterThan(trialEnd.getTime() + 27 * DAY);
    const charges = await chargesOf(rt, seller.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ kind: 'plan', status: 'paid', amount_cents: 14900, vat_cents: 2980 });

    // a card whose charges are declined becomes the default
    const add = await api.post('/api/profile/add-payment-method', { returnTo: 'plan' });
    expect(add.statusCode, add.body).toBe(200);
    await enterCard(rt, add.json(), CARDS.chargesDeclined);
    const saved = await api.post('/api/profile/add-payment-method-from-subscription', {
      setupIntent: add.json().intentId,
      setupIntentSecret: add.json().clientSecret,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Les moyens de paiement ont été enregistrés');
    const declining = saved.json().items.find((m: { last4: string }) => m.last4 === '0341');
    expect(declining.is_default).toBe(false);
    const switched = await api.post('/api/profile/default-payment-method', { paymentId: declining.id });
    expect(switched.statusCode, switched.body).toBe(200);

    // the renewal is declined: the tools stay, with the grace shown
    const periodEnd = new Date(active.current_period_end);
    await tick(rt, new Date(periodEnd.getTime() + HOUR));
    const failing = (await api.get('/api/profile/subscription')).json().subscription;
    expect(failing.payment_failed_at).not.toBeNull();
    expect(Date.parse(failing.grace_until)).toBeCloseTo(Date.parse(failing.payment_failed_at) + 7 * DAY, -3);
    expect((await api.get('/api/fetch-products')).statusCode).toBe(200);
    expect((await chargesOf(rt, seller.id)).map((c) => c.status).sort()).toEqual(['failed', 'paid']);

    // the grace is over
    await tick(rt, new Date(Date.parse(failing.grace_until) + HOUR));
    const refused = await api.get('/api/fetch-products');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('plan_required');
    expect((await api.get('/api/profile/subscription')).json().subscription.status).toBe('unsubscribed');

    // subscribing again with a good card starts the plan at once
    const again = await api.post('/api/exist-user-subscription', { user: seller.id, planId: business });
    expect(again.statusCode, again.body).toBe(200);
    await enterCard(rt, again.json().setup, CARDS.ok);
    const restarted = await api.post('/api/check-payment-status', {
      paymentIntent: again.json().setup.intentId,
      paymentIntentSecret: again.json().setup.clientSecret,
      planId: business,
    });
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect(restarted.json()).toMatchObject({ status: 'active', user: { subscription_expired: false } });
    expect((await api.get('/api/fetch-products')).statusCode).toBe(200);
  });

  it('after the trial, a declined first charge leaves the subscription incomplete with 402 card_declined', async () => {
    const seller = await makeSeller(rt, { subscription: 'expired' });
    const api = await client(rt, seller);
    const planId = await planIdOf(rt, 'basic');
    const chosen = (await api.post('/api/exist-user-subscription', { user: seller.id, planId })).json();
    await enterCard(rt, chosen.setup, CARDS.chargesDeclined);
    const res = await api.post('/api/check-payment-status', {
      paymentIntent: chosen.setup.intentId,
      paymentIntentSecret: chosen.setup.clientSecret,
      planId,
    });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().error).toBe('card_declined');
    expect((await subscriptionRow(rt, seller.id)).status).toBe('incomplete');
    expect((await api.get('/api/fetch-products')).json().error).toBe('plan_required');
  });

  it('create-payment-intent starts a registration for the chosen plan, completed by check-payment-status', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const business = await planIdOf(rt, 'business');
    const start = await api.post('/api/create-payment-intent?locale=en', {
      items: [{ planId: business, type: 'month' }],
      returnTo: 'plan',
    });
    expect(start.statusCode, start.body).toBe(200);
    const setup = start.json();
    const page = await enterCard(rt, setup);
    expect(new URL(page.redirectUrl as string).pathname).toBe('/en/billing/return');
    const done = await api.post('/api/check-payment-status', {
      paymentIntent: setup.intentId,
      paymentIntentSecret: setup.clientSecret,
      planId: business,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'trialing', subscription: { plan_code: 'business' } });
    expect(await chargesOf(rt, seller.id)).toHaveLength(0);
    for (const items of [[], [{ planId: business }, { planId: business }], [{ planId: 999999 }]]) {
      const bad = await api.post('/api/create-payment-intent', { items });
      expect(bad.statusCode, JSON.stringify(items)).toBe(400);
    }
    // a running paid plan is changed from My Plan, not chosen again
    const { api: paying } = await activeSeller(rt, 'basic');
    const again = await paying.post('/api/subscription', { planId: business });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('subscription_active');
  });

  it('a trial whose seller gave no payment method ends at its end', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    expect((await api.post('/api/subscription', { planId: await planIdOf(rt, 'business') })).statusCode).toBe(
      200,
    );
    const row = await subscriptionRow(rt, seller.id);
    await tick(rt, new Date((row.trial_end as Date).getTime() + HOUR));
    expect((await subscriptionRow(rt, seller.id)).status).toBe('unsubscribed');
    expect((await api.get('/api/fetch-products')).json().error).toBe('plan_required');
  });

  it('a trial just over at the provider, its renewal not yet applied here, is never started a second time', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const business = await planIdOf(rt, 'business');
    const { setup } = (await api.post('/api/subscription', { planId: business })).json();
    await enterCard(rt, setup);
    const done = await api.post('/api/check-payment-status', {
      paymentIntent: setup.intentId,
      paymentIntentSecret: setup.clientSecret,
      planId: business,
    });
    expect(done.json().status).toBe('trialing');
    const row = await subscriptionRow(rt, seller.id);
    // the trial ended a minute ago, here and at the provider; no clock has ticked since
    const ended = new Date(Date.now() - 60_000);
    await rt.deps.database.db.execute(
      sql`UPDATE subscriptions SET trial_end = ${ended}, current_period_end = ${ended} WHERE id = ${row.id}`,
    );
    await rt.deps.database.db.execute(sql`
      UPDATE sandbox_billing_objects
      SET data = data || jsonb_build_object('trialEnd', ${ended.toISOString()}::text,
                                            'currentPeriodEnd', ${ended.toISOString()}::text)
      WHERE id = ${row.external_id}`);
    const invoicesBefore = (await sandboxInvoices(rt)).length;

    const again = await api.post('/api/exist-user-subscription', { user: seller.id, planId: business });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error).toBe('subscription_active');
    const after = await subscriptionRow(rt, seller.id);
    expect(after).toMatchObject({ id: row.id, external_id: row.external_id, status: 'active' });
    // one charge: the trial's renewal, no second subscription
    expect((await sandboxInvoices(rt)).length).toBe(invoicesBefore + 1);
    expect(await chargesOf(rt, seller.id)).toHaveLength(1);
  });

  it('a registration the provider did not confirm changes nothing (400 payment_not_confirmed)', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const planId = await planIdOf(rt, 'business');
    const { setup } = (await api.post('/api/subscription', { planId })).json();
    const check = { paymentIntent: setup.intentId, paymentIntentSecret: setup.clientSecret, planId };
    const unfinished = await api.post('/api/check-payment-status', check);
    expect(unfinished.statusCode).toBe(400);
    expect(unfinished.json()).toMatchObject({
      error: 'payment_not_confirmed',
      message: 'Statut du paiement non confirmé',
    });
    expect((await enterCard(rt, setup, CARDS.declined)).status).toBe('failed');
    expect((await api.post('/api/check-payment-status', check)).json().error).toBe('payment_not_confirmed');
    expect((await api.get('/api/profile/payment-methods')).json().items).toHaveLength(0);
    expect((await subscriptionRow(rt, seller.id)).external_id).toBeNull();
  });

  it('another seller’s registration, or a wrong secret, answers 404 and changes nothing', async () => {
    const owner = await makeSeller(rt);
    const ownerApi = await client(rt, owner);
    const other = await client(rt, await makeSeller(rt));
    const planId = await planIdOf(rt, 'business');
    const { setup } = (await ownerApi.post('/api/subscription', { planId })).json();
    await enterCard(rt, setup);
    const theirs = await other.post('/api/check-payment-status', {
      paymentIntent: setup.intentId,
      paymentIntentSecret: setup.clientSecret,
      planId,
    });
    expect(theirs.statusCode).toBe(404);
    const wrong = await ownerApi.post('/api/check-payment-status', {
      paymentIntent: setup.intentId,
      paymentIntentSecret: `${setup.clientSecret.slice(0, -2)}xx`,
      planId,
    });
    expect(wrong.statusCode).toBe(404);
    const fromOther = await other.post('/api/profile/add-payment-method-after-registration', {
      setupIntent: setup.intentId,
      setupIntentSecret: setup.clientSecret,
    });
    expect(fromOther.statusCode).toBe(404);
    expect((await ownerApi.get('/api/profile/payment-methods')).json().items).toHaveLength(0);
  });
});

describe('choosing and changing plans', () => {
  it('bad inputs answer a 4xx naming the field, and change nothing', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const platinum = await planIdOf(rt, 'platinum');
    const cases: [unknown, number, string][] = [
      [{ planId: 999999 }, 400, 'plan_unavailable'],
      [{ planId: platinum }, 400, 'plan_unavailable'],
      [{ planId: 'abc' }, 400, 'validation'],
      [{ planId: await planIdOf(rt, 'business'), type: 'week' }, 400, 'validation'],
      [{ planId: 1, extra: 'x'.repeat(100_000) }, 400, 'validation'],
    ];
    for (const [payload, status, error] of cases) {
      const res = await api.post('/api/subscription', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.json().error).toBe(error);
    }
    const nul = await api.post('/api/check-payment-status', {
      paymentIntent: 'sbx_seti_\u0000x',
      paymentIntentSecret: 'a'.repeat(20),
      planId: 1,
    });
    expect(nul.statusCode).toBe(400);
    const huge = await api.post('/api/check-payment-status', {
      paymentIntent: 'sbx_seti_x',
      paymentIntentSecret: 'a'.repeat(5000),
      planId: 1,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().fields).toHaveProperty('paymentIntentSecret');
    expect((await subscriptionRow(rt, seller.id)).plan_id).toBe(await planIdOf(rt, 'basic'));
  });

  it('in the trial any change is immediate and free; the same plan answers 409; Platinum files a request', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const change = (planId: number) =>
      api.post('/api/profile/update-subscription-plan?locale=en', { planId });
    const up = await change(await planIdOf(rt, 'business'));
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({
      effective: 'now',
      subscription: { plan_code: 'business', status: 'trialing' },
    });
    const same = await change(await planIdOf(rt, 'business'));
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe('same_plan');
    const request = await change(await planIdOf(rt, 'platinum'));
    expect(request.statusCode, request.body).toBe(200);
    expect(request.json()).toMatchObject({
      effective: 'request',
      message: 'Your request has been sent: we will contact you shortly',
    });
    const [filed] = await queryRows<{ email: string }>(
      rt.deps.database.db,
      sql`SELECT email FROM support_messages WHERE type = 'demo' AND email = ${seller.email}`,
    );
    expect(filed).toBeDefined();
    expect((await change(999999)).json().error).toBe('plan_unavailable');
    expect(await chargesOf(rt, seller.id)).toHaveLength(0);
  });

  it('a downgrade waits for the period’s end and is charged at the renewal; an upgrade is now', async () => {
    const { seller, api } = await activeSeller(rt, 'business');
    const basic = await planIdOf(rt, 'basic');
    const down = await api.post('/api/profile/update-subscription-plan', { planId: basic });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({
      effective: 'period_end',
      subscription: {
        plan_code: 'business',
        pending_plan_id: basic,
        price: 149,
        next_charge: { plan_amount: 49 },
      },
    });
    const row = await subscriptionRow(rt, seller.id);
    await tick(rt, new Date((row.current_period_end as Date).getTime() + HOUR));
    const renewed = (await api.get('/api/profile/subscription')).json().subscription;
    expect(renewed).toMatchObject({ plan_code: 'basic', pending_plan_id: null, price: 49, status: 'active' });
    const charges = (await chargesOf(rt, seller.id)).sort((a, b) => a.id - b.id);
    expect(charges.map((c) => c.amount_cents)).toEqual([14900, 4900]);

    const up = await api.post('/api/profile/update-subscription-plan', {
      planId: await planIdOf(rt, 'business'),
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({
      effective: 'now',
      subscription: { plan_code: 'business', price: 149 },
    });
  });

  it('a yearly plan is charged its yearly price; an interval the plan lacks answers plan_interval_unavailable', async () => {
    const { api } = await activeSeller(rt, 'basic');
    const yearly = await api.post('/api/profile/update-subscription-plan', {
      planId: await planIdOf(rt, 'basic'),
      type: 'year',
    });
    expect(yearly.statusCode, yearly.body).toBe(200);
    await rt.deps.database.db.execute(sql`UPDATE plans SET yearly_cents = NULL WHERE code = 'business'`);
    try {
      const res = await api.post('/api/profile/update-subscription-plan', {
        planId: await planIdOf(rt, 'business'),
        type: 'year',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('plan_interval_unavailable');
    } finally {
      await rt.deps.database.db.execute(sql`UPDATE plans SET yearly_cents = 149000 WHERE code = 'business'`);
    }
  });
});

describe('a lower plan on another interval', () => {
  it('starts now, charged, the unused time of the current period credited', async () => {
    const { seller, api } = await activeSeller(rt, 'business');
    const res = await api.post('/api/profile/update-subscription-plan', {
      planId: await planIdOf(rt, 'basic'),
      type: 'year',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      effective: 'now',
      subscription: { plan_code: 'basic', interval: 'year', pending_plan_id: null },
    });
    const row = await subscriptionRow(rt, seller.id);
    const charges = (await chargesOf(rt, seller.id)).sort((a, b) => a.id - b.id);
    expect(charges).toHaveLength(2);
    expect(charges[1]).toMatchObject({ status: 'paid', plan_id: await planIdOf(rt, 'basic') });
    expect(charges[1].amount_cents).toBeGreaterThan(0);
    expect(charges[1].amount_cents).toBeLessThan(49000);
    expect((row.current_period_end as Date).getTime()).toBeGreaterThan(Date.now() + 300 * DAY);
    expect((await api.get('/api/fetch-products')).statusCode).toBe(200);
  });
});

describe('My Plan’s next charge', () => {
  it('estimates the plan plus the percent of this month’s paid sales so far, at the seller’s own percent when set, plus VAT', async () => {
    const { seller, api } = await activeSeller(rt, 'basic');
    await insertOrder(rt, { seller_id: seller.id, status: 'payed', total_cents: 200_00 });
    await insertOrder(rt, { seller_id: seller.id, status: 'new', total_cents: 999_00 });
    const mine = (await api.get('/api/profile/subscription')).json().subscription;
    expect(mine.next_charge).toMatchObject({
      date: mine.current_period_end,
      plan_amount: 49,
      sales_amount: 200,
      percent: 5,
      percent_amount: 10,
      vat_amount: 11.8,
      total: 70.8,
    });
    await rt.deps.database.db.update(users).set({ seller_percent_bp: 250 }).where(eq(users.id, seller.id));
    const own = (await api.get('/api/profile/subscription')).json().subscription;
    expect(own).toMatchObject({ percent: 2.5, next_charge: { percent: 2.5, percent_amount: 5 } });
  });

  it('the same registration returned twice at once starts one subscription', async () => {
    const seller = await makeSeller(rt, { subscription: 'expired' });
    const api = await client(rt, seller);
    const planId = await planIdOf(rt, 'basic');
    const { setup } = (await api.post('/api/exist-user-subscription', { user: seller.id, planId })).json();
    await enterCard(rt, setup);
    const check = { paymentIntent: setup.intentId, paymentIntentSecret: setup.clientSecret, planId };
    const answers = await Promise.all([
      api.post('/api/check-payment-status', check),
      api.post('/api/check-payment-status', check),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const rows = await queryRows<{ n: number }>(
      rt.deps.database.db,
      sql`SELECT count(*)::int AS n FROM subscriptions WHERE user_id = ${seller.id} AND status = 'active'`,
    );
    expect(rows[0].n).toBe(1);
    expect(await chargesOf(rt, seller.id)).toHaveLength(1);
    expect((await api.get('/api/profile/payment-methods')).json().items).toHaveLength(1);
  });
});

describe('cancel at period end and resume', () => {
  it('in the trial: cancelled, resumed, and a cancelled trial ends at its end', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const cancel = await api.get('/api/profile/unsubscription');
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().subscription).toMatchObject({
      status: 'cancel_at_period_end',
      cancel_at_period_end: true,
      next_charge: null,
    });
    expect((await api.get('/api/profile/unsubscription')).json().error).toBe('subscription_not_cancelable');
    const resume = await api.post('/api/profile/resume-subscription');
    expect(resume.statusCode, resume.body).toBe(200);
    expect(resume.json().subscription).toMatchObject({ status: 'trialing', cancel_at_period_end: false });
    expect((await api.post('/api/profile/resume-subscription')).json().error).toBe(
      'subscription_not_cancelable',
    );

    await api.get('/api/profile/unsubscription');
    const row = await subscriptionRow(rt, seller.id);
    expect((await api.get('/api/fetch-products')).statusCode).toBe(200);
    await tick(rt, new Date((row.trial_end as Date).getTime() + HOUR));
    expect((await subscriptionRow(rt, seller.id)).status).toBe('unsubscribed');
    expect((await api.post('/api/profile/resume-subscription')).statusCode).toBe(409);
  });

  it('a trial cancelled while its card was being registered still ends at its end, uncharged', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const business = await planIdOf(rt, 'business');
    const chosen = (await api.post('/api/subscription', { planId: business, type: 'month' })).json();
    expect((await api.get('/api/profile/unsubscription')).statusCode).toBe(200);
    await enterCard(rt, chosen.setup);
    const done = await api.post('/api/check-payment-status', {
      paymentIntent: chosen.setup.intentId,
      paymentIntentSecret: chosen.setup.clientSecret,
      planId: business,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().subscription).toMatchObject({
      status: 'cancel_at_period_end',
      cancel_at_period_end: true,
    });
    const row = await subscriptionRow(rt, seller.id);
    await tick(rt, new Date((row.trial_end as Date).getTime() + HOUR));
    expect((await subscriptionRow(rt, seller.id)).status).toBe('unsubscribed');
    expect(await chargesOf(rt, seller.id)).toHaveLength(0);
  });

  it('a paid plan cancelled at period end keeps the tools until then, resumes before, ends after', async () => {
    const { seller, api } = await activeSeller(rt, 'basic');
    expect((await api.get('/api/profile/unsubscription')).json().subscription.status).toBe(
      'cancel_at_period_end',
    );
    expect((await api.post('/api/profile/resume-subscription')).json().subscription.status).toBe('active');
    expect((await api.get('/api/profile/unsubscription')).statusCode).toBe(200);
    expect((await api.get('/api/fetch-products')).statusCode).toBe(200);
    const row = await subscriptionRow(rt, seller.id);
    await tick(rt, new Date((row.current_period_end as Date).getTime() + HOUR));
    expect((await subscriptionRow(rt, seller.id)).status).toBe('unsubscribed');
    expect(await chargesOf(rt, seller.id)).toHaveLength(1);
  });

  it('another site cannot cancel through the GET', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const res = await api.get('/api/profile/unsubscription', {
      'sec-fetch-site': 'cross-site',
      origin: 'https://evil.example',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('bad_origin');
    expect((await subscriptionRow(rt, seller.id)).status).toBe('trialing');
  });
});

describe('the skip flows and signing up with a plan', () => {
  it('a seller in the trial skips choosing; outside it, 404 subscription_missing', async () => {
    const api = await client(rt, await makeSeller(rt));
    const res = await api.post('/api/skip-exist-user-subscription', { locale: 'fr' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      setup: null,
      subscription: { status: 'trialing' },
      user: { status: 'active' },
    });
    const expired = await client(rt, await makeSeller(rt, { subscription: 'expired' }));
    expect((await expired.post('/api/skip-exist-user-subscription', {})).json().error).toBe(
      'subscription_missing',
    );
  });

  it('a seller without a subscription starts the trial on Basic as skipping; a second time, trial_used', async () => {
    const seller = await makeSeller(rt, { subscription: 'none' });
    const api = await client(rt, seller);
    const res = await api.post('/api/skip-exist-user-subscription-new', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      user: { status: 'skipping', subscription_expired: false },
      subscription: { plan_code: 'basic', status: 'trialing' },
    });
    const again = await api.post('/api/skip-exist-user-subscription-new', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('trial_used');
  });

  it('after-skip and exist-user-subscription refuse another user’s id', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    for (const url of ['/api/after-skip-subscription', '/api/exist-user-subscription']) {
      const res = await api.post(url, { user: seller.id + 1, planId: await planIdOf(rt, 'business') });
      expect(res.statusCode).toBe(403);
    }
    expect((await subscriptionRow(rt, seller.id)).plan_id).toBe(await planIdOf(rt, 'basic'));
  });

  it('signing up with a plan: the verification link starts the trial on that plan; a known e-mail answers email_present', async () => {
    const email = `plan-${Date.now()}@test.local`;
    const business = await planIdOf(rt, 'business');
    const userData = {
      email,
      first_name: 'Inès',
      last_name: 'Morel',
      phone: '0611223344',
      company_name: 'Atelier Inès',
      tax_id: '85234567800017',
      accept_terms: true,
    };
    const signUp = await rt.app.inject({
      method: 'POST',
      url: '/api/subscription?locale=en',
      remoteAddress: uniqueIp(),
      headers: { origin: ORIGIN },
      payload: { planId: business, type: 'month', userData },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    expect(signUp.json()).toMatchObject({
      user: null,
      setup: null,
      message: 'Check confirmation link in your mailbox',
    });
    const mail = (await sentMails(rt)).find((m) => m.to === email);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const set = await rt.app.inject({
      method: 'POST',
      url: '/api/auth/changePassword',
      remoteAddress: uniqueIp(),
      headers: { origin: ORIGIN },
      payload: { token, password: 'motdepasse1', confirm_password: 'motdepasse1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const { jar } = await signIn(rt, email, 'motdepasse1');
    const api = authedClient(rt, jar);
    const mine = (await api.get('/api/profile/subscription')).json().subscription;
    expect(mine).toMatchObject({ plan_code: 'business', status: 'trialing' });

    const again = await rt.app.inject({
      method: 'POST',
      url: '/api/subscription',
      remoteAddress: uniqueIp(),
      headers: { origin: ORIGIN },
      payload: { planId: business, userData },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('email_present');
    const [user] = await rt.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(user.status).toBe('active');
    expect(
      await rt.deps.database.db
        .select()
        .from(billingPaymentMethods)
        .where(eq(billingPaymentMethods.user_id, user.id)),
    ).toHaveLength(0);
  });
});

describe('a plan’s new price', () => {
  it('applies to a running subscription at its next period: the renewal is charged the new price', async () => {
    const { seller, api } = await activeSeller(rt, 'basic');
    const admin = await client(rt, await makeAdmin(rt));
    const plan = (await admin.get('/api/payment-plans'))
      .json()
      .items.find((p: { code: string }) => p.code === 'basic');
    const body = (price: number) => ({
      id: plan.id,
      name_fr: plan.name_fr,
      name_en: plan.name_en,
      price,
      yearly_price: plan.yearly_price,
      percent: plan.percent,
      features_fr: plan.features_fr,
      features_en: plan.features_en,
      active: plan.active,
    });
    try {
      expect((await admin.post('/api/payment-plans', body(59))).statusCode).toBe(200);
      expect((await admin.post('/api/payment-plans/sync', {})).statusCode).toBe(200);
      const row = await subscriptionRow(rt, seller.id);
      await tick(rt, new Date((row.current_period_end as Date).getTime() + HOUR));
      const renewed = (await api.get('/api/profile/subscription')).json().subscription;
      expect(renewed).toMatchObject({ plan_code: 'basic', price: 59, status: 'active' });
      const charges = (await chargesOf(rt, seller.id)).sort((a, b) => a.id - b.id);
      expect(charges.map((c) => c.amount_cents)).toEqual([4900, 5900]);
    } finally {
      await admin.post('/api/payment-plans', body(plan.price));
      await admin.post('/api/payment-plans/sync', {});
    }
  });
});
