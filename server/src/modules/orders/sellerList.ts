import { ORDER_STATUSES, ROLE, type TOrderStatus } from '@livecart/contract/constants';
import { BUYER_CHOICES, LIVE_SESSION_CHOICES, type TOrderFiltersQuery } from '@livecart/contract/orders';
import { invoiceUrl, type TPaymentKind } from '@livecart/contract/payments';
import type {
  TOrderHistoryEntry,
  TSellerItemsStatuses,
  TSellerOrder,
  TSellerOrderColumn,
  TSellerOrderDetail,
  TSellerOrderFilter,
  TSellerOrderFilters,
  TSellerOrderLine,
  TSellerOrderList,
  TSellerOrderListQuery,
} from '@livecart/contract/sellerOrders';
import { trackingUrl } from '@livecart/contract/tracking';
import { type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { toEuros } from '../../lib/money.ts';
import {
  type Cond,
  containsAny,
  containsFolded,
  inDays,
  inRange,
  queryRows,
  toIso,
  whereOf,
} from '../../lib/sql.ts';
import { refreshShopperFigures } from '../buyers/figures.ts';
import { CHECKOUT_EMAIL } from '../invoices/service.ts';
import { orderPayments, orderRefunds } from '../payments/rows.ts';
import { IS_COUNTED, ORDERS_WITH_SHOPPER, SHOPPER_USER_ID } from './figures.ts';
import { LINE_LABEL_JOINS, lineLabels } from './lines.ts';
import { searchMatches, searchMatchParts } from './search.ts';
import { LAST_PAYMENT_JOIN, SELLER_NAME, sellerScope } from './sellerScope.ts';
import { type ShipToRow, shipToColumns, shipToOf } from './shipTo.ts';
import { countsOf, statusCountsOf } from './statusCounts.ts';

/*
 * The Orders screen of a seller and of admin (SPEC §2 Orders, §3 orders columns, §7 Orders): the
 * caller's orders (admin: every seller's, or one seller's) filtered, searched and sorted, with
 * counts per status for the tabs. For a large seller the list is read in two steps: the page's
 * ids from `orders` and the joins its filters need (index on seller, status, created_at), then the
 * rows, lines and history of those ids only. Empty open carts (a waiting viewer's link) are no
 * orders and are not listed.
 */

/** The shopper's name: their account's, else the checkout address's, else the commenter's. */
const BUYER = sql.raw(
  `coalesce(nullif(trim(concat_ws(' ', b.first_name, b.last_name)), ''), ` +
    `nullif(trim(concat_ws(' ', o.ship_first_name, o.ship_last_name)), ''), si.name)`,
);
const BUYER_FIRST_NAME = sql.raw(
  `coalesce(nullif(trim(b.first_name), ''), nullif(trim(o.ship_first_name), ''), si.name)`,
);
/** The last payment as `provider:method` (the filter's `payment`), null before any payment. */
const PAYMENT_NAME = sql.raw(`(lp.provider || ':' || coalesce(lp.method, o.payment_method))`);

/** What a list query of the screen means in SQL, shared by the page, the counts and the export. */
export const SORT_COLUMNS: Record<TSellerOrderColumn, SQL> = {
  created_at: sql`o.created_at`,
  order_number: sql`o.order_number`,
  status: sql`o.status`,
  buyer_first_name: BUYER_FIRST_NAME,
  country_iso: sql`c.iso`,
  shipping_name: sql`o.shipping_method_name`,
  payment_name: PAYMENT_NAME,
  order_amount: sql`o.total_amount_cents`,
};
export const NOT_NULL_COLUMNS: readonly TSellerOrderColumn[] = [
  'created_at',
  'order_number',
  'status',
  'order_amount',
];

/** The joins the filters and sorts read (the last payment only when asked: it costs a lookup a row). */
export const filterFrom = (withPayment: boolean) =>
  sql`${ORDERS_WITH_SHOPPER} LEFT JOIN countries c ON c.id = o.country_id${
    withPayment ? sql` ${LAST_PAYMENT_JOIN}` : sql.empty()
  }`;

export interface SellerOrderQuery {
  queryFilter: TSellerOrderFilter;
  query?: string;
  column: TSellerOrderColumn;
}

/** The caller's scope, the filters and the search; the status filter apart (the tabs count without it). */
export function filterConds(ctx: Ctx, q: SellerOrderQuery): Cond[] {
  const f = q.queryFilter;
  const term = q.query?.trim();
  return [
    sellerScope(ctx, f.seller_id),
    IS_COUNTED,
    ...inDays(sql`o.created_at`, f.created_at),
    ...inRange(sql`o.total_amount_cents`, f.order_amount, 100),
    f.country_id && sql`o.country_id = ${f.country_id}`,
    f.shipping_id && sql`o.shipping_method_id = ${f.shipping_id}`,
    f.payment && sql`${PAYMENT_NAME} = ${f.payment}`,
    f.live_session_id && sql`o.session_id = ${f.live_session_id}`,
    f.buyer_id && sql`(o.buyer_id = ${f.buyer_id} OR (o.buyer_id IS NULL AND si.user_id = ${f.buyer_id}))`,
    !!term && sql`o.id IN (SELECT m.id FROM (${searchMatches(term, sellerScope(ctx, f.seller_id))}) m)`,
  ];
}

/** Whether the list is filtered beyond the caller's scope, the status tab and the search. */
const isFiltered = (f: TSellerOrderFilter) =>
  !!(
    f.created_at?.from ||
    f.created_at?.to ||
    f.order_amount?.min != null ||
    f.order_amount?.max != null ||
    f.country_id ||
    f.shipping_id ||
    f.payment ||
    f.live_session_id ||
    f.buyer_id
  );

/** `ORDER BY` of the list: the column, nulls last, then the id so pages never overlap. */
export function orderBy(q: { column: TSellerOrderColumn; sort: 'ASC' | 'DESC' }): SQL {
  const dir = sql.raw(q.sort === 'ASC' ? 'ASC' : 'DESC');
  const nulls = NOT_NULL_COLUMNS.includes(q.column) ? sql.empty() : sql` NULLS LAST`;
  return sql`${SORT_COLUMNS[q.column]} ${dir}${nulls}, o.id ${dir}`;
}

// ---------------------------------------------------------------------------------------------
// Rows of given orders

interface OrderRow {
  id: number;
  order_number: string;
  status: TOrderStatus;
  created_at: Date | string;
  paid_at: Date | string | null;
  shipped_at: Date | string | null;
  expires_at: Date | string | null;
  seller_id: number;
  seller_name: string | null;
  buyer_id: number | null;
  buyer: string | null;
  buyer_first_name: string | null;
  buyer_email: string | null;
  country_iso: string | null;
  country_name: string | null;
  shipping_id: number | null;
  shipping_name: string | null;
  payment_provider: TPaymentKind | null;
  payment_name: string | null;
  live_session_id: number | null;
  subtotal_cents: number;
  shipping_cents: number;
  total_amount_cents: number;
  refunded_cents: number | string;
  refundable_cents: number | string;
  carrier: string | null;
  tracking_number: string | null;
  invoice_number: string | null;
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The lines of orders `ids` by order, colour and size named in `locale`. */
async function linesOf(ctx: Ctx, ids: number[]): Promise<Map<number, TSellerOrderLine[]>> {
  const rows = await queryRows<{
    id: number;
    order_id: number;
    product_id: number | null;
    configuration_id: number | null;
    name: string;
    color_label: string | null;
    size_label: string | null;
    sku: string | null;
    quantity: number;
    unit_price_cents: number;
    photo: string | null;
  }>(
    ctx.db,
    sql`SELECT i.id, i.order_id, i.product_id, i.configuration_id, i.name, ${lineLabels(ctx.locale)}, i.sku,
          i.quantity, i.unit_price_cents, i.photo
        FROM order_items i ${LINE_LABEL_JOINS}
        WHERE i.order_id IN (${idList(ids)}) ORDER BY i.order_id, i.id`,
  );
  const byOrder = new Map<number, TSellerOrderLine[]>();
  for (const r of rows) {
    const line: TSellerOrderLine = {
      id: r.id,
      product_id: r.product_id,
      configuration_id: r.configuration_id,
      name: r.name,
      color_label: r.color_label,
      size_label: r.size_label,
      sku: r.sku,
      quantity: Number(r.quantity),
      price: toEuros(r.unit_price_cents),
      total: toEuros(Number(r.unit_price_cents) * Number(r.quantity)),
      photo: r.photo,
    };
    byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), line]);
  }
  return byOrder;
}

