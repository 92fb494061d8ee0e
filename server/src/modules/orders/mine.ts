import { ORDER_STATUSES } from '@livecart/contract/constants';
import type {
  TShopperItemsStatuses,
  TShopperOrder,
  TShopperOrderLine,
  TShopperOrderList,
  TShopperOrderListQuery,
} from '@livecart/contract/shopperOrders';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { type ListDef, runList } from '../../lib/list.ts';
import { toEuros } from '../../lib/money.ts';
import { containsAny, inDays, queryRows, toIso } from '../../lib/sql.ts';
import { IS_COUNTED } from './figures.ts';
import { linesByOrder } from './lines.ts';

/*
 * The shopper's own orders (SPEC §2 buyer Orders, §7 GET orders/fetch-items for a buyer): every
 * order of theirs across merchants — the ones on their account, and those of a social identity
 * they linked that no account claims yet (the dashboard's rule) — with lines, merchant, invoice
 * number, whether it can still be paid, and counts per status. Empty open carts (a waiting
 * viewer's link) are no orders and are not listed.
 */

/** The orders of shopper `userId`. */
const ownedBy = (userId: number): SQL =>
  sql`(o.buyer_id = ${userId} OR (o.buyer_id IS NULL AND o.social_identity_id IN (
    SELECT id FROM social_identities WHERE user_id = ${userId})))`;

/** The name a checkout link shows: the session's store, else the seller's company, else their name. */
const MERCHANT = sql.raw(
  `coalesce(st.name, s.company_name, nullif(trim(concat_ws(' ', s.first_name, s.last_name)), ''), '')`,
);

const FROM = sql.raw(
  'orders o JOIN users s ON s.id = o.seller_id ' +
    'LEFT JOIN live_sessions ls ON ls.id = o.session_id ' +
    'LEFT JOIN stores st ON st.id = ls.store_id ' +
    'LEFT JOIN invoices inv ON inv.order_id = o.id',
);

const CAN_PAY = sql.raw(
  `(o.status = 'new' AND (o.expires_at IS NULL OR o.expires_at > now()) ` +
    `AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id))`,
);

interface Row {
  id: number;
  order_number: string;
  status: TShopperOrder['status'];
  created_at: Date | string;
  expires_at: Date | string | null;
  paid_at: Date | string | null;
  seller_id: number;
  merchant: string;
  shipping_amount_cents: number;
  total_amount_cents: number;
  can_pay: boolean;
  invoice_number: string | null;
}

function shopperOrders(userId: number): ListDef<TShopperOrderListQuery, Row, TShopperOrder> {
  return {
    select: sql`o.id, o.order_number, o.status, o.created_at, o.expires_at, o.paid_at, o.seller_id,
      ${MERCHANT} AS merchant, o.shipping_cents AS shipping_amount_cents, o.total_amount_cents,
      ${CAN_PAY} AS can_pay, inv.number AS invoice_number`,
    from: FROM,
    where: ({ queryFilter: f }) => [
      ownedBy(userId),
      IS_COUNTED,
      f.status && sql`o.status = ${f.status}`,
      ...inDays(sql`o.created_at`, f.created_at),
      !!f.order_number?.trim() && containsAny([sql`o.order_number`], f.order_number),
    ],
    search: [sql`o.order_number`, MERCHANT],
    order: {
      columns: {
        created_at: sql`o.created_at`,
        order_number: sql`o.order_number`,
        status: sql`o.status`,
        order_amount: sql`o.total_amount_cents`,
      },
      tieBreaker: sql`o.id`,
      notNull: ['created_at', 'order_number', 'status', 'order_amount'],
    },
    map: (r) => ({
      id: r.id,
      order_number: r.order_number,
      status: r.status,
      created_at: toIso(r.created_at) as string,
      expires_at: toIso(r.expires_at),
      paid_at: toIso(r.paid_at),
      seller_id: r.seller_id,
      merchant: r.merchant,
      store_name: r.merchant,
      shipping_amount: toEuros(r.shipping_amount_cents),
      total_amount: toEuros(r.total_amount_cents),
      items: [],
      can_pay: r.can_pay === true || (r.can_pay as unknown) === 't',
      invoice_number: r.invoice_number,
    }),
  };
}

async function statusCounts(ctx: Ctx, userId: number): Promise<TShopperItemsStatuses> {
  const rows = await queryRows<{ status: string; count: number }>(
    ctx.db,
    sql`SELECT o.status, count(*)::int AS count FROM orders o
        WHERE ${ownedBy(userId)} AND ${IS_COUNTED} GROUP BY o.status`,
  );
  const [waiting] = await queryRows<{ count: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS count FROM waiting_list w
        LEFT JOIN social_identities si ON si.id = w.social_identity_id
        WHERE w.status = 'waiting' AND coalesce(w.buyer_id, si.user_id) = ${userId}`,
  );
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<string, number>;
  for (const r of rows) counts[r.status] = Number(r.count);
  return { ...(counts as Omit<TShopperItemsStatuses, 'waiting'>), waiting: Number(waiting?.count ?? 0) };
}

/** GET orders/fetch-items for a shopper: a page of their orders, each with its lines. */
export async function listShopperOrders(ctx: Ctx, q: TShopperOrderListQuery): Promise<TShopperOrderList> {
  const user = ctx.user;
  if (!user) throw new AppError('unauthorized');
  const page = await runList(ctx.db, shopperOrders(user.id), q);
  const itemsStatuses = await statusCounts(ctx, user.id);
  if (!page.items.length) return { ...page, itemsStatuses };
  const byOrder = await linesByOrder(
    ctx.db,
    page.items.map((o) => o.id),
    ctx.locale,
  );
  for (const o of page.items) {
    o.items = (byOrder.get(o.id) ?? []).map(
      ({ product_id: _p, configuration_id: _c, ...line }): TShopperOrderLine => line,
    );
  }
  return { ...page, itemsStatuses };
}
