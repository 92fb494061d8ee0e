import { eq } from 'drizzle-orm';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, startTestApp } from '../../../test/helpers.ts';
import { chargesOf, planIdOf, subscriptionRow } from '../../../test/subscription-fixtures.ts';
import { subscriptions } from '../../db/schema/index.ts';
import invoicePaidEvent from '../../integrations/billing/fixtures/billing-event-invoice-paid.json' with {
  type: 'json',
};
import renewalPaid from '../../integrations/billing/fixtures/billing-invoice-subscription-paid.json' with {
  type: 'json',
};
import subTrialing from '../../integrations/billing/fixtures/billing-subscription-trialing.json' with {
  type: 'json',
};
import { StripeBilling } from '../../integrations/billing/stripe.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * Stripe Billing's webhook through the app, Stripe's API faked at the HTTP boundary: any request
 * the fake does not expect fails the test.
 */

const API = 'https://api.stripe.com';
const SECRET_KEY = 'sk_test_51PlatformBillingKeyForTestsOnly';
const WEBHOOK_SECRET = 'whsec_test_billing_endpoint_secret';
const SUB = subTrialing.id;

const server = setupServer();
let calls: string[] = [];
let rt: Runtime;
let sellerId: number;
/** The subscription as Stripe answers it now. */
let stripeSub: Record<string, unknown> = { ...subTrialing, status: 'active', trial_end: null };

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  rt = await startTestApp({
    billing: { provider: 'stripe', stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET } },
  });
  const seller = await makeSeller(rt);
  sellerId = seller.id;
  await rt.deps.database.db
    .update(subscriptions)
    .set({
      provider: 'stripe',
      external_id: SUB,
      status: 'active',
      plan_id: await planIdOf(rt, 'basic'),
      current_period_start: new Date('2026-03-10T11:00:00Z'),
      current_period_end: new Date('2026-04-09T10:00:00Z'),
    })
    .where(eq(subscriptions.user_id, seller.id));
});
afterEach(() => {
  calls = [];
});
afterAll(async () => {
  server.close();
  await rt.close();
});

function stripeApi() {
  server.resetHandlers(
    http.get(`${API}/v1/invoices/${renewalPaid.id}`, ({ request }) => {
      calls.push(new URL(request.url).pathname);
      return HttpResponse.json(renewalPaid);
    }),
    http.get(`${API}/v1/subscriptions/${SUB}`, ({ request }) => {
      calls.push(new URL(request.url).pathname);
      return HttpResponse.json(stripeSub);
    }),
  );
}

const signer = new StripeBilling({
  secretKey: SECRET_KEY,
  webhookSecret: WEBHOOK_SECRET,
  maxNetworkRetries: 0,
});
const deliver = (
  body: string,
  signature = signer.stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
) =>
  rt.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe-billing',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });

const subscriptionEvent = (id: string, createdIso: string) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'customer.subscription.updated',
    created: Date.parse(createdIso) / 1000,
    data: { object: stripeSub },
    livemode: false,
    api_version: invoicePaidEvent.api_version,
  });

describe('Stripe billing webhooks', () => {
  it('a renewal paid at Stripe is recorded once, read back from the API; a replay changes nothing', async () => {
    stripeApi();
    const body = JSON.stringify(invoicePaidEvent);
    const res = await deliver(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(calls).toContain(`/v1/invoices/${renewalPaid.id}`);
    const charges = await chargesOf(rt, sellerId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ kind: 'plan', status: 'paid', amount_cents: 4900, vat_cents: 980 });
    const sub = await subscriptionRow(rt, sellerId);
    expect(sub.status).toBe('active');

    calls = [];
    const again = await deliver(body);
    expect(again.statusCode).toBe(200);
    expect(calls).toEqual([]);
    expect(await chargesOf(rt, sellerId)).toEqual(charges);
    expect(await subscriptionRow(rt, sellerId)).toEqual(sub);
  });

  it('a forged, tampered or missing signature answers 400 webhook_refused and changes nothing', async () => {
    stripeApi();
    const body = subscriptionEvent('evt_forged', '2026-05-01T00:00:00Z');
    const forged = signer.stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_other' });
    for (const signature of [forged, 't=1,v1=abc', '']) {
      const res = await deliver(body, signature);
      expect(res.statusCode, signature).toBe(400);
      expect(res.json().error).toBe('webhook_refused');
    }
    const tampered = await deliver(
      body.replace('customer.subscription.updated', 'customer.subscription.deleted'),
      signer.stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
    );
    expect(tampered.statusCode).toBe(400);
    expect(calls).toEqual([]);
    expect((await subscriptionRow(rt, sellerId)).status).toBe('active');
  });

  it('an older subscription event delivered after a newer one does not overwrite its state', async () => {
    stripeApi();
    expect((await deliver(subscriptionEvent('evt_sub_newer', '2026-04-20T00:00:00Z'))).statusCode).toBe(200);
    stripeSub = { ...stripeSub, cancel_at_period_end: true };
    const late = await deliver(subscriptionEvent('evt_sub_older', '2026-04-15T00:00:00Z'));
    expect(late.statusCode).toBe(200);
    expect((await subscriptionRow(rt, sellerId)).status).toBe('active');
    expect((await deliver(subscriptionEvent('evt_sub_newest', '2026-04-21T00:00:00Z'))).statusCode).toBe(200);
    expect((await subscriptionRow(rt, sellerId)).status).toBe('cancel_at_period_end');
  });
});
