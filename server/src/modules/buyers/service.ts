import type {
  TBuyerFilters,
  TBuyerList,
  TBuyerListItem,
  TBuyerListQuery,
  TBuyerView,
} from '@livecart/contract/buyers';
import { ROLE } from '@livecart/contract/constants';
import { type SQL, sql } from 'drizzle-orm';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { type ListDef, runList } from '../../lib/list.ts';
import { toEuros } from '../../lib/money.ts';
import { containsAny, containsFolded, inRange, queryRows, toIso } from '../../lib/sql.ts';
import { refreshShopperFigures } from './figures.ts';
import { accountsTable, clientsSummary, clientsTable, isBlocked, type ShopperKey } from './shoppers.ts';

/*
 * The Shoppers screen (SPEC §7 Buyers): a seller's shoppers, admin's Clients (every seller's, with
 * the seller column) and admin's Shoppers (the shopper accounts of the platform). The tables are
 * built in shoppers.ts; here they are listed, filtered and sorted with lib/list.ts. A list of every
 * shopper of a seller (or of every seller) reads `shopper_figures`, brought up to date first
 * (figures.ts); a list or a detail of one shopper computes their figures from their orders.
 */

/** The seller whose shoppers the caller reads: a seller their own; admin all (undefined) or one. */
export function scopeSeller(ctx: Ctx, sellerId?: number): number | undefined {
  const user = ctx.user;
  if (!user) throw new AppError('unauthorized');
  return user.role_id === ROLE.admin ? sellerId : user.id;
}

/** The view the caller may read: a seller always their clients; admin either. */
function viewOf(ctx: Ctx, view: TBuyerView): TBuyerView {
  if (view === 'shoppers' && ctx.user?.role_id !== ROLE.admin) throw forbidden();
  return view;
}

export interface ShopperRow {
  row_key: string;
  seller_id: number | null;
  seller_name: string | null;
  user_id: number | null;
  identity_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  city: string | null;
  post_code: string | null;
  country_id: number | null;
  country_iso: string | null;
  country_name: string | null;
  orders_count: number;
  total_cents: number | string;
  unpaid_carts: number;
  last_order_at: Date | string | null;
  ever_paid: boolean;
  blocked: boolean;
  sellers_count: number | null;
  blocked_sellers: number | null;
}

const COLUMNS = sql.raw(
  'sh.row_key, sh.seller_id, sh.seller_name, sh.user_id, sh.identity_id, sh.first_name, sh.last_name, ' +
    'sh.email, sh.phone, sh.city, sh.post_code, sh.country_id, sh.country_iso, sh.country_name, ' +
    'sh.orders_count, sh.total_cents, sh.unpaid_carts, sh.last_order_at, sh.ever_paid, ' +
    'sh.sellers_count, sh.blocked_sellers',
);
// In the read model's list, whether the seller blocked the shopper is read for the page's rows
// only: PostgreSQL computes an expression this costly of the final select after the sort's LIMIT.
const SELECT = sql`${COLUMNS}, sh.blocked`;
const SELECT_SUMMARY = sql`${COLUMNS}, ${isBlocked('sh')} AS blocked`;

const NAMES = [
  sql`concat_ws(' ', sh.first_name, sh.last_name)`,
  sql`concat_ws(' ', sh.last_name, sh.first_name)`,
];

export const toItem = (r: ShopperRow): TBuyerListItem => ({
  key: r.row_key,
  buyer_id: r.user_id === null ? null : Number(r.user_id),
  identity_id: r.identity_id === null ? null : Number(r.identity_id),
  seller_id: r.seller_id === null ? null : Number(r.seller_id),
  seller_name: r.seller_name,
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  phone: r.phone,
  address:
    r.city || r.post_code || r.country_id
      ? {
          city: r.city,
          post_code: r.post_code,
          country_id: r.country_id,
          country_iso: r.country_iso,
          country_name: r.country_name,
        }
      : null,
  orders_count: Number(r.orders_count),
  total_spent: toEuros(r.total_cents),
  unpaid_carts: Number(r.unpaid_carts),
  last_order_at: toIso(r.last_order_at),
  blocked: !!r.blocked,
  sellers_count: r.sellers_count === null ? null : Number(r.sellers_count),
  blocked_sellers: r.blocked_sellers === null ? null : Number(r.blocked_sellers),
});

