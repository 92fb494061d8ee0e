import { PLATFORM_VAT_BP, type TNextCharge, type TSubscription } from '@livecart/contract/billing';
import { TIME_ZONE, type TLocale } from '@livecart/contract/constants';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { type PlanRow, planById, planPriceCents, sellerPercentBp } from './customers.ts';
import { monthSales, parisMonthOf } from './ledger.ts';
import { billingPaymentMethods, subscriptions } from './tables.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The seller's latest subscription (the one that decides access), or null. */
export async function currentSubscription(db: DbOrTx, userId: number): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.user_id, userId))
    .orderBy(desc(subscriptions.created_at), desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}

/** The end of the trial or the period the subscription is in. */
export const subscriptionEnd = (sub: SubscriptionRow): Date | null => sub.current_period_end ?? sub.trial_end;

/** Still in the free trial: its end ahead and no paid period begun. */
export const inTrial = (sub: SubscriptionRow, now = new Date()) =>
  (sub.status === 'trialing' || sub.status === 'cancel_at_period_end') &&
  sub.current_period_start === null &&
  !!sub.trial_end &&
  sub.trial_end.getTime() > now.getTime();

/** Gives the seller the tools now: a running trial or period, or a declined renewal in its grace. */
export function isLive(sub: SubscriptionRow | null, now = new Date()): sub is SubscriptionRow {
  if (!sub || !['trialing', 'active', 'cancel_at_period_end'].includes(sub.status)) return false;
  if (sub.grace_until) return sub.grace_until.getTime() > now.getTime();
  const end = subscriptionEnd(sub);
  return !end || end.getTime() > now.getTime();
}

/**
 * The ids providers give subscriptions (the sandbox's `sbx_sub_…`, Stripe's `sub_…`), as opposed to
 * the placeholders of a trial with no subscription at the provider yet (`trial_{userId}`, the
 * demo's `sub_demo_trial`, none).
 */
export const PROVIDER_SUBSCRIPTION_ID = '^(sbx_sub_[0-9a-f]+|sub_[A-Za-z0-9]+)$';

/** The SQL of a subscription row with no subscription at the provider. */
export const notAtProvider = sql`(${subscriptions.external_id} IS NULL OR ${subscriptions.external_id} !~ ${PROVIDER_SUBSCRIPTION_ID})`;

/** Whether a subscription exists at the provider (a trial without a payment method has none). */
export const atProvider = (
  sub: SubscriptionRow,
  providerName: string,
): sub is SubscriptionRow & { external_id: string } =>
  sub.provider === providerName &&
  !!sub.external_id &&
  new RegExp(PROVIDER_SUBSCRIPTION_ID).test(sub.external_id);

/** The Paris calendar date of an instant, `YYYY-MM-DD`. */
const parisDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(d);

/** Whole Paris calendar days from `now` to `end`: 0 on its last day, null when over. */
export function daysLeft(end: Date | null, now = new Date()): number | null {
  if (!end || end.getTime() <= now.getTime()) return null;
  return Math.round((Date.parse(parisDay(end)) - Date.parse(parisDay(now))) / (24 * 3600_000));
}

const euros = (cents: number) => Math.round(cents) / 100;
const planName = (plan: PlanRow | null, locale: TLocale) =>
  plan ? (locale === 'en' ? plan.name_en : plan.name_fr) : '';

/**
 * My Plan's subscription (ZSubscription): plan, status, days left, the period's price, the
 * seller's percent, a pending downgrade, a grace, whether a method is saved, and the next charge
 * with its estimate (the next period's plan price + the percent of this month's counted sales so
 * far + VAT), none when the subscription ends instead.
 */
export async function subscriptionView(
  db: Db,
  sub: SubscriptionRow | null,
  locale: TLocale,
  now = new Date(),
): Promise<TSubscription | null> {
  if (!sub) return null;
  const plan = await planById(db, sub.plan_id);
  const pending = sub.pending_plan_id ? await planById(db, sub.pending_plan_id) : null;
  const percentBp = await sellerPercentBp(db, sub.user_id, plan);
  const [method] = await db
    .select({ id: billingPaymentMethods.id })
    .from(billingPaymentMethods)
    .where(and(eq(billingPaymentMethods.user_id, sub.user_id)))
    .limit(1);
  const trial = sub.status === 'trialing' || (sub.current_period_start === null && !!sub.trial_end);
  const end = trial ? (sub.trial_end ?? sub.current_period_end) : subscriptionEnd(sub);
  const price = sub.price_cents ?? (plan ? planPriceCents(plan, sub.interval) : null);
  return {
    id: sub.id,
    plan_id: sub.plan_id,
    plan_code: plan?.code ?? '',
    plan_name: planName(plan, locale),
    interval: sub.interval,
    price: price === null ? null : euros(price),
    percent: percentBp === null ? null : percentBp / 100,
    status: sub.status,
    days_left: sub.status === 'unsubscribed' || sub.status === 'incomplete' ? null : daysLeft(end, now),
    trial_end: sub.trial_end?.toISOString() ?? null,
    current_period_end: sub.current_period_end?.toISOString() ?? null,
    cancel_at_period_end: sub.cancel_at_period_end,
    pending_plan_id: sub.pending_plan_id,
    pending_plan_name: pending ? planName(pending, locale) : null,
    payment_failed_at: sub.payment_failed_at?.toISOString() ?? null,
    grace_until: sub.grace_until?.toISOString() ?? null,
    has_payment_method: !!method,
    next_charge: await nextCharge(db, sub, { plan, pending, percentBp, end, now }),
  };
}

async function nextCharge(
  db: Db,
  sub: SubscriptionRow,
  p: { plan: PlanRow | null; pending: PlanRow | null; percentBp: number | null; end: Date | null; now: Date },
): Promise<TNextCharge | null> {
  if (!p.end || sub.cancel_at_period_end || !['trialing', 'active'].includes(sub.status)) return null;
  if (p.end.getTime() <= p.now.getTime() && !sub.grace_until) return null;
  const nextPlan = p.pending ?? p.plan;
  const interval = p.pending ? (sub.pending_interval ?? sub.interval) : sub.interval;
  const planCents = nextPlan ? (planPriceCents(nextPlan, interval) ?? 0) : 0;
  // sales made in the trial are not charged: this month counts from the trial's end
  const { salesCents } = await monthSales(db, sub.user_id, parisMonthOf(p.now), {
    from: sub.trial_end ?? undefined,
  });
  const percentCents = Math.round((salesCents * (p.percentBp ?? 0)) / 10000);
  const vatCents = Math.round(((planCents + percentCents) * PLATFORM_VAT_BP) / 10000);
  return {
    date: p.end.toISOString(),
    plan_amount: euros(planCents),
    sales_amount: euros(salesCents),
    percent: (p.percentBp ?? 0) / 100,
    percent_amount: euros(percentCents),
    vat_amount: euros(vatCents),
    total: euros(planCents + percentCents + vatCents),
  };
}

/** Whether the seller has a payment method saved at the provider. */
export async function hasPaymentMethod(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT 1 AS n FROM billing_payment_methods WHERE user_id = ${userId} LIMIT 1`,
  );
  return !!row;
}
