import { ROLE } from '@livecart/contract/constants';
import type {
  TBuyerDashboard,
  TDashboard,
  TDashboardBuyer,
  TDashboardOrder,
  TDashboardQuery,
  TSellerDashboard,
} from '@livecart/contract/dashboard';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { type ListDef, runList, runPage } from '../../lib/list.ts';
import { toEuros } from '../../lib/money.ts';
import { type Cond, inDays, queryRows, toIso, whereOf } from '../../lib/sql.ts';
import { type BestShopper, bestShoppers } from '../buyers/figures.ts';
import {
  IS_COUNTED,
  IS_PAID,
  IS_REFUNDED,
  ORDERS_WITH_SHOPPER,
  ORDERS_WITH_SHOPPER_NUMBER,
  SHOPPER_KEY,
  SHOPPER_NAME,
  SHOPPER_NUMBER,
} from '../orders/figures.ts';
import { statusTotalsOf } from '../orders/statusCounts.ts';

/** The dashboard of the caller: a shopper's own orders, a seller's shop, or the admin's platform. */
export function getDashboard(ctx: Ctx, q: TDashboardQuery): Promise<TDashboard> {
  const user = ctx.user;
  if (!user) throw new AppError('unauthorized');
  // Empty open carts (a waiting viewer's link) are no orders: not listed, not pending, no shopper.
  const days = [IS_COUNTED, ...inDays(sql`o.created_at`, q.queryFilter)];
  if (user.role_id === ROLE.buyer) {
    // Their orders, and those of the social identity they linked that no account claims yet.
    const own = sql`(o.buyer_id = ${user.id} OR (o.buyer_id IS NULL AND o.social_identity_id IN (
      SELECT id FROM social_identities WHERE user_id = ${user.id})))`;
    return buyerDashboard(ctx, q, [own, ...days]);
  }
  const sellerId = user.role_id === ROLE.seller ? user.id : q.queryFilter.seller_id;
  // The whole history: the shoppers are those of the Shoppers list's figures, kept up to date (a
  // large seller's 100,000 orders, or admin's million, are not grouped again on every call). Days
  // are computed from the orders.
  const whole = !q.queryFilter.from && !q.queryFilter.to;
  const scope = {
    sellerId,
    days,
    orders: [sellerId !== undefined && sql`o.seller_id = ${sellerId}`, ...days],
  };
  return whole ? sellerDashboardFromFigures(ctx, q, scope) : sellerDashboard(ctx, q, scope);
}

/** A seller's dashboard (every seller's for admin) on some days: `orders`, the conditions on `o`. */
interface Scope {
  sellerId: number | undefined;
  days: Cond[];
  orders: Cond[];
}

interface OrderRow {
  id: number;
  order_number: string;
  status: TDashboardOrder['status'];
  total_amount_cents: number;
  created_at: Date | string;
  buyer_name: string | null;
  seller_name: string | null;
}

/** The latest orders of the scope. */
const latestOrders = (scope: Cond[]): ListDef<TDashboardQuery, OrderRow, TDashboardOrder> => ({
  select: sql`o.id, o.order_number, o.status, o.total_amount_cents, o.created_at, ${SHOPPER_NAME} AS buyer_name,
    coalesce(nullif(s.company_name, ''), nullif(trim(concat_ws(' ', s.first_name, s.last_name)), '')) AS seller_name`,
  from: sql`${ORDERS_WITH_SHOPPER} LEFT JOIN users s ON s.id = o.seller_id`,
  // the scope reads the orders alone: counted from an index of theirs, without the joins
  countFrom: () => sql`orders o`,
  where: () => scope,
  order: { columns: { created_at: sql`o.created_at` }, tieBreaker: sql`o.id`, notNull: ['created_at'] },
  map: (r) => ({
    id: r.id,
    order_number: r.order_number,
    status: r.status,
    total_amount: toEuros(r.total_amount_cents),
    created_at: toIso(r.created_at) as string,
    buyer_name: r.buyer_name,
    seller_name: r.seller_name,
  }),
});

/**
 * The shoppers of the scope, those who spent most first (then the most orders, then by key), as
 * {@link BestShopper}s: grouped by their number (an integer hashes faster than the text key), and
 * named after, for the page only ({@link withNames}).
 */
const topBuyers = (scope: Cond[]): ListDef<TDashboardQuery, BestShopper, BestShopper> => ({
  select: sql`${SHOPPER_KEY} AS key,
    CASE WHEN ${SHOPPER_NUMBER} > 0 THEN ${SHOPPER_NUMBER}::int END AS user_id,
    CASE WHEN ${SHOPPER_NUMBER} < 0 THEN (-${SHOPPER_NUMBER})::int END AS identity_id,
    count(*)::int AS orders_count,
    coalesce(sum(o.total_amount_cents) FILTER (WHERE ${IS_PAID}), 0)::bigint AS total_cents`,
  from: ORDERS_WITH_SHOPPER_NUMBER,
  where: () => [...scope, sql`${SHOPPER_NUMBER} IS NOT NULL`],
  groupBy: SHOPPER_NUMBER,
  order: { fixed: sql`total_cents DESC, orders_count DESC, key ASC` },
  map: (r) => r,
});

/** The money and the open carts of the orders `o` in scope (read from one index for a seller). */
const TOTALS = sql`coalesce(sum(o.total_amount_cents) FILTER (WHERE ${IS_PAID}), 0)::bigint AS amount,
  coalesce(sum(o.total_amount_cents) FILTER (WHERE ${IS_REFUNDED}), 0)::bigint AS refund,
  coalesce(sum(o.shipping_cents) FILTER (WHERE ${IS_PAID}), 0)::bigint AS shipping,
  count(*) FILTER (WHERE o.status = 'new')::int AS pending`;