/** The status history of orders `ids` by order, oldest first, with who made each change. */
async function historyOf(ctx: Ctx, ids: number[]): Promise<Map<number, TOrderHistoryEntry[]>> {
  const rows = await queryRows<{
    order_id: number;
    status: TOrderStatus;
    created_at: Date | string;
    user_id: number | null;
    by: string | null;
    note: string | null;
  }>(
    ctx.db,
    sql`SELECT h.order_id, h.status, h.created_at, h.user_id,
          coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) AS by, h.note
        FROM order_status_history h LEFT JOIN users u ON u.id = h.user_id
        WHERE h.order_id IN (${idList(ids)}) ORDER BY h.order_id, h.created_at, h.id`,
  );
  const byOrder = new Map<number, TOrderHistoryEntry[]>();
  for (const r of rows) {
    const entry: TOrderHistoryEntry = {
      status: r.status,
      created_at: toIso(r.created_at) as string,
      user_id: r.user_id,
      by: r.by,
      note: r.note,
    };
    byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), entry]);
  }
  return byOrder;
}

/**
 * Orders `ids` as list rows, in the order given, with their lines and history (`history: false`
 * leaves it empty, for the export). The caller has already scoped the ids to what it may read.
 */
export async function sellerOrdersByIds(
  ctx: Ctx,
  ids: number[],
  opts: { history?: boolean } = {},
): Promise<TSellerOrder[]> {
  if (!ids.length) return [];
  const countryName = ctx.locale === 'en' ? sql`c.name_en` : sql`c.name_fr`;
  const [rows, lines, history] = await Promise.all([
    queryRows<OrderRow>(
      ctx.db,
      sql`SELECT o.id, o.order_number, o.status, o.created_at, o.paid_at, o.shipped_at, o.expires_at, o.seller_id,
            ${SELLER_NAME} AS seller_name, b.id AS buyer_id, ${BUYER} AS buyer, ${BUYER_FIRST_NAME} AS buyer_first_name,
            coalesce(${CHECKOUT_EMAIL}, b.email, b.email_real) AS buyer_email,
            c.iso AS country_iso, ${countryName} AS country_name,
            o.shipping_method_id AS shipping_id, o.shipping_method_name AS shipping_name,
            lp.provider AS payment_provider, ${PAYMENT_NAME} AS payment_name, o.session_id AS live_session_id,
            o.subtotal_cents, o.shipping_cents, o.total_amount_cents,
            (SELECT coalesce(sum(r.amount_cents), 0) FROM payment_refunds r
              WHERE r.order_id = o.id AND r.status = 'refunded') AS refunded_cents,
            -- what bulk-cancel refunds (payments/refunds.ts claimRefunds)
            (SELECT coalesce(sum(p.amount_cents), 0) FROM payments p
              WHERE p.order_id = o.id AND p.status = 'paid' AND p.external_id IS NOT NULL
                AND p.amount_cents > 0) AS refundable_cents,
            o.carrier, o.tracking_number, inv.number AS invoice_number
          FROM ${filterFrom(true)} JOIN users s ON s.id = o.seller_id
            LEFT JOIN invoices inv ON inv.order_id = o.id
          WHERE o.id IN (${idList(ids)})`,
    ),
    linesOf(ctx, ids),
    opts.history === false ? new Map<number, TOrderHistoryEntry[]>() : historyOf(ctx, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        order_number: r.order_number,
        status: r.status,
        created_at: toIso(r.created_at) as string,
        paid_at: toIso(r.paid_at),
        shipped_at: toIso(r.shipped_at),
        expires_at: toIso(r.expires_at),
        seller_id: r.seller_id,
        seller_name: r.seller_name,
        buyer_id: r.buyer_id,
        buyer: r.buyer,
        buyer_first_name: r.buyer_first_name,
        buyer_email: r.buyer_email,
        country_iso: r.country_iso,
        country_name: r.country_name,
        shipping_id: r.shipping_id,
        shipping_name: r.shipping_name,
        payment_provider: r.payment_provider,
        payment_name: r.payment_name,
        live_session_id: r.live_session_id,
        subtotal: toEuros(r.subtotal_cents),
        shipping_amount: toEuros(r.shipping_cents),
        order_amount: toEuros(r.total_amount_cents),
        refunded_amount: toEuros(r.refunded_cents),
        refundable_amount: toEuros(r.refundable_cents),
        carrier: r.carrier,
        tracking_number: r.tracking_number,
        tracking_url: trackingUrl(r.carrier, r.tracking_number),
        items: lines.get(r.id) ?? [],
        history: history.get(r.id) ?? [],
        invoice_number: r.invoice_number,
        invoice_url: r.invoice_number ? invoiceUrl(r.order_number) : null,
      },
    ];
  });
}

