import { TIME_ZONE } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';

/*
 * The order ledger the platform's percent is computed from, per Paris calendar month.
 *
 * A sale counts in the month its payment was confirmed (`orders.paid_at`), whatever happened to
 * the order later; a refund (an order canceled after it was paid, refunds are whole orders)
 * subtracts its total in the month it was made (`orders.canceled_at`). So a closed month never
 * changes: a sale of March refunded in April counts in March and subtracts in April; paid and
 * refunded in one month it counts 0. A month whose refunds exceed its sales counts 0 (no credit
 * carried to the next month).
 *
 * `from` (the trial's end) leaves out what was paid before it, and the refunds of those sales:
 * sales made in the trial are not charged, so their refunds give nothing back. `to` leaves out
 * what happened from then on (an estimate of the month so far).
 */

/** One order of a month's ledger (cents). `counted` = paid in the month − refunded in the month. */
export interface LedgerOrder {
  order_id: number;
  order_number: string;
  paid_at: Date;
  total_cents: number;
  refunded_cents: number;
  counted_cents: number;
}

export interface MonthSales {
  /** The month's counted sales, never below 0. */
  salesCents: number;
  orders: LedgerOrder[];
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The instant of a Paris wall-clock time (handles both sides of a daylight-saving change). */
function parisInstant(year: number, month: number, day: number): Date {
  const wall = Date.UTC(year, month - 1, day);
  let guess = wall;
  for (let i = 0; i < 3; i++) {
    const offset = parisOffsetMs(new Date(guess));
    const next = wall - offset;
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

/** How far Paris wall-clock time is ahead of UTC at `at` (ms). */
function parisOffsetMs(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The Paris month (`YYYY-MM`) of an instant. */
export function parisMonthOf(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${get('year')}-${get('month')}`;
}

/** The month before `month` (`YYYY-MM`). */
export function previousMonth(month: string): string {
  const [y, m] = splitMonth(month);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

function splitMonth(month: string): [number, number] {
  const match = MONTH.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  return [Number(match[1]), Number(match[2])];
}

/** A Paris calendar month as instants: `start` included, `end` (the next month's start) excluded. */
export function parisMonthRange(month: string): { start: Date; end: Date } {
  const [y, m] = splitMonth(month);
  const start = parisInstant(y, m, 1);
  const end = m === 12 ? parisInstant(y + 1, 1, 1) : parisInstant(y, m + 1, 1);
  return { start, end };
}

/** A month is closed once its last Paris day is over. */
export function monthClosed(month: string, now: Date = new Date()): boolean {
  return parisMonthRange(month).end.getTime() <= now.getTime();
}

/** The ledger of `sellerId` for a Paris month (see the file comment for the rule). */
export async function monthSales(
  db: DbOrTx,
  sellerId: number,
  month: string,
  opts: { from?: Date; to?: Date } = {},
): Promise<MonthSales> {
  const range = parisMonthRange(month);
  const start = opts.from && opts.from > range.start ? opts.from : range.start;
  const end = opts.to && opts.to < range.end ? opts.to : range.end;
  if (start >= end) return { salesCents: 0, orders: [] };
  const from = opts.from ?? new Date(0);
  const rows = await queryRows<{
    order_id: number;
    order_number: string;
    paid_at: Date | string;
    total_cents: number;
    paid_in: boolean;
    refunded_in: boolean;
  }>(
    db,
    sql`SELECT o.id AS order_id, o.order_number, o.paid_at, o.total_amount_cents AS total_cents,
          (o.paid_at >= ${start} AND o.paid_at < ${end}) AS paid_in,
          (o.status = 'canceled' AND o.canceled_at >= ${start} AND o.canceled_at < ${end}) AS refunded_in
        FROM orders o
        WHERE o.seller_id = ${sellerId} AND o.paid_at IS NOT NULL AND o.paid_at >= ${from}
          AND o.status IN ('payed', 'shipped', 'canceled')
          AND ((o.paid_at >= ${start} AND o.paid_at < ${end})
            OR (o.status = 'canceled' AND o.canceled_at >= ${start} AND o.canceled_at < ${end}))
        ORDER BY o.paid_at, o.id`,
  );
  const orders = rows.map((r) => {
    const total = Number(r.total_cents);
    const refunded = r.refunded_in ? total : 0;
    return {
      order_id: Number(r.order_id),
      order_number: r.order_number,
      paid_at: new Date(r.paid_at),
      total_cents: total,
      refunded_cents: refunded,
      counted_cents: (r.paid_in ? total : 0) - refunded,
    };
  });
  const sum = orders.reduce((s, o) => s + o.counted_cents, 0);
  return { salesCents: Math.max(0, sum), orders };
}

/**
 * The percent of sales a seller pays, in basis points: their own when an admin set one, else the
 * plan of their latest subscription; null when neither has one (a negotiated plan not set yet).
 */
export async function effectivePercentBp(db: DbOrTx, sellerId: number): Promise<number | null> {
  const [row] = await queryRows<{ bp: number | null }>(
    db,
    sql`SELECT coalesce(u.seller_percent_bp, (
          SELECT p.percent_bp FROM subscriptions s JOIN plans p ON p.id = s.plan_id
          WHERE s.user_id = u.id ORDER BY s.created_at DESC, s.id DESC LIMIT 1)) AS bp
        FROM users u WHERE u.id = ${sellerId}`,
  );
  return row?.bp == null ? null : Number(row.bp);
}

/** The percent of `salesCents` at `bp` basis points, in cents (rounded half up). */
export function percentOf(salesCents: number, bp: number): number {
  return Math.round((salesCents * bp) / 10000);
}
