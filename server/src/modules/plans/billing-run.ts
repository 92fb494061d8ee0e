import { PLATFORM_VAT_BP } from '@livecart/contract/billing';
import type { TLocale } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type BillingProvider, BillingProviderError } from '../../integrations/billing/index.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/errors.ts';
import type { Deps } from '../../lib/http.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { queryRows } from '../../lib/sql.ts';
import { billingEnvOf } from './customers.ts';
import { effectivePercentBp, monthClosed, monthSales, parisMonthRange, percentOf } from './ledger.ts';
import { renderPlatformInvoicePdf } from './platform-invoice-pdf.ts';
import { invoiceOfMonth, issuePlatformInvoice, type PlatformInvoiceRow } from './platform-invoices.ts';

/*
 * The monthly billing run: for each seller and closed Paris month, once.
 *
 * 1. The claim: a `billing_runs` row (seller, month) inserted `running`; a second run of the same
 *    seller and month (another process, the seller's own button, the scheduler again) finds it and
 *    does nothing. A claim `failed`, or `running` for longer than CLAIM_LEASE_MINUTES (its process
 *    died), is taken again.
 * 2. The ledger (ledger.ts) from the trial's end, at the seller's percent: the percent excluding
 *    VAT is round(sales × bp / 10000), VAT at PLATFORM_VAT_BP.
 * 3. The percent charged at the provider with the key `percent-{seller}-{month}` (a retry gets
 *    the same provider invoice) and recorded in `billing_charges`, when the seller has a customer
 *    with a default payment method; without one the invoice is issued `open`, to be paid.
 * 4. One platform invoice (platform-invoices.ts): the plan periods paid in the month, the percent
 *    line and the orders it was computed from, and its PDF. Nothing to bill, no invoice.
 * 5. The claim `done` (or `failed` with the error, for the next run to retry).
 */

/** After this long a `running` claim is taken to be dead and may be taken again. */
export const CLAIM_LEASE_MINUTES = 15;

export interface BillingRunDeps {
  db: Db;
  storage: Storage;
  provider: BillingProvider;
  log?: { error(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };
}

export type SellerRunResult =
  | { sellerId: number; outcome: 'invoiced'; invoice: PlatformInvoiceRow }
  | { sellerId: number; outcome: 'nothing' }
  /** Already run, or running in another process: its invoice if it made one. */
  | { sellerId: number; outcome: 'skipped'; invoice: PlatformInvoiceRow | null }
  | { sellerId: number; outcome: 'failed'; error: string };

/** What the run needs from the app's services. */
export const billingRunDeps = (deps: Deps, log?: BillingRunDeps['log']): BillingRunDeps => ({
  db: deps.database.db,
  storage: deps.storage,
  provider: billingEnvOf(deps).provider,
  log,
});

/**
 * Runs the billing of a closed month for every seller who had a subscription in it (or for
 * `sellerId` only). A month not over at `now` is refused with `month_not_closed`.
 */
export async function runBilling(
  deps: BillingRunDeps,
  opts: { month: string; sellerId?: number; now?: Date },
): Promise<SellerRunResult[]> {
  const now = opts.now ?? new Date();
  if (!monthClosed(opts.month, now)) throw new AppError('month_not_closed');
  const sellers = opts.sellerId ? [opts.sellerId] : await sellersOfMonth(deps.db, opts.month);
  const results: SellerRunResult[] = [];
  for (const sellerId of sellers) results.push(await runSeller(deps, sellerId, opts.month, now));
  return results;
}

/** Sellers whose subscription (trial included) covered part of the month. */
export async function sellersOfMonth(db: DbOrTx, month: string): Promise<number[]> {
  const { start, end } = parisMonthRange(month);
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`SELECT DISTINCT s.user_id FROM subscriptions s JOIN users u ON u.id = s.user_id
        WHERE u.role_id = 2 AND s.created_at < ${end}
          AND (s.ended_at IS NULL OR s.ended_at >= ${start})
        ORDER BY s.user_id`,
  );
  return rows.map((r) => Number(r.user_id));
}

async function runSeller(
  deps: BillingRunDeps,
  sellerId: number,
  month: string,
  now: Date,
): Promise<SellerRunResult> {
  if (!(await claim(deps.db, sellerId, month))) {
    return {
      sellerId,
      outcome: 'skipped',
      invoice: (await invoiceOfMonth(deps.db, sellerId, month)) ?? null,
    };
  }
  try {
    const invoice = await billSeller(deps, sellerId, month, now);
    await finish(deps.db, sellerId, month, 'done', null);
    return invoice ? { sellerId, outcome: 'invoiced', invoice } : { sellerId, outcome: 'nothing' };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    deps.log?.error({ err, sellerId, month }, 'billing run failed');
    await finish(deps.db, sellerId, month, 'failed', message.slice(0, 1000));
    return { sellerId, outcome: 'failed', error: message };
  }
}

