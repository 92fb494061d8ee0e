import type { TPaymentPlan } from '@livecart/contract/billing';
import type { TLocale } from '@livecart/contract/constants';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { toEuros } from '../../lib/money.ts';
import { plans } from './tables.ts';

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
