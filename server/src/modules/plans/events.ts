import { BILLING_GRACE_DAYS, PLATFORM_VAT_BP } from '@livecart/contract/billing';
import type { TSubscriptionStatus } from '@livecart/contract/constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  BillingEvent,
  ProviderInvoice,
  ProviderSubscription,
  ProviderSubscriptionStatus,
} from '../../integrations/billing/provider.ts';
import { type BillingEnv, planById, planPriceCents, providerCall } from './customers.ts';
import { percentOf } from './ledger.ts';
import {
  billingCharges,
  billingCustomers,
  billingEvents,
  platformInvoices,
  subscriptions,
} from './tables.ts';
import { atProvider, currentSubscription, type SubscriptionRow } from './view.ts';

const DAY = 24 * 3600_000;

/** Our status for the provider's (a past-due subscription stays active: its grace decides). */
export function localStatus(ps: ProviderSubscription): TSubscriptionStatus {
  const map: Record<ProviderSubscriptionStatus, TSubscriptionStatus> = {
    trialing: 'trialing',
    active: 'active',
    past_due: 'active',
    unpaid: 'active',
    incomplete: 'incomplete',
    incomplete_expired: 'unsubscribed',
    canceled: 'unsubscribed',
  };
  const status = map[ps.status];
  return ps.cancelAtPeriodEnd && (status === 'active' || status === 'trialing')
    ? 'cancel_at_period_end'
    : status;
}

/** Our subscription for the provider's id, or null. */
async function subscriptionOf(env: BillingEnv, externalId: string): Promise<SubscriptionRow | null> {
  const [row] = await env.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, env.provider.name), eq(subscriptions.external_id, externalId)));
  return row ?? null;
}

/**
 * Applies one provider event once (webhook or the sandbox's clock): a replay does nothing. The
 * object is read back from the provider; an event older than the last one applied to a
 * subscription never overwrites its state. When applying fails the event is forgotten, so the
 * provider's retry applies it.
 */
export async function applyBillingEvent(
  env: BillingEnv,
  event: BillingEvent,
): Promise<'applied' | 'duplicate'> {
  const [claimed] = await env.db
    .insert(billingEvents)
    .values({
      provider: env.provider.name,
      event_id: event.id,
      type: event.type.slice(0, 100),
      occurred_at: event.created,
    })
    .onConflictDoNothing()
    .returning({ id: billingEvents.event_id });
  if (!claimed) return 'duplicate';
  try {
    await applyEvent(env, event);
  } catch (err) {
    await env.db
      .delete(billingEvents)
      .where(and(eq(billingEvents.provider, env.provider.name), eq(billingEvents.event_id, event.id)));
    throw err;
  }
  await env.db
    .update(billingEvents)
    .set({ processed_at: new Date() })
    .where(and(eq(billingEvents.provider, env.provider.name), eq(billingEvents.event_id, event.id)));
  return 'applied';
}

async function applyEvent(env: BillingEnv, event: BillingEvent) {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = await env.provider.getInvoice(event.objectId);
      if (!invoice.subscriptionId) return settleOneOffInvoice(env, invoice, event.created);
      const sub = await subscriptionOf(env, invoice.subscriptionId);
      if (!sub) return;
      await recordPlanInvoice(env, sub, invoice, event.created);
      const ps = await env.provider.getSubscription(invoice.subscriptionId);
      await applyProviderSubscription(env, sub, ps, event.created);
      return;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = await subscriptionOf(env, event.objectId);
      if (!sub) return;
      const ps = await env.provider.getSubscription(event.objectId);
      await applyProviderSubscription(env, sub, ps, event.created);
      return;
    }
    default:
      return;
  }
}

/** A one-off invoice (a month's percent, the billing run's): its charge row follows it. */
async function settleOneOffInvoice(env: BillingEnv, invoice: ProviderInvoice, at: Date) {
  const status = invoice.status === 'paid' ? 'paid' : invoice.paymentFailed ? 'failed' : null;
  if (!status) return;
  await env.db
    .update(billingCharges)
    .set({ status, ...(status === 'paid' && { paid_at: at }) })
    .where(and(eq(billingCharges.provider, env.provider.name), eq(billingCharges.external_id, invoice.id)));
}

