import { ROLE, TIME_ZONE } from '@livecart/contract/constants';
import {
  SALES_DAYS,
  SALES_LIVES,
  type TDashboardSales,
  type TDashboardSalesQuery,
} from '@livecart/contract/dashboard';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { toEuros } from '../../lib/money.ts';
import { queryRows } from '../../lib/sql.ts';
import { IS_COUNTED, IS_PAID } from '../orders/figures.ts';

/** Sales per day and per live of the seller (the admin: every seller's, or `seller_id`'s). */
export async function dashboardSales(ctx: Ctx, q: TDashboardSalesQuery): Promise<TDashboardSales> {
  const user = ctx.user;
  if (!user) throw new AppError('unauthorized');
  const sellerId = user.role_id === ROLE.seller ? user.id : q.seller_id;
  const own = (column: ReturnType<typeof sql>) =>
    sellerId === undefined ? sql`TRUE` : sql`${column} = ${sellerId}`;

  const paidDay = sql`(coalesce(o.paid_at, o.created_at) AT TIME ZONE ${TIME_ZONE})::date`;
  const days = await queryRows<{ day: string; paid: number; revenue_cents: number | string }>(
    ctx.db,
    sql`WITH today AS (SELECT (now() AT TIME ZONE ${TIME_ZONE})::date AS d),
        span AS (
          SELECT generate_series((d - ${SALES_DAYS - 1}::int)::timestamp, d::timestamp, interval '1 day')::date AS day
          FROM today)
        SELECT span.day::text AS day, count(o.id)::int AS paid,
          coalesce(sum(o.total_amount_cents), 0)::bigint AS revenue_cents
        FROM span
        LEFT JOIN orders o ON ${paidDay} = span.day AND ${IS_PAID} AND ${own(sql`o.seller_id`)}
        GROUP BY span.day ORDER BY span.day`,
  );

  const lives = await queryRows<{
    session_id: number;
    event_date: string;
    event_time: string;
    carts: number;
    paid: number;
    revenue_cents: number | string;
  }>(
    ctx.db,
    sql`SELECT s.id AS session_id, s.event_date::text AS event_date, s.event_time::text AS event_time,
          count(o.id) FILTER (WHERE ${IS_COUNTED})::int AS carts,
          count(o.id) FILTER (WHERE ${IS_PAID})::int AS paid,
          coalesce(sum(o.total_amount_cents) FILTER (WHERE ${IS_PAID}), 0)::bigint AS revenue_cents
        FROM (
          SELECT id, seller_id, event_date, event_time, started_at FROM live_sessions
          WHERE deleted_at IS NULL AND status <> 'scheduled' AND ${own(sql`seller_id`)}
          ORDER BY coalesce(started_at, (event_date + event_time) AT TIME ZONE ${TIME_ZONE}) DESC, id DESC
          LIMIT ${SALES_LIVES}
        ) s
        LEFT JOIN orders o ON o.session_id = s.id AND o.seller_id = s.seller_id
        GROUP BY s.id, s.event_date, s.event_time, s.started_at
        ORDER BY coalesce(s.started_at, (s.event_date + s.event_time) AT TIME ZONE ${TIME_ZONE}), s.id`,
  );

  return {
    days: days.map((d) => ({ day: d.day, paid: Number(d.paid), revenue: toEuros(d.revenue_cents) })),
    lives: lives.map((l) => ({
      session_id: l.session_id,
      event_date: l.event_date,
      event_time: l.event_time.slice(0, 5),
      carts: Number(l.carts),
      paid: Number(l.paid),
      revenue: toEuros(l.revenue_cents),
    })),
  };
}