// ---------------------------------------------------------------------------------------------
// GET orders/fetch-items (seller, admin)

/** Counts per status of the filtered orders, the status filter aside: one grouped count. */
async function statusCounts(ctx: Ctx, q: SellerOrderQuery): Promise<TSellerItemsStatuses> {
  if (!isFiltered(q.queryFilter) && !q.query?.trim()) return statusCountsOf(ctx.db, scopeSeller(ctx, q));
  const rows = await queryRows<{ status: TOrderStatus; count: number }>(
    ctx.db,
    sql`SELECT o.status, count(*)::int AS count FROM ${filterFrom(!!q.queryFilter.payment)}
        ${whereOf(filterConds(ctx, q))} GROUP BY o.status`,
  );
  return countsOf(rows);
}

/** The one seller whose orders the caller lists, none for admin across every seller. */
function scopeSeller(ctx: Ctx, q: SellerOrderQuery): number | undefined {
  return ctx.user?.role_id === ROLE.admin ? q.queryFilter.seller_id : ctx.user?.id;
}

/**
 * A search alone (no other filter, newest or oldest first): the tabs' counts and the page's ids
 * from the matches, read in two disjoint parts at once (orders/search.ts), each statement counting
 * its part and keeping its first `offset + limit` rows; the page is taken from both.
 */
