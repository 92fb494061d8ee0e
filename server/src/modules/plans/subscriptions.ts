import { timingSafeEqual } from 'node:crypto';
import type {
  SETUP_RETURNS,
  TBillingInterval,
  TSetupStart,
  TSubscribeBody,
  TSubscription,
} from '@livecart/contract/billing';
import { ROLE, type TLocale } from '@livecart/contract/constants';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { BillingProviderError } from '../../integrations/billing/provider.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { invite } from '../auth/service.ts';
import { fileSellerRequest } from '../support/demo.ts';
import { updateUser, userById } from '../users/accounts.ts';
import { findUserByEmail } from '../users/service.ts';
import {
  type BillingEnv,
  choosablePlan,
  ensureCustomer,
  planById,
  planPriceCents,
  priceIdFor,
  providerCall,
} from './customers.ts';
import {
  applyBillingEvent,
  applyProviderSubscription,
  localStatus,
  recordPlanInvoice,
  retryUnpaidBills,
} from './events.ts';
import { saveMethod } from './payment-methods.ts';
import { billingSetups, subscriptions } from './tables.ts';
import { signUpChoiceId, startTrial } from './trial.ts';
import {
  atProvider,
  currentSubscription,
  inTrial,
  isLive,
  notAtProvider,
  type SubscriptionRow,
  subscriptionView,
} from './view.ts';

export type SetupReturn = (typeof SETUP_RETURNS)[number];
type SetupRow = typeof billingSetups.$inferSelect;

/** The seller's subscription as My Plan shows it. */
export async function mySubscription(
  env: BillingEnv,
  userId: number,
  locale: TLocale,
): Promise<TSubscription | null> {
  return subscriptionView(env.db, await currentSubscription(env.db, userId), locale);
}

/**
 * Starts a registration of a payment method at the provider: our own random secret (only its hash
 * kept) goes into the return link the provider's page sends the browser back to, and is the
 * `clientSecret` the return page hands back with the intent id.
 */
export async function startRegistration(
  env: BillingEnv,
  userId: number,
  opts: {
    purpose: 'subscribe' | 'add_method';
    planId?: number;
    interval?: TBillingInterval;
    returnTo: SetupReturn;
    locale: TLocale;
  },
): Promise<TSetupStart> {
  const customerId = await ensureCustomer(env, userId);
  const secret = randomToken();
  const returnUrl = `${env.config.publicUrl}${opts.locale === 'en' ? '/en' : ''}/billing/return?setup_intent_client_secret=${secret}`;
  const start = await providerCall(() =>
    env.provider.startSetup({
      customerId,
      returnUrl,
      idempotencyKey: `setup:${userId}:${sha256(secret).slice(0, 24)}`,
    }),
  );
  await env.db.insert(billingSetups).values({
    user_id: userId,
    provider: env.provider.name,
    external_id: start.id,
    secret_hash: sha256(secret),
    purpose: opts.purpose,
    plan_id: opts.planId ?? null,
    interval: opts.interval ?? null,
    return_to: opts.returnTo,
  });
  return { intentId: start.id, clientSecret: secret, redirectUrl: start.redirectUrl };
}

/**
 * A signed-in seller chooses a plan (POST subscription, after-skip-subscription,
 * exist-user-subscription, create-payment-intent). In the trial the trial is kept: the plan is
 * recorded at once, nothing is charged, and a payment method is asked for unless one is saved
 * (then the provider's subscription starts, its trial ending with ours). After the trial a
 * registration is started; the plan begins, charged, once it comes back (check-payment-status).
 * A running paid subscription answers 409 `subscription_active` (change plan from My Plan).
 */