async function sellerDashboard(ctx: Ctx, q: TDashboardQuery, s: Scope): Promise<TSellerDashboard> {
  // one pass over the scope's orders: the totals, and the counts of both lists (its orders, and
  // its distinct shoppers: the groups of the top shoppers), so neither list counts them again; the
  // lists' pages are read alongside (a period's orders are many: three statements at once)
  const [[t], orders, buyers] = await Promise.all([
    queryRows<Record<'amount' | 'refund' | 'shipping' | 'pending' | 'buyers' | 'orders', number | string>>(
      ctx.db,
      sql`SELECT ${TOTALS}, count(DISTINCT ${SHOPPER_NUMBER})::int AS buyers, count(*)::int AS orders
          FROM ${ORDERS_WITH_SHOPPER_NUMBER}${whereOf(s.orders)}`,
    ),
    runPage(ctx.db, latestOrders(s.orders), q),
    runPage(ctx.db, topBuyers(s.orders), q),
  ]);
  return {
    totals: {
      total_amount: toEuros(t.amount),
      total_refund: toEuros(t.refund),
      total_buyers: Number(t.buyers),
      total_pending: Number(t.pending),
      total_shipping: toEuros(t.shipping),
    },
    orders: { count: Number(t.orders), items: orders },
    buyers: { count: Number(t.buyers), items: await withNames(ctx, s.sellerId, buyers, s.days) },
  };
}

/** {@link sellerDashboard} of the whole history (of a seller, or of all), its shoppers from their figures. */
async function sellerDashboardFromFigures(ctx: Ctx, q: TDashboardQuery, s: Scope): Promise<TSellerDashboard> {
  const best = await bestShoppers(ctx.db, s.sellerId, q);
  // the totals and the number of orders from the orders' status counts, not the orders themselves
  const t = await statusTotalsOf(ctx.db, s.sellerId);
  return {
    totals: {
      total_amount: toEuros(t.amountCents),
      total_refund: toEuros(t.refundCents),
      total_buyers: best.count,
      total_pending: t.pending,
      total_shipping: toEuros(t.shippingCents),
    },
    orders: await runList(
      ctx.db,
      { ...latestOrders(s.orders), keptCount: () => sql`SELECT ${t.orders}::int AS count` },
      q,
    ),
    buyers: { count: best.count, items: await withNames(ctx, s.sellerId, best.items) },
  };
}

/**
 * The names of a page of shoppers, as {@link topBuyers} writes them, from their own orders (at the
 * seller, or anywhere for admin), found by their account or their identities through the orders'
 * shopper indexes.
 */
async function withNames(
  ctx: Ctx,
  sellerId: number | undefined,
  shoppers: BestShopper[],
  /** Their orders on these days only (the dashboard of a period); none: every order counted. */
  days: Cond[] = [IS_COUNTED],
): Promise<TDashboardBuyer[]> {
  if (!shoppers.length) return [];
  const users = `{${shoppers.flatMap((s) => (s.user_id === null ? [] : [s.user_id])).join(',')}}`;
  const identities = `{${shoppers.flatMap((s) => (s.identity_id === null ? [] : [s.identity_id])).join(',')}}`;
  const atSeller = (column: SQL) => (sellerId === undefined ? sql`true` : sql`${column} = ${sellerId}`);
  const names = await queryRows<{ key: string; name: string | null }>(
    ctx.db,
    // two index probes (by account, by identity) rather than one OR that reads every order of the seller
    sql`SELECT ${SHOPPER_KEY} AS key, max(${SHOPPER_NAME}) AS name
        FROM (SELECT * FROM orders WHERE ${atSeller(sql`seller_id`)} AND buyer_id = ANY(${users}::int[])
              UNION ALL
              SELECT * FROM orders WHERE ${atSeller(sql`seller_id`)} AND buyer_id IS NULL AND social_identity_id IN (
                SELECT id FROM social_identities
                WHERE ${atSeller(sql`seller_id`)} AND (user_id = ANY(${users}::int[]) OR id = ANY(${identities}::int[])))) o
        LEFT JOIN social_identities si ON si.id = o.social_identity_id
        LEFT JOIN users b ON b.id = coalesce(o.buyer_id, si.user_id)
        ${whereOf(days)}
        GROUP BY 1`,
  );
  const nameOf = new Map(names.map((n) => [n.key, n.name]));
  return shoppers.map((s) => ({
    id: s.user_id,
    key: s.key,
    name: nameOf.get(s.key) ?? null,
    orders_count: s.orders_count,
    total_spent: toEuros(s.total_cents),
  }));
}

async function buyerDashboard(ctx: Ctx, q: TDashboardQuery, scope: Cond[]): Promise<TBuyerDashboard> {
  const [t] = await queryRows<{ orders: number; spent: number | string }>(
    ctx.db,
    sql`SELECT count(*)::int AS orders,
               coalesce(sum(o.total_amount_cents) FILTER (WHERE ${IS_PAID}), 0)::bigint AS spent
        FROM ${ORDERS_WITH_SHOPPER}${whereOf(scope)}`,
  );
  return {
    totals: { orders: Number(t.orders), total_spent: toEuros(t.spent) },
    orders: await runList(ctx.db, latestOrders(scope), q),
  };
}
