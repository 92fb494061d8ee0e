import type { TPlatformInvoice } from '@livecart/contract/billing';
import { TIME_ZONE } from '@livecart/contract/constants';
import type { TListQuery } from '@livecart/contract/lists';
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { toEuros } from '../../lib/money.ts';
import { allOf, queryRows } from '../../lib/sql.ts';
import type { LedgerOrder } from './ledger.ts';
import { platformInvoiceOrders, platformInvoices } from './tables.ts';

/**
 * The platform's invoices to its sellers, numbered without gaps on the platform's own series.
 *
 * One series across every seller (`LC-2026-000001`, `LC-2026-000002`, … the year of issue in
 * Paris, the sequence never restarting): the number is taken inside the transaction that inserts
 * the invoice, its orders and the PDF's path, under a transaction-scoped advisory lock on
 * PLATFORM_INVOICE_LOCK, so two issuers (two sellers' runs, two processes) wait for each other and
 * `max(seq) + 1` read after the lock sees the previous invoice. If the transaction rolls back (the
 * PDF could not be written, the database failed), the number was never written and the next
 * invoice takes it: no gap, none twice. As for the order invoices (invoices/numbering.ts), this
 * needs READ COMMITTED, the default.
 */

/** The advisory lock's key (one series: no second key). */
const PLATFORM_INVOICE_LOCK = 727_414;

export type PlatformInvoiceRow = typeof platformInvoices.$inferSelect;

/** The printed number: `LC-2026-000042`. */
export const formatPlatformInvoiceNumber = (year: number, seq: number) =>
  `LC-${year}-${String(seq).padStart(6, '0')}`;

const parisYear = (d: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, year: 'numeric' }).format(d));

export interface NewPlatformInvoice {
  sellerId: number;
  month: string;
  planCents: number;
  salesCents: number;
  percentBp: number;
  percentCents: number;
  vatCents: number;
  totalCents: number;
  status: 'open' | 'paid' | 'failed';
  paidAt: Date | null;
  issuedAt: Date;
  orders: LedgerOrder[];
}

/**
 * Issues the seller's invoice of a month in `tx`: the existing one when there is one, else a row
 * with the series' next number and its orders. `withNumber` runs before the commit with the new
 * row (the PDF is made and stored there, so a failure leaves no number behind) and answers the
 * PDF's path.
 */
export async function issuePlatformInvoice(
  tx: Tx,
  input: NewPlatformInvoice,
  withNumber: (invoice: PlatformInvoiceRow) => Promise<string>,
): Promise<{ invoice: PlatformInvoiceRow; created: boolean }> {
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${PLATFORM_INVOICE_LOCK}::int, 0)`);
  const existing = await invoiceOfMonth(tx, input.sellerId, input.month);
  if (existing) return { invoice: existing, created: false };
  const [{ last }] = await queryRows<{ last: number }>(
    tx,
    sql`SELECT coalesce(max(seq), 0)::int AS last FROM platform_invoices`,
  );
  const seq = Number(last) + 1;
  const [row] = await tx
    .insert(platformInvoices)
    .values({
      seller_id: input.sellerId,
      seq,
      number: formatPlatformInvoiceNumber(parisYear(input.issuedAt), seq),
      month: input.month,
      plan_cents: input.planCents,
      sales_cents: input.salesCents,
      percent_bp: input.percentBp,
      percent_cents: input.percentCents,
      vat_cents: input.vatCents,
      total_cents: input.totalCents,
      status: input.status,
      created_at: input.issuedAt,
      paid_at: input.paidAt,
    })
    .returning();
  if (input.orders.length) {
    await tx.insert(platformInvoiceOrders).values(
      input.orders.map((o) => ({
        invoice_id: row.id,
        order_id: o.order_id,
        order_number: o.order_number,
        paid_at: o.paid_at,
        total_cents: o.total_cents,
        refunded_cents: o.refunded_cents,
        counted_cents: o.counted_cents,
      })),
    );
  }
  const path = await withNumber(row);
  const [withPath] = await tx
    .update(platformInvoices)
    .set({ path })
    .where(eq(platformInvoices.id, row.id))
    .returning();
  return { invoice: withPath, created: true };
}

/** The seller's invoice of a month, if issued. */
export async function invoiceOfMonth(
  db: DbOrTx,
  sellerId: number,
  month: string,
): Promise<PlatformInvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(platformInvoices)
    .where(and(eq(platformInvoices.seller_id, sellerId), eq(platformInvoices.month, month)));
  return row;
}

/** One of the seller's invoices by id; undefined when it is another seller's or none. */
export async function sellerInvoice(
  db: DbOrTx,
  sellerId: number,
  id: number,
): Promise<PlatformInvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(platformInvoices)
    .where(and(eq(platformInvoices.id, id), eq(platformInvoices.seller_id, sellerId)));
  return row;
}

/** The orders an invoice's percent was computed from, by payment time. */
export async function invoiceOrders(db: DbOrTx, invoiceId: number) {
  const rows = await db
    .select()
    .from(platformInvoiceOrders)
    .where(eq(platformInvoiceOrders.invoice_id, invoiceId))
    .orderBy(platformInvoiceOrders.paid_at, platformInvoiceOrders.order_id);
  return rows.map((r) => ({
    order_number: r.order_number,
    paid_at: r.paid_at ? r.paid_at.toISOString() : null,
    total: toEuros(r.total_cents),
    refunded: toEuros(r.refunded_cents),
    counted: toEuros(r.counted_cents),
  }));
}

/** An invoice as My Documents shows it (ZPlatformInvoice). */
export function toPlatformInvoice(row: PlatformInvoiceRow): TPlatformInvoice {
  return {
    id: row.id,
    number: row.number,
    month: row.month,
    plan_amount: toEuros(row.plan_cents),
    sales_amount: toEuros(row.sales_cents),
    percent: row.percent_bp / 100,
    percent_amount: toEuros(row.percent_cents),
    vat_amount: toEuros(row.vat_cents),
    total: toEuros(row.total_cents),
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    paid_at: row.paid_at ? new Date(row.paid_at).toISOString() : null,
  };
}

/** The seller's invoices for My Documents (ZDocumentsQuery), newest first by default. */
export async function listSellerInvoices(
  db: DbOrTx,
  sellerId: number,
  q: TListQuery<'created_at' | 'month' | 'total', { month?: string }>,
) {
  const where = allOf([
    eq(platformInvoices.seller_id, sellerId),
    q.queryFilter?.month && eq(platformInvoices.month, q.queryFilter.month),
    q.query && ilike(platformInvoices.number, `%${q.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
  ]);
  const column = {
    created_at: platformInvoices.created_at,
    month: platformInvoices.month,
    total: platformInvoices.total_cents,
  }[q.column];
  const order = q.sort === 'ASC' ? asc : desc;
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(platformInvoices)
    .where(where);
  const rows = await db
    .select()
    .from(platformInvoices)
    .where(where)
    .orderBy(order(column), order(platformInvoices.id))
    .limit(q.limit)
    .offset(q.offset);
  return { count: Number(count), items: rows.map(toPlatformInvoice) };
}

/** The state of a seller's billing run of a month: `running`, `done`, `failed`, or null when never run. */
export async function billingRunStatus(db: DbOrTx, sellerId: number, month: string): Promise<string | null> {
  const [row] = await queryRows<{ status: string }>(
    db,
    sql`SELECT status FROM billing_runs WHERE seller_id = ${sellerId} AND month = ${month}`,
  );
  return row?.status ?? null;
}