/**
 * A subscription invoice as a plan charge (once per provider invoice): paid, or failed when the
 * last attempt was declined. Amounts are split into price and VAT.
 */
export async function recordPlanInvoice(
  env: BillingEnv,
  sub: SubscriptionRow,
  invoice: ProviderInvoice,
  /** The provider's time of the outcome (the event's): the grace counts from it. */
  at = new Date(),
) {
  const status = invoice.status === 'paid' ? 'paid' : invoice.paymentFailed ? 'failed' : 'open';
  const total = invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue;
  const amount = Math.round((total * 10000) / (10000 + PLATFORM_VAT_BP));
  const paidAt = status === 'paid' ? at : null;
  await env.db
    .insert(billingCharges)
    .values({
      seller_id: sub.user_id,
      subscription_id: sub.id,
      kind: 'plan',
      provider: env.provider.name,
      external_id: invoice.id,
      plan_id: sub.plan_id,
      amount_cents: amount,
      vat_cents: total - amount,
      status,
      period_start: invoice.periodStart,
      period_end: invoice.periodEnd,
      paid_at: paidAt,
    })
    .onConflictDoUpdate({
      target: [billingCharges.provider, billingCharges.external_id],
      // a paid charge stays paid, whatever order the events come in
      set: {
        status: sql`CASE WHEN ${billingCharges.status} = 'paid' THEN 'paid' ELSE excluded.status END`,
        paid_at: sql`coalesce(${billingCharges.paid_at}, excluded.paid_at)`,
      },
    });
  if (status === 'failed' && ['active', 'cancel_at_period_end', 'trialing'].includes(sub.status)) {
    // the first failure opens the grace; later retries do not move it
    const failedAt = at;
    await env.db
      .update(subscriptions)
      .set({
        payment_failed_at: sql`coalesce(${subscriptions.payment_failed_at}, ${failedAt})`,
        grace_until: sql`coalesce(${subscriptions.grace_until}, ${new Date(failedAt.getTime() + BILLING_GRACE_DAYS * DAY)})`,
        updated_at: new Date(),
      })
      .where(eq(subscriptions.id, sub.id));
  }
  if (status === 'paid') {
    await env.db
      .update(subscriptions)
      .set({ payment_failed_at: null, grace_until: null, updated_at: new Date() })
      .where(and(eq(subscriptions.id, sub.id), sql`${subscriptions.payment_failed_at} IS NOT NULL`));
  }
}

/**
 * Our subscription made the provider's: status, period, cancel flag. A new period applies a
 * pending downgrade and takes the plan's price of the moment. Skipped when an event newer than
 * `occurredAt` was already applied.
 */
export async function applyProviderSubscription(
  env: BillingEnv,
  sub: SubscriptionRow,
  ps: ProviderSubscription,
  occurredAt: Date,
) {
  const status = localStatus(ps);
  const inTrial = ps.status === 'trialing';
  const newPeriod =
    !inTrial &&
    (sub.current_period_start === null ||
      ps.currentPeriodStart.getTime() > sub.current_period_start.getTime());
  const planId = newPeriod && sub.pending_plan_id ? sub.pending_plan_id : sub.plan_id;
  const interval = newPeriod && sub.pending_plan_id ? (sub.pending_interval ?? sub.interval) : sub.interval;
  const plan = await planById(env.db, planId);
  const ended = status === 'unsubscribed';
  await env.db
    .update(subscriptions)
    .set({
      status,
      cancel_at_period_end: ps.cancelAtPeriodEnd,
      trial_end: ps.trialEnd ?? sub.trial_end,
      ...(!inTrial && { current_period_start: ps.currentPeriodStart }),
      current_period_end: ps.currentPeriodEnd,
      ...(newPeriod && {
        plan_id: planId,
        interval,
        price_cents: plan ? planPriceCents(plan, interval) : sub.price_cents,
        pending_plan_id: null,
        pending_interval: null,
      }),
      ...(ended && { ended_at: ps.canceledAt ?? new Date(), grace_until: null }),
      ...(ps.canceledAt && { canceled_at: ps.canceledAt }),
      provider_updated_at: occurredAt,
      updated_at: new Date(),
    })
    .where(
      and(
        eq(subscriptions.id, sub.id),
        sql`(${subscriptions.provider_updated_at} IS NULL OR ${subscriptions.provider_updated_at} <= ${occurredAt})`,
      ),
    );
}

