import {
  BUYER_DETAIL_LIMIT,
  type TBuyerComment,
  type TBuyerDetail,
  type TBuyerOrder,
  type TBuyerWaitingItem,
  type TShopperRef,
  ZBuyerListQuery,
} from '@livecart/contract/buyers';
import type { TOrderStatus } from '@livecart/contract/constants';
import { type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { parseListQuery, runList } from '../../lib/list.ts';
import { toEuros } from '../../lib/money.ts';
import { queryRows, toIso } from '../../lib/sql.ts';
import { CHECKOUT_EMAIL } from '../invoices/service.ts';
import { COMMENT_OUTCOME_NAMES } from '../live/comments.ts';
import { IS_COUNTED } from '../orders/figures.ts';
import { SELLER_NAME } from '../orders/sellerScope.ts';
import { scopeSeller, shopperList } from './service.ts';
import { identitiesOfShopper, ordersSource, waitingSource } from './shoppers.ts';

/** A shopper as the caller may read them: at one seller (a client), or an account across sellers (admin). */
export interface Shopper {
  sellerId: number | undefined;
  userId: number | null;
  identityId: number | null;
}

/**
 * The shopper `ref` names, in the caller's scope, or the 404 of a missing row: a seller reads
 * their own shoppers only (another seller's `seller_id` is ignored, their own scope stays), admin
 * a client of `seller_id` (the identity's seller when `identity_id` is given alone) or, with
 * `buyer_id` alone, the account across the platform. A commenter who has since signed in and
 * linked their identity is their account.
 */
export async function resolveShopper(ctx: Ctx, ref: TShopperRef): Promise<Shopper> {
  let sellerId = scopeSeller(ctx, ref.seller_id);
  let userId = ref.buyer_id ?? null;
  let identityId: number | null = null;
  if (ref.identity_id !== undefined) {
    const [identity] = await queryRows<{ seller_id: number; user_id: number | null }>(
      ctx.db,
      sql`SELECT si.seller_id, si.user_id FROM social_identities si WHERE si.id = ${ref.identity_id}`,
    );
    if (!identity || (sellerId !== undefined && identity.seller_id !== sellerId)) throw notFound();
    sellerId = identity.seller_id;
    if (identity.user_id === null) identityId = ref.identity_id;
    else userId = identity.user_id;
  }
  return { sellerId, userId, identityId };
}

/** The shopper's row of the list (their figures and details), or the 404 of a missing one. */
async function shopperRow(ctx: Ctx, s: Shopper) {
  const view = s.sellerId === undefined ? 'shoppers' : 'clients';
  const q = parseListQuery(ZBuyerListQuery, {
    view,
    queryFilter: JSON.stringify(s.userId !== null ? { buyer_id: s.userId } : { identity_id: s.identityId }),
  });
  const { items } = await runList(ctx.db, shopperList(ctx, view, s.sellerId, s), q);
  if (!items[0]) throw notFound();
  return items[0];
}

/** The shopper as the list shows them, or 404 when they are not a shopper in the caller's scope. */
export async function findShopper(ctx: Ctx, ref: TShopperRef) {
  const shopper = await resolveShopper(ctx, ref);
  return { shopper, row: await shopperRow(ctx, shopper) };
}

/** The seller's rows only, when the shopper is read as one seller's client. */
const sellerOf = (s: Shopper) => (s.sellerId === undefined ? sql`true` : sql`o.seller_id = ${s.sellerId}`);

const SESSION_TITLE = sql.raw(
  `coalesce(nullif(trim(ls.scenario), ''), to_char(ls.event_date, 'DD/MM/YYYY') || ' ' || left(ls.event_time::text, 5))`,
);

async function ordersOf(ctx: Ctx, s: Shopper): Promise<TBuyerOrder[]> {
  const rows = await queryRows<{
    id: number;
    order_number: string;
    status: TOrderStatus;
    created_at: Date | string;
    paid_at: Date | string | null;
    total_amount_cents: number;
    items_count: number | string;
    seller_id: number;
    seller_name: string | null;
  }>(
    ctx.db,
    sql`SELECT o.id, o.order_number, o.status, o.created_at, o.paid_at, o.total_amount_cents,
          (SELECT coalesce(sum(i.quantity), 0) FROM order_items i WHERE i.order_id = o.id) AS items_count,
          o.seller_id, ${SELLER_NAME} AS seller_name
        FROM ${ordersSource(s)} JOIN users s ON s.id = o.seller_id
        WHERE ${sellerOf(s)} AND ${IS_COUNTED}
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${BUYER_DETAIL_LIMIT}`,
  );
  return rows.map((r) => ({
    id: r.id,
    order_number: r.order_number,
    status: r.status,
    created_at: toIso(r.created_at) as string,
    paid_at: toIso(r.paid_at),
    total_amount: toEuros(r.total_amount_cents),
    items_count: Number(r.items_count),
    seller_id: r.seller_id,
    seller_name: r.seller_name,
  }));
}

/** Their comments at the seller's lives (every seller's for an account read by admin), newest first. */
async function commentsOf(ctx: Ctx, s: Shopper): Promise<{ count: number; items: TBuyerComment[] }> {
  const scope: SQL = sql`c.social_identity_id IN (${identitiesOfShopper(s, s.sellerId)})${
    s.sellerId === undefined ? sql.empty() : sql` AND c.seller_id = ${s.sellerId}`
  }`;
  const [[{ count }], rows] = await Promise.all([
    queryRows<{ count: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS count FROM live_comments c WHERE ${scope}`,
    ),
    queryRows<{
      id: number;
      message: string;
      created_time: Date | string;
      session_id: number;
      session_title: string;
      outcome: keyof typeof COMMENT_OUTCOME_NAMES | null;
      order_number: string | null;
    }>(
      ctx.db,
      // the cart a comment went to is named by its reply's outbox row (as the live console reads it)
      sql`SELECT c.id, c.message, c.created_time, c.session_id, ${SESSION_TITLE} AS session_title, c.outcome,
            ob.payload->>'orderNumber' AS order_number
          FROM live_comments c JOIN live_sessions ls ON ls.id = c.session_id
            LEFT JOIN outbox ob ON ob.dedupe_key = 'reply:' || c.session_id || ':' || c.external_id
          WHERE ${scope}
          ORDER BY c.created_time DESC, c.id DESC LIMIT ${BUYER_DETAIL_LIMIT}`,
    ),
  ]);
  return {
    count,
    items: rows.map((r) => ({
      id: r.id,
      message: r.message,
      created_time: toIso(r.created_time) as string,
      session_id: r.session_id,
      session_title: r.session_title,
      outcome: r.outcome ? COMMENT_OUTCOME_NAMES[r.outcome] : null,
      order_number: r.order_number,
    })),
  };
}

/** The articles they wait for (waiting rows still waiting), newest first, named in the reader's language. */
async function waitingOf(ctx: Ctx, s: Shopper): Promise<{ count: number; items: TBuyerWaitingItem[] }> {
  const scope = sql`w.status = 'waiting'${s.sellerId === undefined ? sql.empty() : sql` AND w.seller_id = ${s.sellerId}`}`;
  const en = ctx.locale === 'en';
  const [[{ count }], rows] = await Promise.all([
    queryRows<{ count: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS count FROM ${waitingSource(s)} WHERE ${scope}`,
    ),
    queryRows<{
      id: number;
      product_id: number;
      product_name: string;
      color: string | null;
      size: string | null;
      quantity: number;
      created_at: Date | string;
      session_id: number | null;
    }>(
      ctx.db,
      sql`SELECT w.id, w.product_id, p.name AS product_name, ${en ? sql`co.name_en` : sql`co.name_fr`} AS color,
            ${en ? sql`sz.name_en` : sql`sz.name_fr`} AS size, w.quantity, w.created_at, w.session_id
          FROM ${waitingSource(s)} JOIN products p ON p.id = w.product_id
            LEFT JOIN product_configurations pc ON pc.id = w.configuration_id
            LEFT JOIN colors co ON co.id = pc.color_id
            LEFT JOIN sizes sz ON sz.id = pc.size_id
          WHERE ${scope}
          ORDER BY w.created_at DESC, w.id DESC LIMIT ${BUYER_DETAIL_LIMIT}`,
    ),
  ]);
  return {
    count,
    items: rows.map((r) => ({
      id: r.id,
      product_id: r.product_id,
      product_name: r.product_name,
      color: r.color,
      size: r.size,
      quantity: Number(r.quantity),
      created_at: toIso(r.created_at) as string,
      session_id: r.session_id,
    })),
  };
}

/**
 * The e-mail their orders at this seller carry: the one given at the latest checkout, else the
 * account's (as the Orders screen shows it). Admin reading an account: the account's.
 */
async function emailOf(ctx: Ctx, s: Shopper, accountEmail: string | null): Promise<string | null> {
  if (s.sellerId === undefined) return accountEmail;
  const [row] = await queryRows<{ email: string | null }>(
    ctx.db,
    sql`SELECT coalesce(
          (SELECT e.email FROM (SELECT ${CHECKOUT_EMAIL} AS email, o.created_at, o.id FROM ${ordersSource(s)}
             WHERE ${sellerOf(s)}) e
           WHERE e.email IS NOT NULL ORDER BY e.created_at DESC, e.id DESC LIMIT 1),
          (SELECT coalesce(u.email, u.email_real) FROM users u WHERE u.id = ${s.userId}::int)) AS email`,
  );
  return row?.email ?? null;
}

/** GET buyers/fetch-item: one shopper with their orders, live comments and waiting items. */
export async function fetchBuyer(ctx: Ctx, ref: TShopperRef): Promise<TBuyerDetail> {
  const { shopper, row } = await findShopper(ctx, ref);
  const [orders, comments, waiting, email] = await Promise.all([
    ordersOf(ctx, shopper),
    commentsOf(ctx, shopper),
    waitingOf(ctx, shopper),
    emailOf(ctx, shopper, row.email),
  ]);
  return {
    ...row,
    email,
    orders,
    comments: comments.items,
    comments_count: comments.count,
    waiting: waiting.items,
    waiting_count: waiting.count,
  };
}