export async function choosePlan(
  env: BillingEnv,
  userId: number,
  input: { planId: number; interval: TBillingInterval; returnTo: SetupReturn; locale: TLocale },
): Promise<{ subscription: TSubscription | null; setup: TSetupStart | null }> {
  const plan = await choosablePlan(env.db, input.planId, input.interval);
  const now = new Date();
  const sub = await freshSubscription(env, userId, now);
  let setup: TSetupStart | null = null;
  if (sub && inTrial(sub, now)) {
    await env.db
      .update(subscriptions)
      .set({
        plan_id: plan.id,
        interval: input.interval,
        status: 'trialing',
        cancel_at_period_end: false,
        canceled_at: null,
        pending_plan_id: null,
        pending_interval: null,
        updated_at: now,
      })
      .where(eq(subscriptions.id, sub.id));
    if (atProvider(sub, env.provider.name)) {
      const priceId = await priceIdFor(env, plan, input.interval);
      await providerCall(() =>
        env.provider.changeSubscriptionPrice(sub.external_id, { priceId, prorate: false }),
      );
      if (sub.cancel_at_period_end)
        await providerCall(() => env.provider.setCancelAtPeriodEnd(sub.external_id, false));
    } else if (await defaultMethod(env, userId)) {
      await startAtProvider(env, userId, plan.id, input.interval);
    } else {
      setup = await startRegistration(env, userId, { purpose: 'subscribe', ...input });
    }
  } else if (isLive(sub, now) && sub.status !== 'trialing') {
    throw new AppError('subscription_active');
  } else {
    setup = await startRegistration(env, userId, { purpose: 'subscribe', ...input });
  }
  return { subscription: await mySubscription(env, userId, input.locale), setup };
}

/**
 * The seller's subscription, read back from the provider when it looks over here while the
 * provider still has it: its trial or period may have just renewed there, the event not arrived
 * yet (the sandbox's clock not yet ticked). Nothing new is started on a subscription that is in
 * fact running, so a seller is never billed twice.
 */
async function freshSubscription(
  env: BillingEnv,
  userId: number,
  now: Date,
): Promise<SubscriptionRow | null> {
  const sub = await currentSubscription(env.db, userId);
  const live = (s: SubscriptionRow): boolean => isLive(s, now);
  if (!sub || live(sub) || sub.status === 'unsubscribed' || !atProvider(sub, env.provider.name)) return sub;
  if (env.provider.advanceClock) {
    for (const event of await env.provider.advanceClock(now)) await applyBillingEvent(env, event);
  } else {
    const ps = await providerCall(() => env.provider.getSubscription(sub.external_id));
    await applyProviderSubscription(env, sub, ps, now);
  }
  return currentSubscription(env.db, userId);
}

async function defaultMethod(env: BillingEnv, userId: number): Promise<boolean> {
  const [row] = await env.db
    .execute<{ n: number }>(
      sql`SELECT 1 AS n FROM billing_payment_methods WHERE user_id = ${userId} AND provider = ${env.provider.name} AND is_default LIMIT 1`,
    )
    .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
  return !!row;
}

/**
 * The plan at the provider, charged to the default method. In the trial: a provider subscription
 * whose trial ends with ours (nothing charged before). After it: a new subscription whose first
 * period is charged now, active once paid, `incomplete` and 402 `card_declined` when declined.
 */