async function searchedPage(
  ctx: Ctx,
  q: TSellerOrderListQuery,
  term: string,
): Promise<{ itemsStatuses: TSellerItemsStatuses; ids: number[] }> {
  const asc = q.sort === 'ASC';
  const dir = sql.raw(asc ? 'ASC' : 'DESC');
  const status = q.queryFilter.status;
  const parts = await Promise.all(
    searchMatchParts(term, sellerScope(ctx, q.queryFilter.seller_id)).map(async (matches) => {
      const [row] = await queryRows<{
        counts: { status: TOrderStatus; count: number }[] | null;
        top: { id: number; at: string }[] | null;
      }>(
        ctx.db,
        sql`WITH m AS MATERIALIZED (${matches})
            SELECT (SELECT json_agg(c) FROM (SELECT status, count(*)::int AS count FROM m GROUP BY status) c) AS counts,
              (SELECT json_agg(json_build_object('id', p.id, 'at', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')) ORDER BY p.created_at ${dir}, p.id ${dir})
                FROM (SELECT id, created_at FROM m ${whereOf([status && sql`status = ${status}`])}
                  ORDER BY created_at ${dir}, id ${dir} LIMIT ${q.offset + q.limit}) p) AS top`,
      );
      return row;
    }),
  );
  // `at`: the UTC time to the microsecond, in a form that sorts as text
  const top = parts
    .flatMap((p) => p?.top ?? [])
    .sort((a, b) => (asc ? 1 : -1) * (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id));
  return {
    itemsStatuses: countsOf(parts.flatMap((p) => p?.counts ?? [])),
    ids: top.slice(q.offset, q.offset + q.limit).map((r) => r.id),
  };
}

