import type { TSetupStart } from '@livecart/contract/billing';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { billingCharges, plans, sandboxBillingObjects, subscriptions } from '../src/db/schema/index.ts';
import type { SandboxBilling } from '../src/integrations/billing/sandbox.ts';
import { billingEnvOf } from '../src/modules/plans/customers.ts';
import type { Runtime } from '../src/runtime.ts';
import { client, makeSeller } from './helpers.ts';

/*
 * The seller's billing on the sandbox provider, driven as a seller's browser does: the app's calls,
 * the sandbox card page's submission, and the subscriptions' clock moved on by hand.
 */

export const CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  chargesDeclined: '4000000000000341',
  authentication: '4000002500003155',
} as const;

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

export type Api = Awaited<ReturnType<typeof client>>;

export const sandboxOf = (rt: Runtime) => billingEnvOf(rt.deps).provider as unknown as SandboxBilling;

export async function planIdOf(rt: Runtime, code: 'basic' | 'business' | 'platinum'): Promise<number> {
  const [plan] = await rt.deps.database.db.select().from(plans).where(eq(plans.code, code));
  return plan.id;
}

/** Enters a test card on the sandbox's card page; answers the page's outcome (and where it sends the browser). */
export async function enterCard(rt: Runtime, setup: TSetupStart, number: string = CARDS.ok) {
  return sandboxOf(rt).submitSetup(setup.intentId, {
    kind: 'card',
    number,
    expMonth: 12,
    expYear: new Date().getFullYear() + 3,
    cvc: '123',
  });
}

/** The seller's latest subscription row. */
export async function subscriptionRow(rt: Runtime, userId: number) {
  const [row] = await rt.deps.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.user_id, userId))
    .orderBy(desc(subscriptions.created_at), desc(subscriptions.id))
    .limit(1);
  return row;
}

export const chargesOf = (rt: Runtime, userId: number) =>
  rt.deps.database.db.select().from(billingCharges).where(eq(billingCharges.seller_id, userId));

/** Sandbox invoices of every customer (to show that nothing was charged). */
export async function sandboxInvoices(rt: Runtime) {
  return rt.deps.database.db
    .select()
    .from(sandboxBillingObjects)
    .where(eq(sandboxBillingObjects.kind, 'invoice'));
}

export async function tick(rt: Runtime, at: Date) {
  await rt.subscriptionClock?.tickNow(at);
}

/**
 * A seller whose trial is over, subscribed to `code` after it with the 4242 card: active, the
 * first period paid.
 */
export async function activeSeller(rt: Runtime, code: 'basic' | 'business' = 'business') {
  const seller = await makeSeller(rt, { subscription: 'expired' });
  const api = await client(rt, seller);
  const chosen = await api.post('/api/exist-user-subscription', {
    user: seller.id,
    planId: await planIdOf(rt, code),
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  const { setup } = chosen.json();
  await enterCard(rt, setup);
  const done = await api.post('/api/check-payment-status', {
    paymentIntent: setup.intentId,
    paymentIntentSecret: setup.clientSecret,
    planId: await planIdOf(rt, code),
  });
  expect(done.statusCode, done.body).toBe(200);
  expect(done.json().status).toBe('active');
  return { seller, api };
}