/**
 * After a declined renewal, a new default method pays the open invoice at once; paid, the grace
 * ends and the subscription is active again. Still declined, the grace runs on.
 */
export async function retryFailedRenewal(env: BillingEnv, userId: number): Promise<void> {
  const sub = await currentSubscription(env.db, userId);
  if (!sub?.payment_failed_at || !atProvider(sub, env.provider.name) || sub.status === 'unsubscribed') return;
  let invoice: ProviderInvoice;
  try {
    invoice = await providerCall(() => env.provider.payInvoice(sub.external_id));
  } catch (err) {
    env.log?.info({ err, subscription: sub.id }, 'renewal retry declined');
    return;
  }
  await recordPlanInvoice(env, sub, invoice);
  if (invoice.status !== 'paid') return;
  const ps = await providerCall(() => env.provider.getSubscription(sub.external_id));
  await applyProviderSubscription(env, sub, ps, sub.provider_updated_at ?? new Date());
}

/**
 * After a new default payment method: a declined renewal is tried again, and so is every month's
 * percent left unpaid (declined, or billed while no method was saved), each invoice becoming
 * paid once its percent is.
 */
export async function retryUnpaidBills(env: BillingEnv, userId: number): Promise<void> {
  await retryFailedRenewal(env, userId);
  const [customer] = await env.db
    .select()
    .from(billingCustomers)
    .where(and(eq(billingCustomers.user_id, userId), eq(billingCustomers.provider, env.provider.name)));
  if (!customer) return;
  const unpaid = await env.db
    .select()
    .from(platformInvoices)
    .where(and(eq(platformInvoices.seller_id, userId), inArray(platformInvoices.status, ['open', 'failed'])));
  for (const bill of unpaid) {
    if (bill.percent_cents === 0) continue;
    const [charge] = await env.db
      .select()
      .from(billingCharges)
      .where(
        and(
          eq(billingCharges.seller_id, userId),
          eq(billingCharges.kind, 'percent'),
          eq(billingCharges.month, bill.month),
          eq(billingCharges.provider, env.provider.name),
        ),
      );
    let invoice: ProviderInvoice;
    try {
      invoice = charge
        ? await providerCall(() => env.provider.payInvoice(charge.external_id))
        : await providerCall(() =>
            env.provider.chargeInvoice({
              customerId: customer.external_id,
              amountCents: bill.percent_cents,
              vatCents: percentVatOf(bill.percent_cents),
              description: `Percent of sales ${bill.month}`,
              metadata: { seller_id: String(userId), month: bill.month, kind: 'percent' },
              idempotencyKey: `percent-${userId}-${bill.month}`,
            }),
          );
    } catch (err) {
      env.log?.info({ err, invoice: bill.number }, 'percent retry declined');
      continue;
    }
    const paid = invoice.status === 'paid';
    const paidAt = paid ? new Date() : null;
    await env.db
      .insert(billingCharges)
      .values({
        seller_id: userId,
        kind: 'percent',
        provider: env.provider.name,
        external_id: invoice.id,
        amount_cents: bill.percent_cents,
        vat_cents: percentVatOf(bill.percent_cents),
        status: paid ? 'paid' : 'failed',
        month: bill.month,
        paid_at: paidAt,
      })
      .onConflictDoUpdate({
        target: [billingCharges.provider, billingCharges.external_id],
        set: { status: paid ? 'paid' : 'failed', paid_at: paidAt },
      });
    await env.db
      .update(platformInvoices)
      .set(paid ? { status: 'paid', paid_at: paidAt } : { status: 'failed' })
      .where(eq(platformInvoices.id, bill.id));
  }
}

const percentVatOf = (cents: number) => percentOf(cents, PLATFORM_VAT_BP);
