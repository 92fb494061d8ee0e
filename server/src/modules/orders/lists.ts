import type {
  TLiveCart,
  TLiveCartList,
  TLiveCartListQuery,
  TWaitingFilters,
  TWaitingItem,
  TWaitingList,
  TWaitingListQuery,
} from '@livecart/contract/orders';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../lib/http.ts';
import { type ListDef, runList } from '../../lib/list.ts';
import { toEuros } from '../../lib/money.ts';
import { containsAny, containsFolded, inDays, inRange, queryRows, toIso } from '../../lib/sql.ts';
import { firstPhotos } from '../products/photos.ts';
import { sellerOf } from '../products/service.ts';
import { ORDERS_WITH_SHOPPER, SHOPPER_NAME } from './figures.ts';
import { linesByOrder } from './lines.ts';

/*
 * The read-only lists of the live engine: Live Carts (open carts with their lines and countdown)
 * and the waiting list grouped by configuration, with the waiting list's filter data.
 * Every query is scoped to the calling seller.
 */

// ---------------------------------------------------------------------------------------------
// Live Carts

interface CartRow {
  id: number;
  order_number: string;
  created_at: Date | string;
  expires_at: Date | string | null;
  session_id: number | null;
  shopper: string | null;
  total_amount_cents: number;
}

function liveCartList(sellerId: number): ListDef<TLiveCartListQuery, CartRow, TLiveCart> {
  return {
    select: sql`o.id, o.order_number, o.created_at, o.expires_at, o.session_id, ${SHOPPER_NAME} AS shopper,
      o.total_amount_cents`,
    from: ORDERS_WITH_SHOPPER,
    where: ({ queryFilter: f }) => [
      sql`o.seller_id = ${sellerId}`,
      sql`o.status = 'new'`,
      sql`EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)`,
      f.session_id && sql`o.session_id = ${f.session_id}`,
      !!f.order_number?.trim() && containsAny([sql`o.order_number`], f.order_number),
    ],
    search: [sql`o.order_number`, SHOPPER_NAME],
    order: {
      columns: {
        created_at: sql`o.created_at`,
        order_number: sql`o.order_number`,
        expires_at: sql`o.expires_at`,
        total_amount: sql`o.total_amount_cents`,
      },
      tieBreaker: sql`o.id`,
      notNull: ['created_at', 'order_number', 'total_amount'],
    },
    map: (r) => ({
      id: r.id,
      order_number: r.order_number,
      created_at: toIso(r.created_at) as string,
      expires_at: toIso(r.expires_at),
      session_id: r.session_id,
      shopper: r.shopper,
      products: [],
      total_amount: toEuros(r.total_amount_cents),
    }),
  };
}

/** GET orders/fetch-live-items: a page of the seller's open carts, each with its lines. */
export async function listLiveCarts(ctx: Ctx, q: TLiveCartListQuery): Promise<TLiveCartList> {
  const sellerId = sellerOf(ctx);
  const page = await runList(ctx.db, liveCartList(sellerId), q);
  const serverTime = new Date().toISOString();
  if (!page.items.length) return { ...page, serverTime };
  const byOrder = await linesByOrder(
    ctx.db,
    page.items.map((c) => c.id),
    ctx.locale,
    sellerId,
  );
  for (const cart of page.items) cart.products = byOrder.get(cart.id) ?? [];
  return { ...page, serverTime };
}

// ---------------------------------------------------------------------------------------------
// Waiting list

/** The shopper's account: on the waiting row, or through the social identity they linked. */
const WAITING_USER_ID = sql`coalesce(w.buyer_id, si.user_id)`;
/** One shopper counted once: their account, else their social identity, else the row itself. */
const WAITING_SHOPPER_KEY = sql`coalesce('u' || ${WAITING_USER_ID}, 's' || w.social_identity_id, 'w' || w.id)`;
const TOTAL_QTY = sql`sum(w.quantity)`;
const TOTAL_PRICE_CENTS = sql`(sum(w.quantity) * c.price_cents)`;
const WAITING_COUNT = sql`count(DISTINCT ${WAITING_SHOPPER_KEY})`;
const OLDEST = sql`min(w.comment_time)`;

const WAITING_FROM = sql`waiting_list w
  JOIN product_configurations c ON c.id = w.configuration_id
  JOIN products p ON p.id = w.product_id
  LEFT JOIN colors col ON col.id = c.color_id
  LEFT JOIN sizes sz ON sz.id = c.size_id
  LEFT JOIN social_identities si ON si.id = w.social_identity_id`;

/** The waiting rows of a seller still waiting, on products not deleted. */
const waitingScope = (sellerId: number) => [
  sql`w.seller_id = ${sellerId}`,
  sql`w.status = 'waiting'`,
  sql`p.deleted_at IS NULL`,
];

interface WaitingRow {
  configuration_id: number;
  product_id: number;
  name: string;
  reference: string | null;
  color: string | null;
  size: string | null;
  price_cents: number;
  total_qty: number;
  total_price_cents: number | string;
  waiting_count: number;
  stock: number;
  session_ids: number[] | string | null;
  created_at: Date | string;
}

/** An int array from the driver: a JS array (node-postgres, PGlite) or its text form `{1,2}`. */
function intArray(v: number[] | string | null): number[] {
  if (v == null) return [];
  if (Array.isArray(v)) return v.map(Number);
  return v
    .replace(/[{}]/g, '')
    .split(',')
    .filter((s) => s !== '' && s !== 'NULL')
    .map(Number);
}