/** GET orders/fetch-items for a seller or admin: a page of orders, the count and the tabs' counts. */
export async function listSellerOrders(ctx: Ctx, q: TSellerOrderListQuery): Promise<TSellerOrderList> {
  const status = q.queryFilter.status;
  const term = q.query?.trim();
  const withPayment = !!q.queryFilter.payment || q.column === 'payment_name';
  // the counts and the page are independent: asked at once, on two connections of the pool
  const { itemsStatuses, ids } =
    term && !isFiltered(q.queryFilter) && q.column === 'created_at'
      ? await searchedPage(ctx, q, term)
      : await Promise.all([
          statusCounts(ctx, q),
          queryRows<{ id: number }>(
            ctx.db,
            sql`SELECT o.id FROM ${filterFrom(withPayment)}
                ${whereOf([...filterConds(ctx, q), status && sql`o.status = ${status}`])}
                ORDER BY ${orderBy(q)} LIMIT ${q.limit} OFFSET ${q.offset}`,
          ),
        ]).then(([itemsStatuses, page]) => ({ itemsStatuses, ids: page.map((r) => r.id) }));
  const count = status ? itemsStatuses[status] : itemsStatuses.all;
  return { count, items: await sellerOrdersByIds(ctx, ids), itemsStatuses };
}

// ---------------------------------------------------------------------------------------------
// GET orders/fetch-filters (seller, admin)

/**
 * An account's name as the Orders filters show it: first and last name, else its e-mail. Written
 * as the expression of the index `users_account_name_idx` (users/tables.ts), so the first names
 * in order are read from it.
 */
const ACCOUNT_NAME = sql.raw(
  `coalesce(nullif(trim(coalesce(b.first_name, '') || ' ' || coalesce(b.last_name, '')), ''), b.email, '')`,
);

/**
 * The shoppers the Orders filters offer: the first {@link BUYER_CHOICES} accounts of the scope's
 * orders by name (whose name or e-mail holds `search`), whether more match, and the chosen one
 * (`chosen`) when it is in the scope. Accounts with an order that counts are in the Shoppers list's
 * figures (brought up to date first), the others have open carts only (status new: few); the
 * figures are read per account while the names are read in order, so a seller's 70,000 shoppers
 * are neither all named nor sorted.
 */
async function buyerChoices(
  ctx: Ctx,
  scope: SQL,
  own: (column: string) => SQL,
  search: string | undefined,
  chosen: number | undefined,
): Promise<{ buyers: { id: number; name: string }[]; more: boolean }> {
  const ordered = sql`EXISTS (SELECT 1 FROM shopper_figures f
    WHERE f.user_id = b.id AND ${own('f.seller_id')} AND f.orders_count > 0)`;
  const openCart = sql`b.id IN (SELECT ${SHOPPER_USER_ID} FROM ${ORDERS_WITH_SHOPPER} WHERE ${scope} AND o.status = 'new')`;
  const named = search ? containsFolded([sql`b.search_text`], search) : sql`true`;
  const rows = await queryRows<{ id: number; name: string }>(
    ctx.db,
    sql`SELECT id, name FROM (
          (SELECT b.id, ${ACCOUNT_NAME} AS name FROM users b WHERE ${ordered} AND ${named}
           ORDER BY ${ACCOUNT_NAME}, b.id LIMIT ${BUYER_CHOICES + 1})
          UNION
          SELECT b.id, ${ACCOUNT_NAME} FROM users b WHERE ${openCart} AND ${named}) c
        ORDER BY name, id LIMIT ${BUYER_CHOICES + 1}`,
  );
  const buyers = rows.slice(0, BUYER_CHOICES);
  if (chosen !== undefined && !buyers.some((b) => b.id === chosen)) {
    buyers.push(
      ...(await queryRows<{ id: number; name: string }>(
        ctx.db,
        sql`SELECT b.id, ${ACCOUNT_NAME} AS name FROM users b WHERE b.id = ${chosen} AND (${ordered} OR ${openCart})`,
      )),
    );
  }
  return { buyers, more: rows.length > BUYER_CHOICES };
}

/** A live session's name: its scenario, else its date and time. */
const SESSION_TITLE = sql.raw(
  `coalesce(nullif(trim(ls.scenario), ''), to_char(ls.event_date::date, 'DD/MM/YYYY') || ' ' || left(ls.event_time::text, 5))`,
);

/**
 * The lives the Orders filters offer: the latest {@link LIVE_SESSION_CHOICES} of the caller's
 * (whose name holds `search`), whether more match, and the chosen one (`chosen`) when it is the
 * caller's: the platform has tens of thousands, the select shows the latest and finds the others.
 */
