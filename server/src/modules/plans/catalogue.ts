import type { TPaymentPlan, TPaymentPlanBody, ZProviderPrice } from '@livecart/contract/billing';
import { SUBSCRIPTION_STATUSES, type TLocale, type TSubscriptionStatus } from '@livecart/contract/constants';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { type BillingProvider, BillingProviderError } from '../../integrations/billing/provider.ts';
import { AppError, invalidFields } from '../../lib/errors.ts';
import { toEuros } from '../../lib/money.ts';
import { queryRows } from '../../lib/sql.ts';
import { type ProviderPlanPrices, plans } from './tables.ts';
import { PROVIDER_SUBSCRIPTION_ID } from './view.ts';

type TProviderPrice = z.infer<typeof ZProviderPrice>;

/** A row of `plans`. */
export type PlanRow = typeof plans.$inferSelect;

/** The plans in the order the pricing page shows them; inactive ones only when asked (admin). */
export async function listPlans(db: DbOrTx, opts: { includeInactive?: boolean } = {}): Promise<PlanRow[]> {
  const query = db.select().from(plans);
  const rows = opts.includeInactive ? await query : await query.where(eq(plans.active, true));
  return rows.sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** A plan by id, active or not; undefined when there is none. */
export async function planById(db: DbOrTx, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).orderBy(asc(plans.id));
  return row;
}

/** A plan whose monthly price is not public: the seller asks for it (Platinum). */
export const isOnRequest = (row: Pick<PlanRow, 'monthly_cents'>) => row.monthly_cents == null;

/**
 * A plan as the calls answer it (ZPaymentPlan), in the reader's language. `salesLimitCents`: the
 * sales figure its card shows (see {@link toPaymentPlans}); by default the plan's own limit.
 */
export function toPaymentPlan(
  row: PlanRow,
  locale: TLocale,
  salesLimitCents: number | null = row.sales_limit_cents,
): TPaymentPlan {
  const onRequest = isOnRequest(row);
  return {
    id: row.id,
    code: row.code,
    name: locale === 'en' ? row.name_en : row.name_fr,
    name_fr: row.name_fr,
    name_en: row.name_en,
    price: row.monthly_cents == null ? null : toEuros(row.monthly_cents),
    yearly_price: row.yearly_cents == null ? null : toEuros(row.yearly_cents),
    percent: row.percent_bp == null ? null : row.percent_bp / 100,
    intervals: onRequest ? [] : row.yearly_cents == null ? ['month'] : ['month', 'year'],
    interval: 'month',
    features: locale === 'en' ? row.features_en : row.features_fr,
    features_fr: row.features_fr,
    features_en: row.features_en,
    sales_limit: salesLimitCents == null ? null : toEuros(salesLimitCents),
    on_request: onRequest,
    active: row.active,
  };
}

/**
 * Plans in sort order as the pricing page shows them: the first is for sales below its limit
 * (Basic: under 5,000 €), each other for sales above the limit of the plan before it (Business:
 * above 5,000 €, Platinum: above 50,000 €).
 */
export function toPaymentPlans(rows: PlanRow[], locale: TLocale): TPaymentPlan[] {
  return rows.map((row, i) =>
    toPaymentPlan(row, locale, i === 0 ? row.sales_limit_cents : rows[i - 1].sales_limit_cents),
  );
}

/** The Basic and Business plans have a public price; only an on-request plan (Platinum) has none. */
const PRICED_CODES: readonly string[] = ['basic', 'business'];

/**
 * An admin's edit of a plan (POST payment-plans). Checks the rules the body's schema cannot know
 * (a priced plan keeps a price and a percent; a yearly price needs a monthly one), then saves. A
 * changed price applies to new subscriptions and to each subscription at its next period: the
 * subscriptions keep `price_cents` until then, and the next sync makes the provider's new price.
 */
export async function savePlan(db: DbOrTx, body: TPaymentPlanBody): Promise<PlanRow> {
  const row = await planById(db, body.id);
  if (!row) throw new AppError('not_found', { id: 'not_found' });
  const fields: Record<string, string> = {};
  if (PRICED_CODES.includes(row.code)) {
    if (body.price == null) fields.price = 'required';
    if (body.percent == null) fields.percent = 'required';
  }
  if (body.price == null && body.yearly_price != null) fields.yearly_price = 'invalid';
  // startTrial puts every new seller on Basic
  if (row.code === 'basic' && !body.active) fields.active = 'trial_plan';
  if (Object.keys(fields).length) throw invalidFields(fields);
  const [saved] = await db
    .update(plans)
    .set({
      name_fr: body.name_fr,
      name_en: body.name_en,
      monthly_cents: body.price == null ? null : Math.round(body.price * 100),
      yearly_cents: body.yearly_price == null ? null : Math.round(body.yearly_price * 100),
      percent_bp: body.percent == null ? null : Math.round(body.percent * 100),
      features_fr: body.features_fr,
      features_en: body.features_en,
      active: body.active,
      updated_at: new Date(),
    })
    .where(eq(plans.id, body.id))
    .returning();
  return saved;
}

