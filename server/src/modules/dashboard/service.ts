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
import { type ListDef, runList } from '../../lib/list.ts';
import { toEuros } from '../../lib/money.ts';
import { type Cond, inDays, queryRows, toIso, whereOf } from '../../lib/sql.ts';
import { type BestShopper, bestShoppers } from '../buyers/figures.ts';
import {
  accountName,
  IS_COUNTED,
  IS_PAID,
  IS_REFUNDED,
  ORDER_SHOPPER_NAME,
  ORDERS_WITH_SHOPPER,
  SHOPPER_KEY,
  SHOPPER_NAME,
  SHOPPER_USER_ID,
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
  const scope = [sellerId !== undefined && sql`o.seller_id = ${sellerId}`, ...days];
  // The whole history: the shoppers are those of the Shoppers list's figures, kept up to date (a
  // large seller's 100,000 orders, or admin's million, are not grouped again on every call). Days
  // are computed from the orders.
  const whole = !q.queryFilter.from && !q.queryFilter.to;
  return whole ? sellerDashboardFromFigures(ctx, q, sellerId, scope) : sellerDashboard(ctx, q, scope);
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

interface BuyerRow {
  key: string;
  id: number | null;
  /** The name the shopper's orders give when their account has none (or for a commenter). */
  order_name: string | null;
  orders_count: number;
  spent_cents: number | string;
}

/**
 * The shoppers of the scope, those who spent most first. Grouped without their accounts: an
 * account's name is the same on each of its orders, so `SHOPPER_NAME`'s largest value is that name
 * when it has one, else the largest of the orders' own names; the page's accounts are named after
 * ({@link withAccountNames}), rather than every account of the period's orders joined.
 */
const topBuyers = (scope: Cond[]): ListDef<TDashboardQuery, BuyerRow, BuyerRow> => ({
  select: sql`${SHOPPER_KEY} AS key, max(${SHOPPER_USER_ID}) AS id,
    max(${ORDER_SHOPPER_NAME}) AS order_name,
    count(*)::int AS orders_count,
    coalesce(sum(o.total_amount_cents) FILTER (WHERE ${IS_PAID}), 0)::bigint AS spent_cents`,
  from: sql`orders o LEFT JOIN social_identities si ON si.id = o.social_identity_id`,
  where: () => [...scope, sql`${SHOPPER_KEY} IS NOT NULL`],
  groupBy: SHOPPER_KEY,
  order: { fixed: sql`spent_cents DESC, orders_count DESC, key ASC` },
  map: (r) => r,
});

/** A page of {@link topBuyers} with their names: the account's when it has one, else the orders'. */
async function withAccountNames(
  ctx: Ctx,
  page: { count: number; items: BuyerRow[] },
): Promise<{ count: number; items: TDashboardBuyer[] }> {
  const ids = page.items.flatMap((r) => (r.id === null ? [] : [r.id]));
  const accounts = ids.length
    ? await queryRows<{ id: number; name: string | null }>(
        ctx.db,
        sql`SELECT u.id, ${accountName('u')} AS name FROM users u
            WHERE u.id = ANY(${`{${ids.join(',')}}`}::int[])`,
      )
    : [];
  const nameOf = new Map(accounts.map((a) => [a.id, a.name]));
  return {
    count: page.count,
    items: page.items.map((r) => ({
      id: r.id,
      key: r.key,
      name: (r.id === null ? null : nameOf.get(r.id)) ?? r.order_name,
      orders_count: Number(r.orders_count),
      total_spent: toEuros(r.spent_cents),
    })),
  };
}

/** The money and the open carts of the orders `o` in scope (read from one index for a seller). */
const TOTALS = sql`coalesce(sum(o.total_amount_cents) FILTER (WHERE ${IS_PAID}), 0)::bigint AS amount,
  coalesce(sum(o.total_amount_cents) FILTER (WHERE ${IS_REFUNDED}), 0)::bigint AS refund,
  coalesce(sum(o.shipping_cents) FILTER (WHERE ${IS_PAID}), 0)::bigint AS shipping,
  count(*) FILTER (WHERE o.status = 'new')::int AS pending`;

async function sellerDashboard(ctx: Ctx, q: TDashboardQuery, scope: Cond[]): Promise<TSellerDashboard> {
  // one pass over the scope's orders: the totals, and the counts of both lists (its orders, and
  // its distinct shoppers: the groups of the top shoppers), so neither list counts them again
  const [t] = await queryRows<
    Record<'amount' | 'refund' | 'shipping' | 'pending' | 'buyers' | 'orders', number | string>
  >(
    ctx.db,
    sql`SELECT ${TOTALS}, count(DISTINCT ${SHOPPER_KEY})::int AS buyers, count(*)::int AS orders
        FROM ${ORDERS_WITH_SHOPPER}${whereOf(scope)}`,
  );
  const counted = (n: number | string) => () => sql`SELECT ${Number(n)}::int AS count`;
  return {
    totals: {
      total_amount: toEuros(t.amount),
      total_refund: toEuros(t.refund),
      total_buyers: Number(t.buyers),
      total_pending: Number(t.pending),
      total_shipping: toEuros(t.shipping),
    },
    orders: await runList(ctx.db, { ...latestOrders(scope), keptCount: counted(t.orders) }, q),
    buyers: await withAccountNames(
      ctx,
      await runList(ctx.db, { ...topBuyers(scope), keptCount: counted(t.buyers) }, q),
    ),
  };
}

/** {@link sellerDashboard} of the whole history (of a seller, or of all), its shoppers from their figures. */
async function sellerDashboardFromFigures(
  ctx: Ctx,
  q: TDashboardQuery,
  sellerId: number | undefined,
  scope: Cond[],
): Promise<TSellerDashboard> {
  const best = await bestShoppers(ctx.db, sellerId, q);
  // the totals and the number of orders from the orders' status counts, not the orders themselves
  const t = await statusTotalsOf(ctx.db, sellerId);
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
      { ...latestOrders(scope), keptCount: () => sql`SELECT ${t.orders}::int AS count` },
      q,
    ),
    buyers: { count: best.count, items: await withNames(ctx, sellerId, best.items) },
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
        WHERE ${IS_COUNTED}
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
