/**
 * Free shipping (SPEC §3 Free-shipping period, §4): a threshold (orders from this amount ship
 * free) and a window (once a shopper paid shipping in it, their later orders of the window ship
 * free; options.ts applies both at checkout). A seller has at most one active window: setting a
 * new one deactivates the current one in the same transaction.
 */
import type { TFreePeriod, TFreePeriodBody } from '@livecart/contract/shipping';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { queryRows, toIso } from '../../lib/sql.ts';
import { saveFreeShippingThreshold, saveFreeShippingTimer } from '../settings/freeShipping.ts';
import { sellerOf } from './methods.ts';

/** First key of the advisory lock on a seller's windows; the second is the seller id. */
const FREE_PERIOD_LOCK = 727_304;

/** POST shipping/threshold: free shipping from `euros` (null turns it off). Answers the threshold. */
export async function saveThreshold(ctx: Ctx, euros: number | null): Promise<number | null> {
  const cents = euros === null ? null : Math.round(euros * 100);
  await saveFreeShippingThreshold(ctx.db, sellerOf(ctx), cents);
  return cents === null ? null : cents / 100;
}

interface PeriodRow {
  id: number;
  free_shipping_from: Date | string;
  free_shipping_to: Date | string;
  created_at: Date | string;
  now: Date | string;
}

const toPeriod = (r: PeriodRow): TFreePeriod => {
  const now = Date.parse(toIso(r.now) as string);
  const from = toIso(r.free_shipping_from) as string;
  const to = toIso(r.free_shipping_to) as string;
  return {
    id: r.id,
    free_shipping_from: from,
    free_shipping_to: to,
    state: now < Date.parse(from) ? 'scheduled' : now < Date.parse(to) ? 'active' : 'ended',
    created_at: toIso(r.created_at) as string,
  };
};

async function activePeriod(db: DbOrTx, sellerId: number): Promise<TFreePeriod | null> {
  const [row] = await queryRows<PeriodRow>(
    db,
    sql`SELECT id, free_shipping_from, free_shipping_to, created_at, now() AS now
        FROM free_shipping_periods WHERE seller_id = ${sellerId} AND active`,
  );
  return row ? toPeriod(row) : null;
}

/** GET shipping/free-period: the seller's active window (its `state` says whether it began or ended). */
export const fetchFreePeriod = (ctx: Ctx) => activePeriod(ctx.db, sellerOf(ctx));

/**
 * POST shipping/free-period: the new window replaces the current one and turns the window on.
 * It must end in the future (`period_in_past`); the contract already refuses an end before the start.
 */
export async function saveFreePeriod(ctx: Ctx, body: TFreePeriodBody): Promise<TFreePeriod> {
  const sellerId = sellerOf(ctx);
  const from = new Date(body.free_shipping_from).toISOString();
  const to = new Date(body.free_shipping_to).toISOString();
  return ctx.db.transaction(async (tx) => {
    const [{ past }] = await queryRows<{ past: boolean }>(
      tx,
      sql`SELECT ${to}::timestamptz <= now() AS past`,
    );
    if (past) throw new AppError('period_in_past', { free_shipping_to: 'period_in_past' });
    await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${FREE_PERIOD_LOCK}::int, ${sellerId}::int)`);
    await tx.execute(
      sql`UPDATE free_shipping_periods SET active = false, updated_at = now()
          WHERE seller_id = ${sellerId} AND active`,
    );
    await tx.execute(
      sql`INSERT INTO free_shipping_periods (seller_id, free_shipping_from, free_shipping_to, active)
          VALUES (${sellerId}, ${from}::timestamptz, ${to}::timestamptz, true)`,
    );
    await saveFreeShippingTimer(tx, sellerId, true);
    return (await activePeriod(tx, sellerId)) as TFreePeriod;
  });
}

/** POST shipping/clear-free-period: the window ends now for the checkout, and its switch goes off. */
export async function clearFreePeriod(ctx: Ctx): Promise<void> {
  const sellerId = sellerOf(ctx);
  await ctx.db.transaction(async (tx) => {
    await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${FREE_PERIOD_LOCK}::int, ${sellerId}::int)`);
    await tx.execute(
      sql`UPDATE free_shipping_periods SET active = false, updated_at = now()
          WHERE seller_id = ${sellerId} AND active`,
    );
    await saveFreeShippingTimer(tx, sellerId, false);
  });
}