async function sessionChoices(
  ctx: Ctx,
  own: (column: string) => SQL,
  search: string | undefined,
  chosen: number | undefined,
): Promise<{
  sessions: { id: number; name: string | null; started_at: Date | string | null }[];
  more: boolean;
}> {
  type Row = { id: number; name: string | null; started_at: Date | string | null };
  const rows = await queryRows<Row>(
    ctx.db,
    sql`SELECT ls.id, ${SESSION_TITLE} AS name, ls.started_at FROM live_sessions ls
        WHERE ${own('ls.seller_id')} AND ls.deleted_at IS NULL
          ${search ? sql`AND ${containsAny([SESSION_TITLE], search)}` : sql.empty()}
        ORDER BY ls.event_date DESC, ls.id DESC LIMIT ${LIVE_SESSION_CHOICES + 1}`,
  );
  const sessions = rows.slice(0, LIVE_SESSION_CHOICES);
  if (chosen !== undefined && !sessions.some((s) => s.id === chosen)) {
    sessions.push(
      ...(await queryRows<Row>(
        ctx.db,
        sql`SELECT ls.id, ${SESSION_TITLE} AS name, ls.started_at FROM live_sessions ls
            WHERE ls.id = ${chosen} AND ${own('ls.seller_id')} AND ls.deleted_at IS NULL`,
      )),
    );
  }
  return { sessions, more: rows.length > LIVE_SESSION_CHOICES };
}