/** The provider's prices, `current` when a plan's last sync made it the one new subscriptions get. */
export async function providerPrices(db: DbOrTx, provider: BillingProvider): Promise<TProviderPrice[]> {
  const rows = await listPlans(db, { includeInactive: true });
  const current = new Set(
    rows.flatMap((r) => {
      const mine = r.provider_prices[provider.name];
      return [mine?.month?.id, mine?.year?.id].filter((id): id is string => !!id);
    }),
  );
  const prices = await provider.listPrices();
  return prices.map((p) => ({
    id: p.id,
    product_id: p.productId,
    plan_code: p.planCode,
    interval: p.interval,
    amount: toEuros(p.amountCents),
    currency: p.currency,
    active: p.active,
    current: current.has(p.id),
  }));
}

/** Every plan's product and prices made current at the provider, and kept in `plans.provider_prices`. */
export async function syncPlansWithProvider(db: DbOrTx, provider: BillingProvider): Promise<void> {
  const rows = await listPlans(db, { includeInactive: true });
  const results = await provider.syncPlans(
    rows.map((r) => ({
      code: r.code,
      name: r.name_en,
      monthlyCents: r.monthly_cents,
      yearlyCents: r.yearly_cents,
      known: r.provider_prices[provider.name] ?? {},
    })),
  );
  for (const result of results) {
    const row = rows.find((r) => r.code === result.code);
    if (!row) continue;
    const prices: ProviderPlanPrices = { product: result.product };
    if (result.month) prices.month = result.month;
    if (result.year) prices.year = result.year;
    await db
      .update(plans)
      .set({ provider_prices: { ...row.provider_prices, [provider.name]: prices }, updated_at: new Date() })
      .where(eq(plans.id, row.id));
    await moveRunningSubscriptions(db, provider, row.id, row.provider_prices[provider.name] ?? {}, prices);
  }
}

/**
 * A plan's price changed at the provider: its running subscriptions there (and those waiting to
 * move to it) are moved to the new price without proration, so their next period is charged at it.
 */
export async function moveRunningSubscriptions(
  db: DbOrTx,
  provider: BillingProvider,
  planId: number,
  before: Partial<ProviderPlanPrices>,
  after: Partial<ProviderPlanPrices>,
): Promise<void> {
  for (const interval of ['month', 'year'] as const) {
    const price = after[interval];
    if (!price || before[interval]?.id === price.id) continue;
    const subs = await queryRows<{ external_id: string }>(
      db,
      sql`SELECT external_id FROM subscriptions
          WHERE provider = ${provider.name} AND external_id ~ ${PROVIDER_SUBSCRIPTION_ID}
            AND status IN ('trialing', 'active', 'cancel_at_period_end')
            AND coalesce(pending_plan_id, plan_id) = ${planId}
            AND (CASE WHEN pending_plan_id IS NULL THEN interval
                 ELSE coalesce(pending_interval, interval) END) = ${interval}`,
    );
    for (const sub of subs) {
      try {
        await provider.changeSubscriptionPrice(sub.external_id, { priceId: price.id, prorate: false });
      } catch (err) {
        // one that ended at the provider meanwhile (its event still to come) is not moved
        if (!(err instanceof BillingProviderError && ['invalid_request', 'not_found'].includes(err.kind)))
          throw err;
      }
    }
  }
}

/** A plan with its subscribers per status and those still at an older price (get-plan-info). */
export async function planInfo(db: DbOrTx, provider: BillingProvider, id: number, locale: TLocale) {
  const row = await planById(db, id);
  if (!row) throw new AppError('not_found', { planId: 'not_found' });
  const counts = await queryRows<{ status: TSubscriptionStatus; n: number; older: number }>(
    db,
    sql`SELECT s.status, count(*)::int AS n,
          count(*) FILTER (WHERE s.price_cents IS NOT NULL AND s.price_cents <> CASE WHEN s.interval = 'year'
            THEN p.yearly_cents ELSE p.monthly_cents END)::int AS older
        FROM subscriptions s JOIN plans p ON p.id = s.plan_id
        WHERE s.plan_id = ${id}
          AND s.id = (SELECT s2.id FROM subscriptions s2 WHERE s2.user_id = s.user_id
                      ORDER BY s2.created_at DESC, s2.id DESC LIMIT 1)
        GROUP BY s.status`,
  );
  const subscribers = Object.fromEntries(SUBSCRIPTION_STATUSES.map((s) => [s, 0])) as Record<
    TSubscriptionStatus,
    number
  >;
  let older = 0;
  for (const c of counts) {
    subscribers[c.status] = Number(c.n);
    older += Number(c.older);
  }
  const prices = (await providerPrices(db, provider)).filter((p) => p.plan_code === row.code);
  return { plan: toPaymentPlan(row, locale), subscribers, at_older_price: older, prices };
}