/** The list of a view in the caller's scope: its table, filters, search and sorts. */
export function shopperList(ctx: Ctx, view: TBuyerView, sellerId: number | undefined, only?: ShopperKey) {
  const summary = view === 'clients' && !only;
  const from: SQL =
    view === 'shoppers'
      ? accountsTable(ctx.locale, only)
      : summary
        ? clientsSummary(sellerId, ctx.locale)
        : clientsTable(sellerId, ctx.locale, only);
  const list: ListDef<TBuyerListQuery, ShopperRow, TBuyerListItem> = {
    select: summary ? SELECT_SUMMARY : SELECT,
    from,
    where: ({ queryFilter: f }) => [
      !!f.name?.trim() &&
        (summary
          ? containsFolded([sql`sh.name_search`, sql`sh.name_search_rev`], f.name)
          : containsAny(NAMES, f.name)),
      f.country_id && sql`sh.country_id = ${f.country_id}`,
      ...inRange(sql`sh.total_cents`, f.total_amount, 100),
      f.buyer_id && sql`sh.user_id = ${f.buyer_id}`,
      f.identity_id && sql`sh.identity_id = ${f.identity_id}`,
      f.never_paid === true && sql`NOT sh.ever_paid`,
      f.never_paid === false && sql`sh.ever_paid`,
      f.blocked !== undefined && sql`${summary ? isBlocked('sh') : sql`sh.blocked`} = ${f.blocked}`,
    ],
    ...(summary
      ? { searchFolded: [sql`sh.search_text`] }
      : { search: [...NAMES, sql`sh.phone`, sql`sh.city`, ...(view === 'shoppers' ? [sql`sh.email`] : [])] }),
    order: {
      columns: {
        first_name: sql`lower(sh.first_name)`,
        orders_count: sql`sh.orders_count`,
        total_spent: sql`sh.total_cents`,
        unpaid_carts: sql`sh.unpaid_carts`,
        last_order_at: sql`sh.last_order_at`,
        seller_name: sql`lower(sh.seller_name)`,
      },
      tieBreaker: sql`sh.row_key`,
      notNull: ['orders_count', 'total_spent', 'unpaid_carts'],
    },
    map: toItem,
    // the read model is paged through its indexes and counted apart (unfiltered, from its
    // sellers' totals: admin's Clients are close to a million rows); a table computed from the
    // orders is built once for both
    countWithPage: !summary,
    keptCount: summary ? (q) => keptCountOf(q, sellerId) : undefined,
  };
  return list;
}

/**
 * The count of the list from the sellers' totals when no search and no filter but the seller's and
 * `never_paid` narrow it: how many rows `shopper_figures` holds for the seller (every seller), or
 * of them how many never paid, or paid. Undefined: the rows are counted.
 */
function keptCountOf(q: TBuyerListQuery, sellerId: number | undefined): SQL | undefined {
  const { seller_id: _, never_paid, ...filters } = q.queryFilter;
  if (q.query?.trim() || Object.values(filters).some((v) => v !== undefined)) return undefined;
  const rows =
    never_paid === true
      ? sql`never_paid`
      : never_paid === false
        ? sql`figure_rows - never_paid`
        : sql`figure_rows`;
  return sql`SELECT coalesce(sum(${rows}), 0)::int AS count FROM seller_shopper_totals
      ${sellerId === undefined ? sql.empty() : sql`WHERE seller_id = ${sellerId}`}`;
}

/**
 * GET buyers/fetch-items: a seller's shoppers; admin's Clients (every seller's, or `seller_id`'s)
 * or, with `view=shoppers`, the platform's shopper accounts.
 */
export async function listBuyers(ctx: Ctx, q: TBuyerListQuery): Promise<TBuyerList> {
  const view = viewOf(ctx, q.view);
  const f = q.queryFilter;
  const sellerId = scopeSeller(ctx, f.seller_id);
  // a filter on one shopper reads their orders only
  const only =
    f.buyer_id || f.identity_id
      ? { userId: f.buyer_id ?? null, identityId: f.identity_id ?? null }
      : undefined;
  if (view === 'clients' && !only) await refreshShopperFigures(ctx.db, sellerId);
  return runList(ctx.db, shopperList(ctx, view, sellerId, only), q);
}

/**
 * GET buyers/fetch-filters: the countries the caller's orders were delivered to (admin: every
 * seller's): one probe of the orders' country index per country, not a pass over a large seller's
 * orders.
 */
export async function buyerFilters(ctx: Ctx): Promise<TBuyerFilters> {
  const sellerId = scopeSeller(ctx);
  const countries = await queryRows<{ id: number; name_fr: string; name_en: string }>(
    ctx.db,
    sql`SELECT c.id, c.name_fr, c.name_en FROM countries c
        WHERE EXISTS (SELECT 1 FROM orders o
                      WHERE o.country_id = c.id ${sellerId ? sql`AND o.seller_id = ${sellerId}` : sql.empty()})
        ORDER BY ${ctx.locale === 'en' ? sql`c.name_en` : sql`c.name_fr`}, c.id`,
  );
  return { items: { countries } };
}