/** GET orders/fetch-filters without type: the choices of the Orders filters in the caller's scope. */
export async function sellerOrderFilters(ctx: Ctx, q: TOrderFiltersQuery): Promise<TSellerOrderFilters> {
  const admin = ctx.user?.role_id === ROLE.admin;
  const scope = sellerScope(ctx) ?? sql`true`;
  const own = (column: string) => (admin ? sql`true` : sql`${sql.raw(column)} = ${ctx.user?.id ?? 0}`);
  const countryName = ctx.locale === 'en' ? sql`c.name_en` : sql`c.name_fr`;
  await refreshShopperFigures(ctx.db, admin ? undefined : (ctx.user?.id ?? 0));
  const [buyers, shippings, countries, payments, sessions, sellers, bounds] = await Promise.all([
    buyerChoices(ctx, scope, own, q.buyer_search || undefined, q.buyer_id),
    queryRows<{ id: number; name: string }>(
      ctx.db,
      sql`SELECT sm.id, sm.name FROM shipping_methods sm WHERE ${own('sm.seller_id')} ORDER BY sm.name, sm.id`,
    ),
    queryRows<{ id: number; name: string }>(
      ctx.db,
      sql`SELECT c.id, ${countryName} AS name FROM countries c
          WHERE EXISTS (SELECT 1 FROM orders o WHERE o.country_id = c.id AND ${scope}) ORDER BY name, c.id`,
    ),
    queryRows<{ provider: TPaymentKind; method: string }>(
      ctx.db,
      // the few methods ever used, each found once in the index `payments_method_idx` (a skip
      // scan) and then looked up at the seller, rather than every payment of the scope read
      sql`WITH RECURSIVE used AS (
            (SELECT provider, method FROM payments WHERE method IS NOT NULL ORDER BY provider, method LIMIT 1)
            UNION ALL
            SELECT n.provider, n.method FROM used u, LATERAL (
              SELECT provider, method FROM payments
              WHERE method IS NOT NULL AND (provider, method) > (u.provider, u.method)
              ORDER BY provider, method LIMIT 1) n)
          SELECT u.provider, u.method FROM used u
          WHERE EXISTS (SELECT 1 FROM payments p WHERE p.provider = u.provider AND p.method = u.method
            AND p.method IS NOT NULL AND ${own('p.seller_id')})
          ORDER BY u.provider, u.method`,
    ),
    sessionChoices(ctx, own, q.live_session_search || undefined, q.live_session_id),
    admin
      ? queryRows<{ id: number; name: string | null }>(
          ctx.db,
          sql`SELECT s.id, ${SELLER_NAME} AS name FROM users s WHERE s.role_id = ${ROLE.seller}
              ORDER BY name NULLS LAST, s.id`,
        )
      : Promise.resolve([]),
    queryRows<{ min: number | null; max: number | null }>(
      ctx.db,
      sql`SELECT min(o.total_amount_cents) AS min, max(o.total_amount_cents) AS max FROM orders o
          WHERE ${scope} AND ${IS_COUNTED}`,
    ),
  ]);
  return {
    items: {
      statuses: [...ORDER_STATUSES],
      buyers: buyers.buyers,
      buyers_more: buyers.more,
      shipping_methods: shippings,
      countries,
      payments: payments.map((p) => ({
        value: `${p.provider}:${p.method}`,
        provider: p.provider,
        method: p.method,
      })),
      live_sessions: sessions.sessions.map((s) => ({
        id: s.id,
        name: s.name ?? `#${s.id}`,
        started_at: toIso(s.started_at),
      })),
      live_sessions_more: sessions.more,
      sellers: sellers.map((s) => ({ id: s.id, name: s.name ?? `#${s.id}` })),
      order_amount: { min: toEuros(bounds[0]?.min), max: toEuros(bounds[0]?.max) },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// GET orders/{id}

/** GET orders/{id}: the whole order; 404 outside the caller's scope. */
export async function sellerOrderDetail(ctx: Ctx, id: number): Promise<TSellerOrderDetail> {
  const scope = sellerScope(ctx);
  const [row] = await queryRows<
    ShipToRow & {
      id: number;
      locale: string;
      discount_cents: number;
      email: string | null;
      invoice_number: string | null;
      invoice_created_at: Date | string | null;
      invoice_total_cents: number | null;
      session_id: number | null;
      session_title: string | null;
      session_started_at: Date | string | null;
      comment_id: number | null;
      comment_author: string | null;
      comment_text: string | null;
      comment_created_at: Date | string | null;
    }
  >(
    ctx.db,
    sql`SELECT o.id, o.locale, o.discount_cents,
          coalesce(${CHECKOUT_EMAIL}, b.email, b.email_real) AS email,
          ${shipToColumns(ctx.locale)},
          inv.number AS invoice_number, inv.created_at AS invoice_created_at, inv.total_cents AS invoice_total_cents,
          ls.id AS session_id, ${SESSION_TITLE} AS session_title, ls.started_at AS session_started_at,
          lc.id AS comment_id, lc.from_name AS comment_author, lc.message AS comment_text,
          lc.created_time AS comment_created_at
        FROM ${filterFrom(false)}
          LEFT JOIN invoices inv ON inv.order_id = o.id
          LEFT JOIN live_sessions ls ON ls.id = o.session_id
          LEFT JOIN LATERAL (
            SELECT lc.id, lc.from_name, lc.message, lc.created_time FROM live_comments lc
            WHERE o.comment_id IS NOT NULL AND lc.external_id = o.comment_id AND lc.seller_id = o.seller_id
            ORDER BY lc.id LIMIT 1) lc ON true
        WHERE o.id = ${id}${scope ? sql` AND ${scope}` : sql.empty()}`,
  );
  if (!row) throw notFound();
  const [[order], payments, refunds] = await Promise.all([
    sellerOrdersByIds(ctx, [id]),
    orderPayments(ctx.db, id),
    orderRefunds(ctx.db, id),
  ]);
  if (!order) throw notFound();
  return {
    item: {
      ...order,
      locale: row.locale === 'en' ? 'en' : 'fr',
      discount: toEuros(row.discount_cents),
      email: row.email,
      ship_to: shipToOf(row),
      payments: payments.map((p) => ({ ...p, refunds: refunds.filter((r) => r.payment_id === p.id) })),
      invoice:
        row.invoice_number && row.invoice_created_at
          ? {
              number: row.invoice_number,
              created_at: toIso(row.invoice_created_at) as string,
              total: toEuros(row.invoice_total_cents),
              url: invoiceUrl(order.order_number),
            }
          : null,
      live_session: row.session_id
        ? {
            id: row.session_id,
            title: row.session_title ?? `#${row.session_id}`,
            started_at: toIso(row.session_started_at),
          }
        : null,
      comment:
        row.comment_id && row.comment_text !== null && row.comment_created_at
          ? {
              id: row.comment_id,
              author: row.comment_author,
              text: row.comment_text,
              created_at: toIso(row.comment_created_at) as string,
            }
          : null,
    },
  };
}
