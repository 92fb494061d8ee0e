/**
 * `shopper_figures`, the Shoppers list's read model, brought up to date: the triggers of
 * `sql/figures.sql` mark in `shopper_figures_stale`, in the transaction of each change, the shoppers whose
 * figures or names it changed (an order's status, amount, payment, shopper or delivery address; an
 * identity made, linked or renamed; an account renamed); here the marks of a seller are taken and
 * their shoppers computed again from the orders by `clientFigures`, the same SQL as a detail's. A
 * list folds its seller's marks (every seller's for admin) before it reads, so it shows every
 * change committed before the call, and the sweeper folds them in the background so that few wait.
 *
 * Refreshes of one seller are serialized by an advisory lock held to the end of their transaction:
 * marks are taken, then the figures computed with a later snapshot, so a change committed after
 * the marks were taken keeps its mark for the next refresh, and a refresh never writes figures
 * older than another's. Writers never wait for a refresh.
 */

import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { queryRows } from '../../lib/sql.ts';
import { clientFigures, FIGURE_COLUMNS } from './shoppers.ts';

/** The first key of the advisory locks of the refresh (the second is the seller's id). */
const LOCK_CLASS = 7_301;

/** A seller's totals of its rows of `shopper_figures` (`seller_shopper_totals`' columns). */
const SUMS = sql.raw(
  'count(*)::int, count(*) FILTER (WHERE orders_count > 0)::int, coalesce(sum(orders_count), 0)::int, ' +
    'coalesce(sum(total_cents), 0)::bigint, count(*) FILTER (WHERE NOT ever_paid)::int',
);

/**
 * `change` (a DELETE or an INSERT of `shopper_figures` rows of `sellerId`) with its rows' totals
 * added to the seller's and to their shoppers' across sellers (`sign` −1 for rows taken away), in
 * one statement. Answers the rows changed and how many shoppers across sellers came to have an
 * order (less those who came to have none): a shopper's order count before is its count after less
 * what was added, the row being locked by the addition. The shoppers are added in key order, so
 * that two sellers' refreshes lock a common shopper's row in the same order.
 */
const moveFigures = async (tx: DbOrTx, sellerId: number, sign: 1 | -1, change: SQL) => {
  const [moved] = await queryRows<{ rows: number; counted: number }>(
    tx,
    sql`
    WITH moved AS (${change} RETURNING user_id, identity_id, orders_count, total_cents, ever_paid),
    seller AS (
      INSERT INTO seller_shopper_totals AS t (seller_id, figure_rows, shoppers, orders_count, total_cents, never_paid)
      SELECT ${sellerId}::int, ${sign}::int * count(*)::int, ${sign}::int * count(*) FILTER (WHERE orders_count > 0)::int,
             ${sign}::int * coalesce(sum(orders_count), 0)::int, ${sign}::int * coalesce(sum(total_cents), 0)::bigint,
             ${sign}::int * count(*) FILTER (WHERE NOT ever_paid)::int
      FROM moved
      ON CONFLICT (seller_id) DO UPDATE SET figure_rows = t.figure_rows + excluded.figure_rows,
        shoppers = t.shoppers + excluded.shoppers,
        orders_count = t.orders_count + excluded.orders_count, total_cents = t.total_cents + excluded.total_cents,
        never_paid = t.never_paid + excluded.never_paid
      RETURNING 1),
    added AS (
      SELECT ${PLATFORM_KEY} AS shopper_key, user_id, CASE WHEN user_id IS NULL THEN identity_id END AS identity_id,
             ${sign}::int * sum(orders_count)::int AS orders_count, ${sign}::int * sum(total_cents)::bigint AS total_cents
      FROM moved GROUP BY 1, 2, 3),
    shoppers AS (
      INSERT INTO platform_shoppers AS p (shopper_key, user_id, identity_id, orders_count, total_cents)
      SELECT shopper_key, user_id, identity_id, orders_count, total_cents FROM added ORDER BY shopper_key
      ON CONFLICT (shopper_key) DO UPDATE SET orders_count = p.orders_count + excluded.orders_count,
        total_cents = p.total_cents + excluded.total_cents
      RETURNING shopper_key, orders_count)
    SELECT (SELECT count(*) FROM moved)::int AS rows,
           (count(*) FILTER (WHERE s.orders_count > 0 AND s.orders_count - a.orders_count <= 0)
            - count(*) FILTER (WHERE s.orders_count <= 0 AND s.orders_count - a.orders_count > 0))::int AS counted
    FROM shoppers s JOIN added a USING (shopper_key)`,
  );
  return moved;
};