export async function startAtProvider(
  env: BillingEnv,
  userId: number,
  planId: number,
  interval: TBillingInterval,
  key = 'now',
): Promise<SubscriptionRow> {
  const plan = await choosablePlan(env.db, planId, interval);
  const customerId = await ensureCustomer(env, userId);
  const priceId = await priceIdFor(env, plan, interval);
  const now = new Date();
  const sub = await freshSubscription(env, userId, now);
  if (sub && inTrial(sub, now)) {
    if (atProvider(sub, env.provider.name)) {
      await providerCall(() =>
        env.provider.changeSubscriptionPrice(sub.external_id, { priceId, prorate: false }),
      );
      await env.db
        .update(subscriptions)
        .set({ plan_id: plan.id, interval, updated_at: now })
        .where(eq(subscriptions.id, sub.id));
      return (await currentSubscription(env.db, userId)) as SubscriptionRow;
    }
    const trialEnd = sub.trial_end as Date;
    const ps = await providerCall(() =>
      env.provider.createSubscription({
        customerId,
        priceId,
        trialEnd,
        metadata: { user_id: String(userId), plan_code: plan.code },
        idempotencyKey: `subscription:${sub.id}:trial`,
      }),
    );
    // only the trial's placeholder is replaced: a concurrent completion found it already done
    await env.db
      .update(subscriptions)
      .set({
        provider: env.provider.name,
        external_id: ps.id,
        plan_id: plan.id,
        interval,
        status: sub.status === 'cancel_at_period_end' ? 'cancel_at_period_end' : 'trialing',
        updated_at: now,
      })
      .where(and(eq(subscriptions.id, sub.id), notAtProvider));
    await updateUser(env.db, userId, { subscription_id: ps.id });
    const kept = (await currentSubscription(env.db, userId)) as SubscriptionRow;
    // a trial cancelled while its payment method was being registered ends at its end, uncharged
    if (kept.status === 'cancel_at_period_end' && atProvider(kept, env.provider.name))
      await providerCall(() => env.provider.setCancelAtPeriodEnd(kept.external_id, true));
    return kept;
  }
  if (isLive(sub, now) && sub.status !== 'trialing') return sub;
  const ps = await providerCall(() =>
    env.provider.createSubscription({
      customerId,
      priceId,
      trialEnd: null,
      metadata: { user_id: String(userId), plan_code: plan.code },
      idempotencyKey: `subscription:${userId}:${key}`,
    }),
  );
  const status = localStatus(ps);
  const [created] = await env.db
    .insert(subscriptions)
    .values({
      user_id: userId,
      plan_id: plan.id,
      provider: env.provider.name,
      external_id: ps.id,
      status,
      interval,
      price_cents: planPriceCents(plan, interval),
      current_period_start: ps.currentPeriodStart,
      current_period_end: ps.currentPeriodEnd,
      cancel_at_period_end: ps.cancelAtPeriodEnd,
    })
    .onConflictDoNothing()
    .returning();
  const row = created ?? (await currentSubscription(env.db, userId));
  if (!row) throw new AppError('billing_unavailable');
  if (ps.latestInvoiceId) {
    const invoice = await providerCall(() => env.provider.getInvoice(ps.latestInvoiceId as string));
    await recordPlanInvoice(env, row, invoice);
  }
  const user = await userById(env.db, userId);
  await updateUser(env.db, userId, {
    subscription_id: ps.id,
    ...(status === 'active' &&
      (user?.status === 'cancel' || user?.status === 'skipping') && { status: 'active' }),
  });
  if (status === 'incomplete') throw new AppError('card_declined');
  return row;
}

/** A registration of the caller, found by the provider's intent id and checked against its secret; else 404. */
async function ownSetup(
  env: BillingEnv,
  userId: number,
  intentId: string,
  secret: string,
): Promise<SetupRow> {
  const [row] = await env.db
    .select()
    .from(billingSetups)
    .where(
      and(
        eq(billingSetups.provider, env.provider.name),
        eq(billingSetups.external_id, intentId),
        eq(billingSetups.user_id, userId),
        ne(billingSetups.external_id, signUpChoiceId(userId)),
      ),
    );
  const given = Buffer.from(sha256(secret));
  const kept = Buffer.from(row?.secret_hash ?? sha256(''));
  const same = given.length === kept.length && timingSafeEqual(given, kept);
  if (!row || !same) throw new AppError('not_found');
  return row;
}

/**
 * A registration came back (check-payment-status, add-payment-method-from-subscription,
 * -after-registration): read back from the provider; not succeeded → 400 `payment_not_confirmed`
 * and nothing changes. Succeeded: the method is kept (the default for a plan's registration) and
 * the plan starts or is kept in trial. Done once: a second completion of the same registration
 * finds it claimed and only answers.
 */
export async function completeRegistration(
  env: BillingEnv,
  userId: number,
  intentId: string,
  secret: string,
): Promise<SetupRow> {
  const setup = await ownSetup(env, userId, intentId, secret);
  if (setup.status === 'succeeded') return setup;
  const state = await providerCall(() => env.provider.getSetup(intentId));
  if (state.status !== 'succeeded' || !state.paymentMethod) {
    throw new AppError('payment_not_confirmed');
  }
  const [claimed] = await env.db
    .update(billingSetups)
    .set({ status: 'succeeded', completed_at: new Date() })
    .where(and(eq(billingSetups.id, setup.id), ne(billingSetups.status, 'succeeded')))
    .returning();
  if (!claimed) return setup;
  try {
    const saved = await saveMethod(env, userId, state.paymentMethod, {
      makeDefault: setup.purpose === 'subscribe',
    });
    if (setup.purpose === 'subscribe' && setup.plan_id) {
      await startAtProvider(env, userId, setup.plan_id, setup.interval ?? 'month', `setup:${setup.id}`);
    } else if (saved.is_default) {
      await retryUnpaidBills(env, userId);
    }
  } catch (err) {
    // a declined first charge is an outcome; anything else (the provider down) lets the same
    // return be tried again, the provider's idempotency keys making the retry safe
    if (!(err instanceof AppError && err.code === 'card_declined')) {
      await env.db
        .update(billingSetups)
        .set({ status: 'pending', completed_at: null })
        .where(eq(billingSetups.id, setup.id));
    }
    throw err;
  }
  return claimed;
}

