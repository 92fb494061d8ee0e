import { eq } from 'drizzle-orm';
import {
  billingCharges,
  billingCustomers,
  billingPaymentMethods,
  orders,
  plans,
  subscriptions,
} from '../src/db/schema/index.ts';
import type { SandboxBilling } from '../src/integrations/billing/sandbox.ts';
import { billingEnvOf } from '../src/modules/plans/customers.ts';
import type { Runtime } from '../src/runtime.ts';
import { insertOrder } from './fixtures.ts';
import { ORIGIN } from './helpers.ts';

/*
 * Test rows for the monthly billing: a seller past their trial, their sales, the plan periods the
 * provider charged, and a card registered at the sandbox provider as the default method.
 */

export const sandboxOf = (rt: Runtime) => billingEnvOf(rt.deps).provider as SandboxBilling;

/** The seller's subscription made an active Basic plan since January 2026, their trial over on `trialEnd`. */
export async function pastTrial(rt: Runtime, sellerId: number, trialEnd = new Date('2026-02-01T09:00:00Z')) {
  await rt.deps.database.db
    .update(subscriptions)
    .set({
      status: 'active',
      trial_end: trialEnd,
      created_at: new Date('2026-01-01T09:00:00Z'),
      price_cents: 4900,
    })
    .where(eq(subscriptions.user_id, sellerId));
}

/** A paid order (cents) of the seller, refunded at `refundedAt` when given. */
export async function sale(
  rt: Runtime,
  sellerId: number,
  cents: number,
  paidAt: string,
  refundedAt?: string,
) {
  const row = await insertOrder(rt, {
    seller_id: sellerId,
    status: 'payed',
    total_cents: cents,
    paid_at: new Date(paidAt),
  });
  if (refundedAt) {
    await rt.deps.database.db
      .update(orders)
      .set({ status: 'canceled', canceled_at: new Date(refundedAt) })
      .where(eq(orders.id, row.id));
  }
  return row;
}

/** A plan period the provider charged and the seller paid (cents excl. VAT). */
export async function planCharge(rt: Runtime, sellerId: number, paidAt: string, cents = 4900) {
  const db = rt.deps.database.db;
  const [basic] = await db.select().from(plans).where(eq(plans.code, 'basic'));
  const start = new Date(paidAt);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  await db.insert(billingCharges).values({
    seller_id: sellerId,
    kind: 'plan',
    provider: 'sandbox',
    external_id: `sbx_in_plan_${sellerId}_${start.getTime()}`,
    plan_id: basic.id,
    amount_cents: cents,
    vat_cents: Math.round(cents * 0.2),
    status: 'paid',
    period_start: start,
    period_end: end,
    paid_at: start,
  });
}

/** A test card registered at the sandbox for the seller and made their default method. */
export async function cardOnFile(
  rt: Runtime,
  seller: { id: number; email: string },
  number = '4242424242424242',
) {
  const provider = sandboxOf(rt);
  const customerId = await provider.createCustomer({
    email: seller.email,
    name: 'Test User',
    userId: seller.id,
    idempotencyKey: `customer-${seller.id}`,
  });
  const setup = await provider.startSetup({
    customerId,
    returnUrl: `${ORIGIN}/billing/return`,
    idempotencyKey: `setup-${seller.id}-${number}`,
  });
  await provider.submitSetup(setup.id, { kind: 'card', number, expMonth: 12, expYear: 2040, cvc: '123' });
  const state = await provider.getSetup(setup.id);
  const method = state.paymentMethod;
  if (!method) throw new Error('the test card was not registered');
  await provider.setDefaultPaymentMethod(customerId, method.id);
  const db = rt.deps.database.db;
  await db
    .insert(billingCustomers)
    .values({ user_id: seller.id, provider: 'sandbox', external_id: customerId });
  await db.insert(billingPaymentMethods).values({
    user_id: seller.id,
    provider: 'sandbox',
    external_id: method.id,
    kind: 'card',
    brand: method.brand,
    last4: method.last4,
    exp_month: method.expMonth,
    exp_year: method.expYear,
    is_default: true,
  });
  return customerId;
}
