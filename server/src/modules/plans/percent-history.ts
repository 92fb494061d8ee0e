import type { TPercentChange } from '@livecart/contract/sellers';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows, toIso } from '../../lib/sql.ts';
import { sellerPercentHistory } from './tables.ts';

/*
 * The history of a seller's percent of sales, set by an admin (SPEC §3 Seller `itemsHistory`).
 * `previous_percent_bp` is the percent the seller paid before the change: their own when one was
 * set, else their latest plan's.
 */

/** The percent of the seller's latest plan (basis points), or null. */
async function planPercentBp(db: DbOrTx, sellerId: number): Promise<number | null> {
  const [row] = await queryRows<{ bp: number | null }>(
    db,
    sql`SELECT p.percent_bp AS bp FROM subscriptions s JOIN plans p ON p.id = s.plan_id
        WHERE s.user_id = ${sellerId} ORDER BY s.created_at DESC, s.id DESC LIMIT 1`,
  );
  return row?.bp == null ? null : Number(row.bp);
}

/** Records a change of the seller's own percent, in the caller's transaction; answers it. */
export async function recordPercentChange(
  db: DbOrTx,
  c: { sellerId: number; bp: number; previousOwnBp: number | null; changedBy: number },
): Promise<{ id: number; previousBp: number | null; createdAt: Date }> {
  const previousBp = c.previousOwnBp ?? (await planPercentBp(db, c.sellerId));
  const [row] = await db
    .insert(sellerPercentHistory)
    .values({
      seller_id: c.sellerId,
      percent_bp: c.bp,
      previous_percent_bp: previousBp,
      changed_by: c.changedBy,
    })
    .returning();
  return { id: row.id, previousBp, createdAt: row.created_at };
}

interface HistoryRow {
  percent_bp: number;
  previous_percent_bp: number | null;
  created_at: Date | string;
  admin_id: number | null;
  admin_email: string | null;
  admin_name: string | null;
}

/** The seller's percent changes, newest first, each with the admin who made it. */
export async function percentHistoryOf(db: DbOrTx, sellerId: number): Promise<TPercentChange[]> {
  const rows = await queryRows<HistoryRow>(
    db,
    sql`SELECT h.percent_bp, h.previous_percent_bp, h.created_at, a.id AS admin_id, a.email AS admin_email,
               nullif(concat_ws(' ', a.first_name, a.last_name), '') AS admin_name
        FROM seller_percent_history h LEFT JOIN users a ON a.id = h.changed_by
        WHERE h.seller_id = ${sellerId}
        ORDER BY h.created_at DESC, h.id DESC`,
  );
  return rows.map((r) => ({
    percent: Number(r.percent_bp) / 100,
    previous: r.previous_percent_bp == null ? null : Number(r.previous_percent_bp) / 100,
    changed_at: toIso(r.created_at) as string,
    changed_by:
      r.admin_id == null
        ? null
        : {
            id: Number(r.admin_id),
            email: r.admin_email,
            name: r.admin_name ?? r.admin_email ?? `#${r.admin_id}`,
          },
  }));
}