/** check-payment-status: the plan's registration completed; an unpaid first period answers 402 `card_declined`. */
export async function checkPaymentStatus(
  env: BillingEnv,
  userId: number,
  body: { paymentIntent: string; paymentIntentSecret: string },
  locale: TLocale,
) {
  await completeRegistration(env, userId, body.paymentIntent, body.paymentIntentSecret);
  const sub = await currentSubscription(env.db, userId);
  if (!sub) throw new AppError('subscription_missing');
  if (sub.status === 'incomplete') throw new AppError('card_declined');
  return { status: sub.status, subscription: (await subscriptionView(env.db, sub, locale)) as TSubscription };
}

/**
 * The sign-up-with-plan flow (signed out): a pending seller account made by the sign-up service
 * (verification e-mail), with the chosen plan remembered; the trial starts on it at activation.
 * An e-mail that already has an account answers 409 `email_present`.
 */
export async function signUpWithPlan(
  ctx: Ctx,
  body: TSubscribeBody & { userData: NonNullable<TSubscribeBody['userData']> },
) {
  const plan = await choosablePlan(ctx.db as BillingEnv['db'], body.planId, body.type);
  const existing = await findUserByEmail(ctx.db, body.userData.email);
  if (existing && existing.status !== 'pending')
    throw new AppError('email_present', { email: 'email_present' });
  const { locale, ...fields } = body.userData;
  await invite({ ...ctx, locale: locale ?? ctx.locale }, { role_id: ROLE.seller, ...fields });
  const user = await findUserByEmail(ctx.db, body.userData.email);
  if (!user || user.role_id !== ROLE.seller) throw new AppError('email_present', { email: 'email_present' });
  await ctx.db
    .insert(billingSetups)
    .values({
      user_id: user.id,
      provider: 'sandbox',
      external_id: signUpChoiceId(user.id),
      secret_hash: sha256(randomToken()),
      purpose: 'subscribe',
      plan_id: plan.id,
      interval: body.type,
      return_to: 'registration',
    })
    .onConflictDoUpdate({
      target: [billingSetups.provider, billingSetups.external_id],
      set: { plan_id: plan.id, interval: body.type },
    });
}

/** skip-exist-user-subscription: a seller in the trial goes on without choosing (the trial runs on). */
export async function skipInTrial(env: BillingEnv, userId: number, locale: TLocale) {
  const sub = await currentSubscription(env.db, userId);
  if (!sub || !inTrial(sub)) throw new AppError('subscription_missing');
  return mySubscription(env, userId, locale);
}

/**
 * skip-exist-user-subscription-new: a seller who never had a subscription starts the free trial on
 * Basic without choosing; their status becomes `skipping` (the client goes to the dashboard).
 */
export async function skipIntoTrial(env: BillingEnv, userId: number, locale: TLocale) {
  const started = await env.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
    return startTrial(tx, userId);
  });
  if (!started) throw new AppError('trial_used');
  await updateUser(env.db, userId, { status: 'skipping' });
  return mySubscription(env, userId, locale);
}

/** Texts of the change-plan answers. */
const CHANGE_MESSAGES = {
  now: { fr: "L'abonnement a été modifié", en: 'Your plan has been changed' },
  period_end: {
    fr: 'Le nouvel abonnement commencera à la fin de la période en cours',
    en: 'Your new plan starts at the end of the current period',
  },
  request: {
    fr: 'Votre demande a été envoyée : nous vous contacterons très vite',
    en: 'Your request has been sent: we will contact you shortly',
  },
} as const;

