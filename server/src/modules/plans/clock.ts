import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BillingEnv } from './customers.ts';
import { applyBillingEvent } from './events.ts';
import { subscriptions } from './tables.ts';
import { atProvider, notAtProvider } from './view.ts';

/**
 * What ends subscriptions on time, every minute: the sandbox provider's clock (renewals and
 * cancellations at period end, whose events are applied as Stripe's webhooks are), then locally:
 * a trial over without a payment method, a grace over (the provider's subscription is cancelled),
 * a cancellation at period end past its end. Each subscription changes once across processes
 * (conditional updates).
 */
export class SubscriptionClock {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;

  constructor(
    private env: BillingEnv,
    private log: FastifyBaseLogger,
    private intervalMs = 60_000,
  ) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (!this.current) void this.tickNow().catch(() => {});
    }, this.intervalMs);
    this.timer.unref?.();
  }

  /** One tick at `now` (tests move time on); waits for a tick in progress first. */
  async tickNow(now = new Date()): Promise<void> {
    while (this.current) await this.current.catch(() => {});
    const run = tick(this.env, now);
    this.current = run;
    try {
      await run;
    } catch (err) {
      this.log.error({ err }, 'subscription clock');
      throw err;
    } finally {
      this.current = null;
    }
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.current) await this.current.catch(() => {});
  }
}

async function tick(env: BillingEnv, now: Date) {
  const { db, provider } = env;
  if (provider.advanceClock) {
    for (const event of await provider.advanceClock(now)) await applyBillingEvent(env, event);
  }
  // a trial over with no subscription at the provider (no payment method was given)
  await db
    .update(subscriptions)
    .set({ status: 'unsubscribed', ended_at: now, updated_at: now })
    .where(
      and(
        inArray(subscriptions.status, ['trialing', 'cancel_at_period_end']),
        sql`${subscriptions.current_period_start} IS NULL`,
        lt(subscriptions.trial_end, now),
        sql`(${notAtProvider} OR ${subscriptions.provider} <> ${provider.name})`,
      ),
    );
  // a grace over: the subscription ends, and the provider stops trying
  const lapsed = await db
    .update(subscriptions)
    .set({ status: 'unsubscribed', ended_at: now, updated_at: now })
    .where(
      and(
        inArray(subscriptions.status, ['active', 'cancel_at_period_end', 'trialing']),
        isNotNull(subscriptions.grace_until),
        lt(subscriptions.grace_until, now),
      ),
    )
    .returning();
  for (const sub of lapsed) {
    if (!atProvider(sub, provider.name)) continue;
    try {
      await provider.cancelSubscription(sub.external_id);
    } catch (err) {
      env.log?.warn({ err, subscription: sub.id }, 'cancelling a lapsed subscription at the provider');
    }
  }
  // a cancellation at period end past its end (the provider says so too; this is the safety net)
  await db
    .update(subscriptions)
    .set({ status: 'unsubscribed', ended_at: now, updated_at: now })
    .where(
      and(
        eq(subscriptions.status, 'cancel_at_period_end'),
        lt(sql`coalesce(${subscriptions.current_period_end}, ${subscriptions.trial_end})`, now),
        sql`${subscriptions.grace_until} IS NULL`,
      ),
    );
}