function waitingList(ctx: Ctx, sellerId: number): ListDef<TWaitingListQuery, WaitingRow, TWaitingItem> {
  const lang = sql.raw(ctx.locale === 'en' ? 'en' : 'fr');
  return {
    select: sql`c.id AS configuration_id, p.id AS product_id, p.name, coalesce(c.sku, p.sku) AS reference,
      col.name_${lang} AS color, sz.name_${lang} AS size, c.price_cents, ${TOTAL_QTY}::int AS total_qty,
      ${TOTAL_PRICE_CENTS}::bigint AS total_price_cents, ${WAITING_COUNT}::int AS waiting_count,
      c.quantity AS stock,
      array_agg(DISTINCT w.session_id) FILTER (WHERE w.session_id IS NOT NULL) AS session_ids,
      ${OLDEST} AS created_at`,
    from: WAITING_FROM,
    where: ({ queryFilter: f }) => [
      ...waitingScope(sellerId),
      !!f.product_search?.trim() &&
        containsFolded(
          [sql`p.name_search`, sql`lower(coalesce(p.sku, ''))`, sql`lower(coalesce(c.sku, ''))`],
          f.product_search,
        ),
      ...inDays(sql`w.created_at`, f.created_at),
      f.buyer_id && sql`${WAITING_USER_ID} = ${f.buyer_id}`,
      f.social_identity_id && sql`w.social_identity_id = ${f.social_identity_id}`,
    ],
    search: [sql`p.name`, sql`p.sku`, sql`c.sku`],
    groupBy: sql`c.id, p.id, col.id, sz.id`,
    having: ({ queryFilter: f }) => [
      ...inRange(TOTAL_QTY, f.total_qty),
      ...inRange(TOTAL_PRICE_CENTS, f.total_amount, 100),
    ],
    order: {
      columns: {
        total_qty: TOTAL_QTY,
        total_price: TOTAL_PRICE_CENTS,
        waiting_count: WAITING_COUNT,
        created_at: OLDEST,
      },
      tieBreaker: sql`c.id`,
      notNull: ['total_qty', 'total_price', 'waiting_count', 'created_at'],
    },
    map: (r) => ({
      configuration_id: r.configuration_id,
      product_id: r.product_id,
      name: r.name,
      photo: null,
      reference: r.reference,
      color: r.color,
      size: r.size,
      price: toEuros(r.price_cents),
      total_qty: r.total_qty,
      total_price: toEuros(r.total_price_cents),
      waiting_count: r.waiting_count,
      stock: r.stock,
      session_ids: intArray(r.session_ids).sort((a, b) => a - b),
      created_at: toIso(r.created_at) as string,
    }),
  };
}

/** GET orders/fetch-waiting-items: configurations with shoppers waiting, most wanted first. */
export async function listWaiting(ctx: Ctx, q: TWaitingListQuery): Promise<TWaitingList> {
  const sellerId = sellerOf(ctx);
  const page = await runList(ctx.db, waitingList(ctx, sellerId), q);
  const photos = await firstPhotos(ctx.db, [...new Set(page.items.map((i) => i.product_id))]);
  for (const item of page.items) {
    const photo = photos.get(item.product_id);
    item.photo = photo ? photo.thumb_url || photo.url : null;
  }
  return page;
}

// ---------------------------------------------------------------------------------------------
// Filter data

const nameOrder = sql.raw('name');

/** The waiting list's shoppers and group bounds. */
async function waitingFilters(ctx: Ctx, sellerId: number): Promise<TWaitingFilters> {
  const scope = sql.join(waitingScope(sellerId), sql` AND `);
  const buyers = await queryRows<{ id: number; name: string }>(
    ctx.db,
    sql`SELECT DISTINCT u.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, '') AS name
        FROM ${WAITING_FROM} JOIN users u ON u.id = ${WAITING_USER_ID}
        WHERE ${scope} ORDER BY ${nameOrder}`,
  );
  const shoppers = await queryRows<{ id: number; name: string }>(
    ctx.db,
    sql`SELECT DISTINCT si.id, coalesce(si.name, si.external_user_id, '') AS name
        FROM ${WAITING_FROM}
        WHERE ${scope} AND ${WAITING_USER_ID} IS NULL AND si.id IS NOT NULL ORDER BY ${nameOrder}`,
  );
  const [bounds] = await queryRows<{
    qty_min: number | null;
    qty_max: number | null;
    amount_min: number | string | null;
    amount_max: number | string | null;
  }>(
    ctx.db,
    sql`SELECT min(qty)::int AS qty_min, max(qty)::int AS qty_max,
          min(amount)::bigint AS amount_min, max(amount)::bigint AS amount_max
        FROM (SELECT ${TOTAL_QTY} AS qty, ${TOTAL_PRICE_CENTS} AS amount
              FROM ${WAITING_FROM} WHERE ${scope} GROUP BY c.id) AS groups`,
  );
  return {
    items: {
      buyers,
      shoppers,
      total_qty: { min: bounds?.qty_min ?? 0, max: bounds?.qty_max ?? 0 },
      total_amount: { min: toEuros(bounds?.amount_min), max: toEuros(bounds?.amount_max) },
    },
  };
}

/** GET orders/fetch-filters?type=waiting: the waiting list's shoppers and group bounds. */
export function fetchWaitingFilters(ctx: Ctx): Promise<TWaitingFilters> {
  return waitingFilters(ctx, sellerOf(ctx));
}
