import { eq } from 'drizzle-orm';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { client, makeAdmin, makeSeller, startTestApp, type TestUser } from '../../../test/helpers.ts';
import { planIdOf, subscriptionRow } from '../../../test/subscription-fixtures.ts';
import { sellerAudit, subscriptions } from '../../db/schema/index.ts';
import subTrialing from '../../integrations/billing/fixtures/billing-subscription-trialing.json' with {
  type: 'json',
};
import type { Runtime } from '../../runtime.ts';

/*
 * Unsubscribing a seller billed by Stripe (SPEC §1), Stripe's API faked at the HTTP boundary: any
 * request the fake does not expect fails the test.
 */

const API = 'https://api.stripe.com';
const server = setupServer();
let rt: Runtime;
let adminUser: TestUser;
let seen: string[] = [];

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  rt = await startTestApp({
    billing: {
      provider: 'stripe',
      stripe: { secretKey: 'sk_test_51PlatformBillingKeyForTestsOnly', webhookSecret: 'whsec_test_x' },
    },
  });
  adminUser = await makeAdmin(rt);
});
afterEach(() => {
  server.resetHandlers();
  seen = [];
});
afterAll(async () => {
  server.close();
  await rt.close();
});

/** A seller whose subscription `sub` runs at Stripe, as it looks here. */
async function stripeSeller(sub: string) {
  const seller = await makeSeller(rt);
  await rt.deps.database.db
    .update(subscriptions)
    .set({
      provider: 'stripe',
      external_id: sub,
      status: 'active',
      plan_id: await planIdOf(rt, 'basic'),
      current_period_start: new Date(Date.now() - 5 * 86_400_000),
      current_period_end: new Date(Date.now() + 25 * 86_400_000),
    })
    .where(eq(subscriptions.user_id, seller.id));
  return seller;
}

const canceled = (sub: string) => ({
  ...subTrialing,
  id: sub,
  status: 'canceled',
  canceled_at: 1775000000,
  ended_at: 1775000000,
});
const missing = (sub: string) => () =>
  HttpResponse.json(
    {
      error: {
        code: 'resource_missing',
        message: `No such subscription: '${sub}'`,
        param: 'id',
        type: 'invalid_request_error',
      },
    },
    { status: 404 },
  );

describe('unsubscribing a seller billed by Stripe', () => {
  it('a subscription Stripe ended already (the seller cancelled there, a webhook not arrived yet) ends here too', async () => {
    const sub = 'sub_1QxEndedAtStripe01';
    const seller = await stripeSeller(sub);
    server.use(
      http.delete(`${API}/v1/subscriptions/${sub}`, ({ request }) => {
        seen.push(`DELETE ${new URL(request.url).pathname}`);
        return missing(sub)();
      }),
      http.get(`${API}/v1/subscriptions/${sub}`, ({ request }) => {
        seen.push(`GET ${new URL(request.url).pathname}`);
        return HttpResponse.json(canceled(sub));
      }),
    );
    const admin = await client(rt, adminUser);
    const res = await admin.post('/api/sellers/unsubscribe', { seller: seller.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, subscription_status: 'unsubscribed' });
    expect(seen).toEqual([`DELETE /v1/subscriptions/${sub}`, `GET /v1/subscriptions/${sub}`]);
    expect((await subscriptionRow(rt, seller.id)).status).toBe('unsubscribed');
    const [line] = await rt.deps.database.db
      .select()
      .from(sellerAudit)
      .where(eq(sellerAudit.seller_id, seller.id));
    expect(line).toMatchObject({ action: 'unsubscribed', admin_id: adminUser.id });
    // a second click: nothing runs any more
    const again = await admin.post('/api/sellers/unsubscribe', { seller: seller.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('already_unsubscribed');
  });

  it('a subscription Stripe does not know and cannot read back stays as it is, the refusal said', async () => {
    const sub = 'sub_1QxUnknownAtStripe2';
    const seller = await stripeSeller(sub);
    server.use(
      http.delete(`${API}/v1/subscriptions/${sub}`, missing(sub)),
      http.get(`${API}/v1/subscriptions/${sub}`, missing(sub)),
    );
    const admin = await client(rt, adminUser);
    const res = await admin.post('/api/sellers/unsubscribe', { seller: seller.id });
    expect(res.statusCode).toBe(404);
    expect((await subscriptionRow(rt, seller.id)).status).toBe('active');
    expect(
      await rt.deps.database.db.select().from(sellerAudit).where(eq(sellerAudit.seller_id, seller.id)),
    ).toEqual([]);
  });
});