/** A shopper's key across sellers: `u{user id}`, or `s{identity id}` for an identity no account claimed. */
const PLATFORM_KEY = sql.raw(`CASE WHEN user_id IS NOT NULL THEN 'u' || user_id ELSE 's' || identity_id END`);

/** Brings the figures of `sellerId`'s shoppers up to date, or every marked seller's (admin). */
export async function refreshShopperFigures(db: DbOrTx, sellerId?: number): Promise<number> {
  const sellers = await queryRows<{ seller_id: number }>(
    db,
    sellerId === undefined
      ? sql`SELECT DISTINCT seller_id FROM shopper_figures_stale ORDER BY seller_id`
      : sql`SELECT ${sellerId}::int AS seller_id WHERE EXISTS (
              SELECT 1 FROM shopper_figures_stale WHERE seller_id = ${sellerId})`,
  );
  let shoppers = 0;
  for (const { seller_id } of sellers) shoppers += await refreshSeller(db, seller_id);
  return shoppers;
}

/** Folds one seller's marks; answers how many shoppers were computed again. */
function refreshSeller(db: DbOrTx, sellerId: number): Promise<number> {
  return inRetriedTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, ${sellerId})`);
    const marks = await queryRows<{ user_id: number | null; identity_id: number | null }>(
      tx,
      sql`DELETE FROM shopper_figures_stale WHERE seller_id = ${sellerId} RETURNING user_id, identity_id`,
    );
    if (!marks.length) return 0;
    if (marks.some((m) => m.user_id === null && m.identity_id === null)) {
      // the whole seller (the figures were never built, or asked to be built again)
      const gone = await moveFigures(
        tx,
        sellerId,
        -1,
        sql`DELETE FROM shopper_figures WHERE seller_id = ${sellerId}`,
      );
      const built = await moveFigures(
        tx,
        sellerId,
        1,
        sql`INSERT INTO shopper_figures (${FIGURE_COLUMNS}) SELECT ${FIGURE_COLUMNS} FROM (${clientFigures(sellerId)}) f`,
      );
      await tx.execute(sql`
        INSERT INTO seller_shopper_totals (seller_id, figure_rows, shoppers, orders_count, total_cents, never_paid)
        SELECT ${sellerId}::int, ${SUMS} FROM shopper_figures WHERE seller_id = ${sellerId}
        ON CONFLICT (seller_id) DO UPDATE SET figure_rows = excluded.figure_rows, shoppers = excluded.shoppers,
          orders_count = excluded.orders_count, total_cents = excluded.total_cents, never_paid = excluded.never_paid`);
      await countShoppers(tx, gone.counted + built.counted);
      return built.rows;
    }
    // An identity's shopper is its account when linked (now), else itself; its own row goes either way.
    const identityIds = [...new Set(marks.map((m) => m.identity_id).filter((id) => id !== null))];
    const links = identityIds.length
      ? await queryRows<{ id: number; user_id: number | null }>(
          tx,
          sql`SELECT id, user_id FROM social_identities
              WHERE seller_id = ${sellerId} AND id = ANY(${`{${identityIds.join(',')}}`}::int[])`,
        )
      : [];
    const userIds = [
      ...new Set(
        [...marks.map((m) => m.user_id), ...links.map((l) => l.user_id)].filter((id) => id !== null),
      ),
    ];
    const unlinked = links.filter((l) => l.user_id === null).map((l) => l.id);
    const keys = [
      ...userIds.map((id) => `${sellerId}:u${id}`),
      ...identityIds.map((id) => `${sellerId}:s${id}`),
    ];
    // the totals lose what the old rows held and gain what the rows computed again hold
    const gone = await moveFigures(
      tx,
      sellerId,
      -1,
      sql`DELETE FROM shopper_figures WHERE row_key = ANY(${`{${keys.join(',')}}`}::text[])`,
    );
    const made = await moveFigures(
      tx,
      sellerId,
      1,
      sql`INSERT INTO shopper_figures (${FIGURE_COLUMNS})
          SELECT ${FIGURE_COLUMNS} FROM (${clientFigures(sellerId, { userIds, identityIds: unlinked })}) f`,
    );
    await countShoppers(tx, gone.counted + made.counted);
    return userIds.length + unlinked.length;
  });
}

/**
 * Moves the count of shoppers with an order across sellers, last in a refresh: its one row stays
 * locked only from there to the commit.
 */
async function countShoppers(tx: DbOrTx, change: number): Promise<void> {
  if (change === 0) return;
  await tx.execute(sql`
    INSERT INTO platform_shopper_count AS c (id, shoppers) VALUES (true, ${change}::int)
    ON CONFLICT (id) DO UPDATE SET shoppers = c.shoppers + excluded.shoppers`);
}

/**
 * Folds the marks in the background, every few seconds, so that a list seldom waits for many (after
 * a live, or the first build after the migration). Never throws out of its timer (errors are logged).
 */
export class ShopperFiguresSweeper {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<number> | null = null;

  constructor(
    private db: DbOrTx,
    private log: FastifyBaseLogger,
    private intervalMs = 5000,
  ) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.current) return;
      this.current = refreshShopperFigures(this.db);
      this.current
        .catch((err) => this.log.error({ err }, 'shopper figures'))
        .finally(() => {
          this.current = null;
        });
    }, this.intervalMs);
    this.timer.unref?.();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.current?.catch(() => 0);
  }
}

/** A shopper of a seller as its figures say: `key` is `u{user id}` or `s{identity id}`. */
export interface BestShopper {
  key: string;
  user_id: number | null;
  identity_id: number | null;
  orders_count: number;
  total_cents: number;
}

/**
 * A seller's shoppers who ordered (every seller's for admin, an account counted once across them),
 * those who spent most first (then the most orders, then by key), read from the figures brought up
 * to date first: the dashboard's top shoppers and how many there are, without grouping every order.
 */
export async function bestShoppers(
  db: DbOrTx,
  sellerId: number | undefined,
  page: { limit: number; offset: number },
): Promise<{ count: number; items: BestShopper[] }> {
  await refreshShopperFigures(db, sellerId);
  if (sellerId === undefined) return everySellersBest(db, page);
  const [{ count }] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM shopper_figures WHERE seller_id = ${sellerId} AND orders_count > 0`,
  );
  if (count === 0 || page.offset >= count) return { count, items: [] };
  const items = await queryRows<BestShopper>(
    db,
    sql`SELECT CASE WHEN user_id IS NOT NULL THEN 'u' || user_id ELSE 's' || identity_id END AS key,
               user_id, identity_id, orders_count, total_cents
        FROM shopper_figures WHERE seller_id = ${sellerId} AND orders_count > 0
        ORDER BY total_cents DESC, orders_count DESC, key ASC
        LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { count, items: items.map((r) => ({ ...r, total_cents: Number(r.total_cents) })) };
}

/**
 * {@link bestShoppers} across sellers: an account's figures at each seller summed, kept in
 * `platform_shoppers` with their count.
 */
async function everySellersBest(
  db: DbOrTx,
  page: { limit: number; offset: number },
): Promise<{ count: number; items: BestShopper[] }> {
  const [counted] = await queryRows<{ shoppers: number }>(
    db,
    sql`SELECT shoppers FROM platform_shopper_count`,
  );
  const count = counted?.shoppers ?? 0;
  if (count === 0 || page.offset >= count) return { count, items: [] };
  const rows = await queryRows<BestShopper>(
    db,
    sql`SELECT shopper_key AS key, user_id, identity_id, orders_count, total_cents
        FROM platform_shoppers WHERE orders_count > 0
        ORDER BY total_cents DESC NULLS LAST, orders_count DESC NULLS LAST, shopper_key ASC
        LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { count, items: rows.map((r) => ({ ...r, total_cents: Number(r.total_cents) })) };
}