/**
 * POST profile/update-subscription-plan. In the trial any change is immediate and free. After it,
 * an upgrade (a higher monthly price) starts now, the difference prorated by the provider; a
 * downgrade waits for the period's end (the provider's price changes without proration, so the
 * next period is charged at the new one). A plan on request (Platinum) files a demo request.
 */
export async function changePlan(
  env: BillingEnv,
  userId: number,
  body: { planId: number; type?: TBillingInterval },
  locale: TLocale,
): Promise<{
  subscription: TSubscription | null;
  effective: 'now' | 'period_end' | 'request';
  message: string;
}> {
  const sub = await currentSubscription(env.db, userId);
  if (!isLive(sub)) throw new AppError('subscription_missing');
  const interval = body.type ?? sub.interval;
  const target = await planById(env.db, body.planId);
  if (!target?.active) throw new AppError('plan_unavailable', { planId: 'plan_unavailable' });
  const answer = async (effective: 'now' | 'period_end' | 'request') => ({
    subscription: await mySubscription(env, userId, locale),
    effective,
    message: CHANGE_MESSAGES[effective][locale],
  });
  if (target.monthly_cents === null) {
    await fileDemoRequest(env, userId, target.name_en, locale);
    return answer('request');
  }
  const plan = await choosablePlan(env.db, target.id, interval);
  if (plan.id === sub.plan_id && interval === sub.interval && !sub.pending_plan_id)
    throw new AppError('same_plan');
  const now = new Date();
  const onProvider = atProvider(sub, env.provider.name);
  if (inTrial(sub, now)) {
    if (onProvider) {
      const priceId = await priceIdFor(env, plan, interval);
      await providerCall(() =>
        env.provider.changeSubscriptionPrice(sub.external_id, { priceId, prorate: false }),
      );
    }
    await env.db
      .update(subscriptions)
      .set({ plan_id: plan.id, interval, pending_plan_id: null, pending_interval: null, updated_at: now })
      .where(eq(subscriptions.id, sub.id));
    return answer('now');
  }
  if (!onProvider) throw new AppError('payment_method_required');
  const current = await planById(env.db, sub.plan_id);
  const priceId = await priceIdFor(env, plan, interval);
  if (plan.id === sub.plan_id && interval === sub.interval) {
    // back to the current plan: the pending downgrade is dropped
    await providerCall(() =>
      env.provider.changeSubscriptionPrice(sub.external_id, { priceId, prorate: false }),
    );
    await env.db
      .update(subscriptions)
      .set({ pending_plan_id: null, pending_interval: null, updated_at: now })
      .where(eq(subscriptions.id, sub.id));
    return answer('now');
  }
  // another interval starts a new period at the provider at once: never left for the period's end
  const downgrade = interval === sub.interval && (plan.monthly_cents ?? 0) < (current?.monthly_cents ?? 0);
  if (downgrade) {
    await providerCall(() =>
      env.provider.changeSubscriptionPrice(sub.external_id, { priceId, prorate: false }),
    );
    await env.db
      .update(subscriptions)
      .set({ pending_plan_id: plan.id, pending_interval: interval, updated_at: now })
      .where(eq(subscriptions.id, sub.id));
    return answer('period_end');
  }
  const ps = await providerCall(() =>
    env.provider.changeSubscriptionPrice(sub.external_id, { priceId, prorate: true }),
  );
  await env.db
    .update(subscriptions)
    .set({
      plan_id: plan.id,
      interval,
      price_cents: planPriceCents(plan, interval),
      pending_plan_id: null,
      pending_interval: null,
      // another interval starts a new period at the provider
      current_period_start: ps.currentPeriodStart,
      current_period_end: ps.currentPeriodEnd,
      updated_at: now,
    })
    .where(eq(subscriptions.id, sub.id));
  // the prorated difference, charged now, is one of the seller's plan charges
  if (ps.latestInvoiceId) {
    const invoice = await providerCall(() => env.provider.getInvoice(ps.latestInvoiceId as string));
    await recordPlanInvoice(env, { ...sub, plan_id: plan.id }, invoice);
  }
  return answer('now');
}

