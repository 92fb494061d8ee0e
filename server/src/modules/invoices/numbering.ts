import { TIME_ZONE } from '@livecart/contract/constants';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { invoices } from './tables.ts';

/**
 * Gapless invoice numbers per merchant.
 *
 * French invoices must be numbered in one continuous sequence per seller: no number skipped,
 * none used twice, even when two payments of the same seller are confirmed at the same moment.
 * The number is taken inside the transaction that records the payment and inserts the invoice:
 * a transaction-scoped advisory lock on (INVOICE_LOCK, seller) makes the seller's issuers wait
 * for each other, so `max(seq) + 1` read after the lock sees the previous invoice; if the
 * transaction rolls back, its number was never written and the next invoice takes it (no gap).
 * Works the same on PostgreSQL (several server processes) and PGlite. Needs READ COMMITTED (the
 * default): under REPEATABLE READ the max would be read from a snapshot older than the lock and
 * the insert would fail on `invoices_seller_seq_unique` instead of numbering twice.
 */

/** First key of the advisory lock; the second is the seller id. */
const INVOICE_LOCK = 727_301;

/** The printed number: `F-2026-000042` (year of issue in Paris, then the seller's sequence). */
export const formatInvoiceNumber = (year: number, seq: number) => `F-${year}-${String(seq).padStart(6, '0')}`;

const parisYear = (d: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, year: 'numeric' }).format(d));

export type TInvoiceRow = typeof invoices.$inferSelect;

/**
 * The invoice of a paid order: the existing one when the order already has it (confirmation runs
 * any number of times), else a new row with the seller's next number. Call inside the
 * transaction that marks the order paid.
 */
export async function issueInvoice(
  tx: Tx,
  input: { orderId: number; sellerId: number; totalCents: number; issuedAt?: Date },
): Promise<{ invoice: TInvoiceRow; created: boolean }> {
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${INVOICE_LOCK}::int, ${input.sellerId}::int)`);
  const [existing] = await tx.select().from(invoices).where(eq(invoices.order_id, input.orderId));
  if (existing) return { invoice: existing, created: false };

  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(${invoices.seq}), 0)::int` })
    .from(invoices)
    .where(eq(invoices.seller_id, input.sellerId));
  const seq = Number(last) + 1;
  const issuedAt = input.issuedAt ?? new Date();
  const [invoice] = await tx
    .insert(invoices)
    .values({
      order_id: input.orderId,
      seller_id: input.sellerId,
      seq,
      number: formatInvoiceNumber(parisYear(issuedAt), seq),
      total_cents: input.totalCents,
      created_at: issuedAt,
    })
    .returning();
  return { invoice, created: true };
}

/** Records where the invoice's PDF was stored. */
export async function setInvoicePath(tx: Tx, invoiceId: number, sellerId: number, path: string) {
  await tx
    .update(invoices)
    .set({ path })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.seller_id, sellerId)));
}
