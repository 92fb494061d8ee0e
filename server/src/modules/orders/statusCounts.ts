import type { TOrderStatus } from '@livecart/contract/constants';
import type { TSellerItemsStatuses } from '@livecart/contract/sellerOrders';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { IS_COUNTED } from './figures.ts';

/*
 * Orders per status of a seller, or of every seller, without reading their orders: the rows of
 * `order_status_counts` the triggers keep (orders/tables.ts), and the open carts counted from
 * `orders` (few at any time, and an empty one is no order: `IS_COUNTED`).
 */

/** Counts per status (and `all`) of the seller's orders, every seller's when `sellerId` is absent. */
export async function statusCountsOf(db: DbOrTx, sellerId?: number): Promise<TSellerItemsStatuses> {
  const ofSeller = (column: string) => (sellerId ? sql`${sql.raw(column)} = ${sellerId}` : sql`true`);
  const rows = await queryRows<{ status: TOrderStatus; count: number | string }>(
    db,
    sql`SELECT c.status, sum(c.n) AS count FROM order_status_counts c WHERE ${ofSeller('c.seller_id')}
          GROUP BY c.status
        UNION ALL
        SELECT 'new', count(*) FROM orders o WHERE o.status = 'new' AND ${ofSeller('o.seller_id')} AND ${IS_COUNTED}`,
  );
  return countsOf(rows);
}

/** The dashboard's totals of the orders that count, in cents: {@link statusTotalsOf}. */
export interface StatusTotals {
  /** Orders that count (every status; open carts with an article). */
  orders: number;
  /** Paid and shipped orders' amounts, and their shipping. */
  amountCents: number;
  shippingCents: number;
  /** Canceled orders that had been paid. */
  refundCents: number;
  /** Open carts with an article. */
  pending: number;
}

/**
 * The money and the number of the seller's orders (every seller's when `sellerId` is absent) as
 * the dashboard sums them over `IS_COUNTED` orders, from their status counts and open carts: the
 * rules of `orders/figures.ts` (`IS_PAID`, `IS_REFUNDED`) per status, without reading the orders.
 */
export async function statusTotalsOf(db: DbOrTx, sellerId?: number): Promise<StatusTotals> {
  const ofSeller = (column: string) => (sellerId ? sql`${sql.raw(column)} = ${sellerId}` : sql`true`);
  const [t] = await queryRows<Record<keyof StatusTotals, number | string>>(
    db,
    sql`SELECT coalesce(sum(c.n), 0) + (${OPEN_CARTS(ofSeller('o.seller_id'))}) AS orders,
               coalesce(sum(c.amount_cents) FILTER (WHERE c.status IN ('payed', 'shipped')), 0) AS "amountCents",
               coalesce(sum(c.shipping_cents) FILTER (WHERE c.status IN ('payed', 'shipped')), 0) AS "shippingCents",
               coalesce(sum(c.paid_amount_cents) FILTER (WHERE c.status = 'canceled'), 0) AS "refundCents",
               (${OPEN_CARTS(ofSeller('o.seller_id'))}) AS pending
        FROM order_status_counts c WHERE ${ofSeller('c.seller_id')}`,
  );
  return {
    orders: Number(t.orders),
    amountCents: Number(t.amountCents),
    shippingCents: Number(t.shippingCents),
    refundCents: Number(t.refundCents),
    pending: Number(t.pending),
  };
}

/** How many open carts of the scope count (an article in them). */
const OPEN_CARTS = (scope: ReturnType<typeof sql>) =>
  sql`SELECT count(*) FROM orders o WHERE o.status = 'new' AND ${scope} AND ${IS_COUNTED}`;

/** `{all, new, payed, …}` of rows of `(status, count)`. */
export function countsOf(rows: { status: TOrderStatus; count: number | string }[]): TSellerItemsStatuses {
  const counts: TSellerItemsStatuses = { all: 0, new: 0, payed: 0, shipped: 0, canceled: 0, expired: 0 };
  for (const r of rows) {
    counts[r.status] += Number(r.count);
    counts.all += Number(r.count);
  }
  return counts;
}

/**
 * Folds each seller's rows of a status into one. Safe beside the triggers and another fold: rows
 * are only added, and a fold deletes the rows it sums in the statement that writes their sum (rows
 * added meanwhile stay for the next fold; rows another fold took are skipped). Answers the rows
 * removed.
 */
export async function foldStatusCounts(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ removed: number }>(
    db,
    sql`WITH split AS (
          SELECT seller_id, status FROM order_status_counts GROUP BY seller_id, status HAVING count(*) > 1),
        taken AS (
          DELETE FROM order_status_counts c USING split
          WHERE c.seller_id = split.seller_id AND c.status = split.status
          RETURNING c.seller_id, c.status, c.n, c.amount_cents, c.shipping_cents, c.paid_amount_cents),
        folded AS (
          INSERT INTO order_status_counts (seller_id, status, n, amount_cents, shipping_cents, paid_amount_cents)
          SELECT seller_id, status, sum(n), sum(amount_cents), sum(shipping_cents), sum(paid_amount_cents)
          FROM taken GROUP BY seller_id, status RETURNING 1)
        SELECT (SELECT count(*) FROM taken)::int - (SELECT count(*) FROM folded)::int AS removed`,
  );
  return row?.removed ?? 0;
}
