import { ROLE } from '@livecart/contract/constants';
import {
  LIVE_REPORT_TOP,
  type TLiveReport,
  type TLiveReportMinute,
  type TLiveReportProduct,
  type TLiveReportRemindResult,
  type TLiveReportUnpaidCart,
} from '@livecart/contract/liveReport';
import { sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { toEuros } from '../../lib/money.ts';
import { queryRows, toIso } from '../../lib/sql.ts';
import { IS_COUNTED, IS_PAID, IS_REFUNDED, ORDERS_WITH_SHOPPER, SHOPPER_NAME } from '../orders/figures.ts';
import { LINE_LABEL_JOINS, lineLabels } from '../orders/lines.ts';
import { remindUnpaidCarts, SHOPPER_EMAIL } from '../orders/reminders.ts';
import { storeContext } from '../stores/service.ts';

/*
 * The report of a live: what its comments did and what its carts became, read from the same rows
 * as the orders lists (orders of the session, their lines, the session's comments) with the rules
 * of orders/figures.ts, so its amounts match the lists and the dashboard to the cent.
 */

interface SessionRow {
  id: number;
  seller_id: number;
  store_id: number | null;
  status: TLiveReport['session']['status'];
  event_date: string;
  event_time: string;
  started_at: Date | string | null;
  stopped_at: Date | string | null;
}

/** The session the caller may report on: a seller's own, any for the admin; 404 otherwise. */
async function reportedSession(ctx: Ctx, id: number): Promise<SessionRow> {
  const user = ctx.user;
  if (!user) throw new AppError('unauthorized');
  const own = user.role_id === ROLE.admin ? sql`TRUE` : sql`seller_id = ${user.id}`;
  const [row] = await queryRows<SessionRow>(
    ctx.db,
    sql`SELECT id, seller_id, store_id, status, event_date::text AS event_date, event_time::text AS event_time,
          started_at, stopped_at
        FROM live_sessions WHERE id = ${id} AND deleted_at IS NULL AND ${own}`,
  );
  if (!row) throw notFound();
  return row;
}

/** The report of one live session (GET livesession/{id}/report). */
export async function liveReport(ctx: Ctx, id: number): Promise<TLiveReport> {
  const s = await reportedSession(ctx, id);
  const orders = sql`o.seller_id = ${s.seller_id} AND o.session_id = ${s.id} AND ${IS_COUNTED}`;

  const [c] = await queryRows<Record<string, number>>(
    ctx.db,
    sql`SELECT count(*)::int AS total, count(DISTINCT coalesce(from_id, 'n:' || from_name))::int AS viewers,
          count(*) FILTER (WHERE outcome = 'cart')::int AS ordered,
          count(*) FILTER (WHERE outcome = 'waiting')::int AS waited,
          count(*) FILTER (WHERE outcome = 'no_match')::int AS unmatched
        FROM live_comments WHERE session_id = ${s.id} AND seller_id = ${s.seller_id}`,
  );
  const [k] = await queryRows<Record<string, number | string>>(
    ctx.db,
    sql`SELECT count(*)::int AS opened,
          count(*) FILTER (WHERE ${IS_PAID})::int AS paid,
          count(*) FILTER (WHERE o.status = 'new')::int AS unpaid,
          count(*) FILTER (WHERE o.status = 'expired')::int AS expired,
          count(*) FILTER (WHERE o.status = 'canceled')::int AS canceled,
          coalesce(sum(o.total_amount_cents) FILTER (WHERE ${IS_PAID}), 0)::bigint AS revenue,
          coalesce(sum(o.total_amount_cents) FILTER (WHERE o.status = 'new'), 0)::bigint AS unpaid_amount,
          coalesce(sum(o.total_amount_cents) FILTER (WHERE ${IS_REFUNDED}), 0)::bigint AS refunded
        FROM orders o WHERE ${orders}`,
  );
  const opened = Number(k.opened);
  const paid = Number(k.paid);
  return {
    session: {
      id: s.id,
      status: s.status,
      event_date: s.event_date,
      event_time: s.event_time.slice(0, 5),
      started_at: toIso(s.started_at),
      stopped_at: toIso(s.stopped_at),
    },
    comments: {
      total: c.total,
      viewers: c.viewers,
      ordered: c.ordered,
      waited: c.waited,
      unmatched: c.unmatched,
      other: c.total - c.ordered - c.waited - c.unmatched,
    },
    carts: {
      opened,
      paid,
      unpaid: Number(k.unpaid),
      expired: Number(k.expired),
      canceled: Number(k.canceled),
      conversion: opened ? paid / opened : 0,
      revenue: toEuros(k.revenue),
      unpaid_amount: toEuros(k.unpaid_amount),
      refunded: toEuros(k.refunded),
    },
    products: await topLines(ctx, orders, 'product'),
    variants: await topLines(ctx, orders, 'variant'),
    unpaid: await unpaidCarts(ctx, orders),
    timeline: await timeline(ctx, s, orders),
  };
}

interface LineRow {
  key: string;
  product_id: number | null;
  configuration_id: number | null;
  name: string;
  color_label: string | null;
  size_label: string | null;
  quantity: number;
  paid_quantity: number;
  revenue_cents: number | string;
}

/** The live's best products or variants by paid revenue, then by articles in carts. */
async function topLines(ctx: Ctx, orders: ReturnType<typeof sql>, by: 'product' | 'variant') {
  const key =
    by === 'product'
      ? sql`coalesce('p' || i.product_id, 'n' || i.name)`
      : sql`coalesce('c' || i.configuration_id, 'n' || i.name || '|' || coalesce(i.color_label, '') || '|' || coalesce(i.size_label, ''))`;
  const rows = await queryRows<LineRow>(
    ctx.db,
    sql`SELECT key, max(product_id) AS product_id, max(configuration_id) AS configuration_id, max(name) AS name,
          ${by === 'product' ? sql`NULL` : sql`max(color_label)`} AS color_label,
          ${by === 'product' ? sql`NULL` : sql`max(size_label)`} AS size_label,
          sum(quantity)::int AS quantity,
          coalesce(sum(quantity) FILTER (WHERE paid), 0)::int AS paid_quantity,
          coalesce(sum(quantity * unit_price_cents) FILTER (WHERE paid), 0)::bigint AS revenue_cents
        FROM (
          SELECT ${key} AS key, i.product_id,
            ${by === 'product' ? sql`NULL::int` : sql`i.configuration_id`} AS configuration_id,
            i.name, ${lineLabels(ctx.locale)}, i.quantity, i.unit_price_cents, ${IS_PAID} AS paid
          FROM orders o JOIN order_items i ON i.order_id = o.id ${LINE_LABEL_JOINS}
          WHERE ${orders}
        ) l
        GROUP BY key
        ORDER BY revenue_cents DESC, quantity DESC, name ASC, key ASC
        LIMIT ${LIVE_REPORT_TOP}`,
  );
  return rows.map(
    (r): TLiveReportProduct => ({
      key: r.key,
      product_id: r.product_id,
      configuration_id: r.configuration_id,
      name: r.name,
      color_label: r.color_label,
      size_label: r.size_label,
      quantity: Number(r.quantity),
      paid_quantity: Number(r.paid_quantity),
      revenue: toEuros(r.revenue_cents),
    }),
  );
}

/** The live's open carts (status new), oldest first. */
async function unpaidCarts(ctx: Ctx, orders: ReturnType<typeof sql>): Promise<TLiveReportUnpaidCart[]> {
  const rows = await queryRows<{
    id: number;
    order_number: string;
    shopper: string | null;
    email: string | null;
    articles: number;
    total_amount_cents: number;
    created_at: Date | string;
    expires_at: Date | string | null;
    reminded_at: Date | string | null;
  }>(
    ctx.db,
    sql`SELECT o.id, o.order_number, ${SHOPPER_NAME} AS shopper, ${SHOPPER_EMAIL} AS email,
          (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id) AS articles,
          o.total_amount_cents, o.created_at, o.expires_at, o.reminded_at
        FROM ${ORDERS_WITH_SHOPPER}
        WHERE ${orders} AND o.status = 'new'
        ORDER BY o.created_at, o.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    order_number: r.order_number,
    shopper: r.shopper,
    has_email: !!r.email,
    articles: Number(r.articles),
    total_amount: toEuros(r.total_amount_cents),
    created_at: toIso(r.created_at) as string,
    expires_at: toIso(r.expires_at),
    reminded_at: toIso(r.reminded_at),
  }));
}

/** Per minute of the live: comments written, carts opened, carts paid and their revenue. */
async function timeline(
  ctx: Ctx,
  s: SessionRow,
  orders: ReturnType<typeof sql>,
): Promise<TLiveReportMinute[]> {
  const rows = await queryRows<{
    minute: Date | string;
    comments: number;
    carts: number;
    paid: number;
    revenue_cents: number | string;
  }>(
    ctx.db,
    sql`SELECT minute, sum(comments)::int AS comments, sum(carts)::int AS carts, sum(paid)::int AS paid,
          sum(revenue_cents)::bigint AS revenue_cents
        FROM (
          SELECT date_trunc('minute', created_time) AS minute, 1 AS comments, 0 AS carts, 0 AS paid,
            0 AS revenue_cents
          FROM live_comments WHERE session_id = ${s.id} AND seller_id = ${s.seller_id}
          UNION ALL
          SELECT date_trunc('minute', o.created_at), 0, 1, 0, 0 FROM orders o WHERE ${orders}
          UNION ALL
          SELECT date_trunc('minute', coalesce(o.paid_at, o.updated_at)), 0, 0, 1, o.total_amount_cents
          FROM orders o WHERE ${orders} AND ${IS_PAID}
        ) t
        GROUP BY minute ORDER BY minute`,
  );
  return rows.map((r) => ({
    minute: toIso(r.minute) as string,
    comments: Number(r.comments),
    carts: Number(r.carts),
    paid: Number(r.paid),
    revenue: toEuros(r.revenue_cents),
  }));
}

/** Reminds the shoppers of unpaid carts of the seller's live (POST livesession/{id}/report/remind). */
export async function remindLiveCarts(
  ctx: Ctx,
  id: number,
  orderIds: number[],
): Promise<TLiveReportRemindResult> {
  const s = await reportedSession(ctx, id);
  const { storeName } = await storeContext(ctx.db, s.seller_id, s.store_id);
  return remindUnpaidCarts(ctx.db, {
    sellerId: s.seller_id,
    sessionId: s.id,
    orderIds,
    storeName,
    env: { publicUrl: ctx.config.publicUrl, authSecret: ctx.config.authSecret },
  });
}