/** A seller asking for a plan on request: a demo request the team answers. */
async function fileDemoRequest(env: BillingEnv, userId: number, planName: string, locale: TLocale) {
  const user = await userById(env.db, userId);
  if (!user) throw new AppError('not_found');
  await fileSellerRequest(
    env.db,
    {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email ?? user.email_real ?? '',
      phone: user.phone,
      company_name: user.company_name,
      message: `Plan change request: ${planName} (seller #${userId})`,
    },
    locale,
  );
}

/**
 * GET profile/unsubscription: cancel at the period's end (in the trial, the trial runs to its end).
 * The provider stops renewing; the seller keeps the tools until then.
 */
export async function cancelAtPeriodEnd(env: BillingEnv, userId: number, locale: TLocale) {
  const sub = await currentSubscription(env.db, userId);
  if (!isLive(sub) || (sub.status !== 'active' && sub.status !== 'trialing')) {
    throw new AppError('subscription_not_cancelable');
  }
  if (atProvider(sub, env.provider.name)) {
    await providerCall(() => env.provider.setCancelAtPeriodEnd(sub.external_id, true));
  }
  await env.db
    .update(subscriptions)
    .set({
      status: 'cancel_at_period_end',
      cancel_at_period_end: true,
      canceled_at: new Date(),
      updated_at: new Date(),
    })
    .where(and(eq(subscriptions.id, sub.id), sql`${subscriptions.status} IN ('active', 'trialing')`));
  return mySubscription(env, userId, locale);
}

/** POST profile/resume-subscription: undoes a cancellation before the end; after it, 409. */
export async function resumeSubscription(env: BillingEnv, userId: number, locale: TLocale) {
  const sub = await currentSubscription(env.db, userId);
  if (!isLive(sub) || sub.status !== 'cancel_at_period_end')
    throw new AppError('subscription_not_cancelable');
  if (atProvider(sub, env.provider.name)) {
    await providerCall(() => env.provider.setCancelAtPeriodEnd(sub.external_id, false));
  }
  await env.db
    .update(subscriptions)
    .set({
      status: sub.current_period_start === null ? 'trialing' : 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      updated_at: new Date(),
    })
    .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.status, 'cancel_at_period_end')));
  return mySubscription(env, userId, locale);
}

/**
 * Ends the seller's subscription now, for the admin (SPEC §1 "unsubscribe a seller"): cancelled
 * at the provider at once and without refund (what was paid stays paid; an open invoice is void),
 * `unsubscribed` here. The seller keeps their account and data; their next call needs a plan.
 * `record` runs in the transaction that ends it, with the subscription as it was (the admin's
 * audit line). 409
 * `already_unsubscribed` when nothing runs (none, or ended already, also by a concurrent call).
 */
export async function endSubscriptionNow(
  env: BillingEnv,
  userId: number,
  opts: { reason: string; record?: (tx: Tx, before: SubscriptionRow) => Promise<void> },
): Promise<SubscriptionRow> {
  const sub = await currentSubscription(env.db, userId);
  if (!sub || sub.status === 'unsubscribed') throw new AppError('already_unsubscribed');
  if (atProvider(sub, env.provider.name)) {
    const id = sub.external_id;
    await providerCall(async () => {
      try {
        await env.provider.cancelSubscription(id, { reason: opts.reason });
      } catch (err) {
        // Stripe answers "no such subscription" to one it ended already (the seller cancelled at
        // the provider, a concurrent call, a webhook not arrived yet): read it back, and end it
        // here too when it is over there; anything else stays a refusal
        if (!(err instanceof BillingProviderError && err.kind === 'not_found')) throw err;
        const there = await env.provider.getSubscription(id).catch(() => null);
        if (there?.status !== 'canceled' && there?.status !== 'incomplete_expired') throw err;
      }
    });
  }
  return env.db.transaction(async (tx) => {
    const now = new Date();
    const [ended] = await tx
      .update(subscriptions)
      .set({ status: 'unsubscribed', ended_at: now, canceled_at: sub.canceled_at ?? now, updated_at: now })
      .where(and(eq(subscriptions.id, sub.id), ne(subscriptions.status, 'unsubscribed')))
      .returning();
    if (!ended) throw new AppError('already_unsubscribed');
    await opts.record?.(tx, sub);
    return ended;
  });
}