/** Takes the seller's run of the month; false when it is done or another run holds it. */
async function claim(db: Db, sellerId: number, month: string): Promise<boolean> {
  const rows = await queryRows<{ seller_id: number }>(
    db,
    sql`INSERT INTO billing_runs (seller_id, month, status) VALUES (${sellerId}, ${month}, 'running')
        ON CONFLICT (seller_id, month) DO UPDATE
          SET status = 'running', started_at = now(), finished_at = NULL, error = NULL
          WHERE billing_runs.status = 'failed'
            OR (billing_runs.status = 'running'
              AND billing_runs.started_at < now() - make_interval(mins => ${CLAIM_LEASE_MINUTES}))
        RETURNING seller_id`,
  );
  return rows.length > 0;
}

async function finish(
  db: Db,
  sellerId: number,
  month: string,
  status: 'done' | 'failed',
  error: string | null,
) {
  await db.execute(
    sql`UPDATE billing_runs SET status = ${status}, finished_at = now(), error = ${error}
        WHERE seller_id = ${sellerId} AND month = ${month}`,
  );
}

interface PlanCharge {
  plan_name_fr: string | null;
  plan_name_en: string | null;
  amount_cents: number;
  vat_cents: number;
  period_start: Date | null;
  period_end: Date | null;
  paid_at: Date;
}

/** Steps 2 to 4 for one seller whose run is claimed; the invoice, or null when nothing is billed. */
async function billSeller(
  deps: BillingRunDeps,
  sellerId: number,
  month: string,
  now: Date,
): Promise<PlatformInvoiceRow | null> {
  const existing = await invoiceOfMonth(deps.db, sellerId, month);
  if (existing) return existing;
  const { start, end } = parisMonthRange(month);
  const trialEnd = await trialEndOf(deps.db, sellerId);
  const ledger = await monthSales(deps.db, sellerId, month, trialEnd ? { from: trialEnd } : {});
  const bp = (await effectivePercentBp(deps.db, sellerId)) ?? 0;
  const percentCents = percentOf(ledger.salesCents, bp);
  const percentVat = percentOf(percentCents, PLATFORM_VAT_BP);
  const planCharges = await queryRows<PlanCharge>(
    deps.db,
    sql`SELECT p.name_fr AS plan_name_fr, p.name_en AS plan_name_en, c.amount_cents, c.vat_cents,
          c.period_start, c.period_end, c.paid_at
        FROM billing_charges c LEFT JOIN plans p ON p.id = c.plan_id
        WHERE c.seller_id = ${sellerId} AND c.kind = 'plan' AND c.status = 'paid'
          AND c.paid_at >= ${start} AND c.paid_at < ${end}
        ORDER BY c.paid_at, c.id`,
  );
  const planCents = planCharges.reduce((s, c) => s + Number(c.amount_cents), 0);
  const planVat = planCharges.reduce((s, c) => s + Number(c.vat_cents), 0);
  if (planCents === 0 && percentCents === 0) return null;

  const percent =
    percentCents > 0 ? await chargePercent(deps, sellerId, month, percentCents, percentVat) : null;
  const status =
    percent?.status === 'failed' ? 'failed' : !percent || percent.status === 'paid' ? 'paid' : 'open';
  const paidTimes = [
    ...planCharges.map((c) => new Date(c.paid_at)),
    ...(percent?.paidAt ? [percent.paidAt] : []),
  ];
  const paidAt = status === 'paid' ? new Date(Math.max(...paidTimes.map((d) => d.getTime()))) : null;
  const seller = await sellerForInvoice(deps.db, sellerId);
  const vatCents = planVat + percentVat;
  const totalCents = planCents + percentCents + vatCents;

  const { invoice } = await inRetriedTransaction(deps.db, (tx) =>
    issuePlatformInvoice(
      tx,
      {
        sellerId,
        month,
        planCents,
        salesCents: ledger.salesCents,
        percentBp: bp,
        percentCents,
        vatCents,
        totalCents,
        status,
        paidAt,
        issuedAt: now,
        orders: ledger.orders,
      },
      async (row) => {
        const pdf = await renderPlatformInvoicePdf(
          {
            number: row.number,
            issuedAt: now,
            month,
            status,
            seller: seller.party,
            planLines: planCharges.map((c) => ({
              planName: (seller.locale === 'en' ? c.plan_name_en : c.plan_name_fr) ?? '',
              periodStart: c.period_start ? new Date(c.period_start) : null,
              periodEnd: c.period_end ? new Date(c.period_end) : null,
              amountCents: Number(c.amount_cents),
            })),
            salesCents: ledger.salesCents,
            percentBp: bp,
            percentCents,
            vatCents,
            totalCents,
            orders: ledger.orders.map((o) => ({
              orderNumber: o.order_number,
              paidAt: o.paid_at,
              totalCents: o.total_cents,
              refundedCents: o.refunded_cents,
              countedCents: o.counted_cents,
            })),
          },
          seller.locale,
        );
        return deps.storage.put(`platform-invoices/${sellerId}`, 'pdf', pdf);
      },
    ),
  );
  return invoice;
}

