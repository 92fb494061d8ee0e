import type { TBillingInterval } from '@livecart/contract/billing';
import type { TErrorCode } from '@livecart/contract/errors';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { billingAvailable, createBillingProvider } from '../../integrations/billing/index.ts';
import { type BillingProvider, BillingProviderError } from '../../integrations/billing/provider.ts';
import { AppError } from '../../lib/errors.ts';
import type { Deps } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { userById } from '../users/accounts.ts';
import { moveRunningSubscriptions } from './catalogue.ts';
import { drizzleSandboxBillingStore } from './sandbox-store.ts';
import { billingCustomers, plans } from './tables.ts';

/**
 * What the subscription services take: the database (never an open transaction when the
 * provider is called: the sandbox provider writes through it), the config and the provider.
 */
export interface BillingEnv {
  db: Db;
  config: Config;
  provider: BillingProvider;
  log?: FastifyBaseLogger;
}

export type PlanRow = typeof plans.$inferSelect;

/** A plan by id, or null. */
export async function planById(db: Db, id: number): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row ?? null;
}

/** The plan's price for an interval, in cents; null: on request, or not offered for that interval. */
export const planPriceCents = (plan: PlanRow, interval: TBillingInterval): number | null =>
  interval === 'year' ? plan.yearly_cents : plan.monthly_cents;

/**
 * A plan a seller may choose for an interval: active, with a price (Platinum is on request), and
 * offered for that interval. Else 400 `plan_unavailable` / `plan_interval_unavailable`.
 */
export async function choosablePlan(db: Db, planId: number, interval: TBillingInterval): Promise<PlanRow> {
  const plan = await planById(db, planId);
  if (!plan?.active || plan.monthly_cents === null) {
    throw new AppError('plan_unavailable', { planId: 'plan_unavailable' });
  }
  if (planPriceCents(plan, interval) === null) {
    throw new AppError('plan_interval_unavailable', { type: 'plan_interval_unavailable' });
  }
  return plan;
}

/**
 * The provider's price id of a plan and interval. Made by syncing that plan with the provider
 * when the last sync left none (or an amount that changed since), and kept in `provider_prices`.
 */
export async function priceIdFor(
  env: BillingEnv,
  plan: PlanRow,
  interval: TBillingInterval,
): Promise<string> {
  const cents = planPriceCents(plan, interval);
  if (cents === null) throw new AppError('plan_interval_unavailable', { type: 'plan_interval_unavailable' });
  const known = plan.provider_prices[env.provider.name] ?? {};
  const current = known[interval];
  if (current && current.cents === cents) return current.id;
  const [synced] = await providerCall(() =>
    env.provider.syncPlans([
      {
        code: plan.code,
        name: plan.name_en,
        monthlyCents: plan.monthly_cents,
        yearlyCents: plan.yearly_cents,
        known,
      },
    ]),
  );
  const price = synced?.[interval];
  if (!synced || !price) throw new AppError('billing_unavailable');
  await env.db
    .update(plans)
    .set({
      provider_prices: sql`${plans.provider_prices} || jsonb_build_object(${env.provider.name}::text, ${JSON.stringify(
        { product: synced.product, month: synced.month, year: synced.year },
      )}::jsonb)`,
    })
    .where(eq(plans.id, plan.id));
  await providerCall(() => moveRunningSubscriptions(env.db, env.provider, plan.id, known, synced));
  return price.id;
}

/** The seller's customer id at the provider, created once (a concurrent second call finds the first's). */
export async function ensureCustomer(env: BillingEnv, userId: number): Promise<string> {
  const existing = await customerOf(env, userId);
  if (existing) return existing;
  const user = await userById(env.db, userId);
  if (!user) throw new AppError('not_found');
  const id = await providerCall(() =>
    env.provider.createCustomer({
      email: user.email ?? user.email_real ?? '',
      name: user.company_name ?? [user.first_name, user.last_name].filter(Boolean).join(' '),
      userId,
      idempotencyKey: `customer:${userId}`,
    }),
  );
  await env.db
    .insert(billingCustomers)
    .values({ user_id: userId, provider: env.provider.name, external_id: id })
    .onConflictDoNothing();
  return (await customerOf(env, userId)) ?? id;
}

/** The seller's customer id at the provider in use, or null. */
export async function customerOf(env: BillingEnv, userId: number): Promise<string | null> {
  const [row] = await env.db
    .select({ id: billingCustomers.external_id })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.user_id, userId), eq(billingCustomers.provider, env.provider.name)));
  return row?.id ?? null;
}

const PROVIDER_ERRORS: Record<BillingProviderError['kind'], TErrorCode> = {
  declined: 'card_declined',
  requires_action: 'card_declined',
  invalid_request: 'billing_unavailable',
  not_found: 'not_found',
  unauthorized: 'billing_unavailable',
  unavailable: 'billing_unavailable',
  signature: 'webhook_refused',
};

/** A provider call whose refusal becomes our error (declined → 402 `card_declined`, down → 503). */
export async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof BillingProviderError)
      throw new AppError(PROVIDER_ERRORS[err.kind], undefined, err.message);
    throw err;
  }
}

/** The seller's percent of sales in basis points: theirs when an admin set one, else the plan's. */
export async function sellerPercentBp(db: Db, userId: number, plan: PlanRow | null): Promise<number | null> {
  const [row] = await queryRows<{ bp: number | null }>(
    db,
    sql`SELECT seller_percent_bp AS bp FROM users WHERE id = ${userId}`,
  );
  return row?.bp ?? plan?.percent_bp ?? null;
}

/** What a billing env is built from: the app's deps, or the billing script's config and database. */
type BillingDeps = Pick<Deps, 'config' | 'database'>;

const envs = new WeakMap<BillingDeps, BillingEnv>();

/**
 * The billing of this server (one provider per app; a test may put its own in `deps.billing`).
 * 503 `billing_unavailable` where sellers cannot be billed: the sandbox in production, or a
 * provider that cannot start.
 */
export function billingEnvOf(deps: BillingDeps, log?: FastifyBaseLogger): BillingEnv {
  if (!billingAvailable(deps.config)) throw new AppError('billing_unavailable');
  let env = envs.get(deps);
  if (!env) {
    let provider: BillingProvider;
    try {
      provider = createBillingProvider(deps.config, {
        sandboxStore: drizzleSandboxBillingStore(deps.database.db),
      });
    } catch (err) {
      if (err instanceof BillingProviderError)
        throw new AppError('billing_unavailable', undefined, err.message);
      throw err;
    }
    env = { db: deps.database.db, config: deps.config, provider };
    envs.set(deps, env);
  }
  const own = (deps as { billing?: BillingProvider }).billing;
  const chosen = own ? { ...env, provider: own } : env;
  return log ? { ...chosen, log } : chosen;
}