/** The end of the seller's free trial: sales before it are not charged. */
async function trialEndOf(db: DbOrTx, sellerId: number): Promise<Date | null> {
  const [row] = await queryRows<{ trial_end: Date | string | null }>(
    db,
    sql`SELECT max(trial_end) AS trial_end FROM subscriptions WHERE user_id = ${sellerId}`,
  );
  return row?.trial_end ? new Date(row.trial_end) : null;
}

/**
 * The month's percent charged at the provider (or the charge a previous attempt recorded). Null
 * status `open` when the seller has no customer with a default method: nothing to charge yet.
 */
async function chargePercent(
  deps: BillingRunDeps,
  sellerId: number,
  month: string,
  amountCents: number,
  vatCents: number,
): Promise<{ status: 'open' | 'paid' | 'failed'; paidAt: Date | null }> {
  const [recorded] = await queryRows<{ status: 'open' | 'paid' | 'failed'; paid_at: Date | string | null }>(
    deps.db,
    sql`SELECT status, paid_at FROM billing_charges
        WHERE seller_id = ${sellerId} AND kind = 'percent' AND month = ${month}
        ORDER BY id DESC LIMIT 1`,
  );
  if (recorded)
    return { status: recorded.status, paidAt: recorded.paid_at ? new Date(recorded.paid_at) : null };
  const provider = deps.provider.name;
  const [customer] = await queryRows<{ external_id: string; has_default: boolean }>(
    deps.db,
    sql`SELECT c.external_id, EXISTS (SELECT 1 FROM billing_payment_methods m
          WHERE m.user_id = c.user_id AND m.provider = c.provider AND m.is_default) AS has_default
        FROM billing_customers c WHERE c.user_id = ${sellerId} AND c.provider = ${provider}`,
  );
  if (!customer?.has_default) return { status: 'open', paidAt: null };
  try {
    const invoice = await deps.provider.chargeInvoice({
      customerId: customer.external_id,
      amountCents,
      vatCents,
      description: `Percent of sales ${month}`,
      metadata: { seller_id: String(sellerId), month, kind: 'percent' },
      idempotencyKey: `percent-${sellerId}-${month}`,
    });
    const status = invoice.status === 'paid' ? 'paid' : invoice.paymentFailed ? 'failed' : 'open';
    const paidAt = status === 'paid' ? new Date() : null;
    await deps.db.execute(
      sql`INSERT INTO billing_charges (seller_id, kind, provider, external_id, amount_cents, vat_cents, status,
            month, paid_at)
          VALUES (${sellerId}, 'percent', ${provider}, ${invoice.id}, ${amountCents}, ${vatCents}, ${status},
            ${month}, ${paidAt})
          ON CONFLICT (provider, external_id) DO NOTHING`,
    );
    return { status, paidAt };
  } catch (err) {
    if (err instanceof BillingProviderError && (err.kind === 'declined' || err.kind === 'requires_action')) {
      return { status: 'failed', paidAt: null };
    }
    throw err;
  }
}

/** The seller as the invoice's customer, and the language it is written in. */
async function sellerForInvoice(db: DbOrTx, sellerId: number) {
  const [u] = await queryRows<{
    first_name: string | null;
    last_name: string | null;
    email: string;
    company_name: string | null;
    tax_id: string | null;
    selected_locale: string;
  }>(
    db,
    sql`SELECT first_name, last_name, email, company_name, tax_id, selected_locale FROM users WHERE id = ${sellerId}`,
  );
  const locale: TLocale = u?.selected_locale === 'en' ? 'en' : 'fr';
  const [a] = await queryRows<{
    address1: string;
    address2: string | null;
    post_code: string | null;
    city: string;
    country: string | null;
  }>(
    db,
    sql`SELECT a.address1, a.address2, a.post_code, a.city,
          CASE WHEN ${locale} = 'en' THEN c.name_en ELSE c.name_fr END AS country
        FROM addresses a LEFT JOIN countries c ON c.id = a.country_id
        WHERE a.user_id = ${sellerId}
        ORDER BY (a.address_type = 'seller') DESC, a.id LIMIT 1`,
  );
  const addressLines = a
    ? [a.address1, a.address2, [a.post_code, a.city].filter(Boolean).join(' '), a.country].filter(
        (l): l is string => !!l,
      )
    : [];
  return {
    locale,
    party: {
      name: [u?.first_name, u?.last_name].filter(Boolean).join(' '),
      email: u?.email ?? '',
      companyName: u?.company_name ?? null,
      taxId: u?.tax_id ?? null,
      addressLines,
    },
  };
}
