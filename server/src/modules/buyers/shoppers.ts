import type { TLocale } from '@livecart/contract/constants';
import { type SQL, sql } from 'drizzle-orm';
import { IS_COUNTED, IS_PAID, IS_UNPAID_CART } from '../orders/figures.ts';
import { SELLER_NAME } from '../orders/sellerScope.ts';

/*
 * Who a seller's shoppers are, as SQL. One shopper is the rule of every "distinct buyers" figure
 * (orders/figures.ts): the account set on the order, or the account that linked the commenting
 * social identity, else that social identity (a commenter who never signed in). A seller's social
 * identities are the viewers whose comments their lives claimed (an identity is only made by a
 * claim), so commenters who never ordered are shoppers too, through them.
 *
 * Both tables below answer the same columns, as `sh`, for the list (lib/list.ts), the detail and
 * the filters:
 *   row_key, seller_id, seller_name, user_id, identity_id, first_name, last_name, email, phone,
 *   city, post_code, country_id, country_iso, country_name, orders_count, total_cents,
 *   unpaid_carts, last_order_at, ever_paid, blocked, sellers_count, blocked_sellers
 */

/**
 * A table of shoppers as `sh`, built once in full (a materialized CTE) whatever the statement
 * around it does: planned apart from the page's LIMIT, its grouping and joins stay hash joins over
 * the whole input (a LIMIT over `count(*) OVER ()` led the planner to nested loops re-reading
 * the grouped orders for every account).
 */
const materialized = (table: SQL) =>
  sql`(WITH shoppers AS MATERIALIZED (${table}) SELECT * FROM shoppers) sh`;

const countryName = (locale: TLocale) => sql.raw(locale === 'en' ? 'c.name_en' : 'c.name_fr');

/**
 * The delivery address of a shopper's latest order that has one, carried through the grouping as
 * one array (`max` of arrays compares their first elements: the order's time and id, zero-padded
 * to sort as text), so it is read in the same pass over the orders as the figures, with a hash
 * aggregate, instead of one lookup per shopper: [key, first name, last name, phone, city, post
 * code, country id]. Null for an order without an address.
 */
const LATEST_ADDRESS =
  sql.raw(`CASE WHEN o.ship_city IS NOT NULL OR o.ship_phone IS NOT NULL OR o.ship_first_name IS NOT NULL
    THEN ARRAY[to_char(o.created_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS') || lpad(o.id::text, 10, '0'),
               o.ship_first_name, o.ship_last_name, o.ship_phone, o.ship_city, o.ship_post_code, o.country_id::text]
  END`);
const SHIP_NAME = sql.raw(`nullif(trim(concat_ws(' ', g.address[2], g.address[3])), '')`);
const ACCOUNT_NAME = sql.raw(`nullif(trim(concat_ws(' ', b.first_name, b.last_name)), '')`);
/** A name the account comments under at this seller (an account without a name of its own). */
const IDENTITY_NAME_OF_ACCOUNT = sql.raw(
  `(SELECT si2.name FROM social_identities si2 WHERE si2.user_id = g.user_id AND si2.seller_id = g.seller_id
     AND si2.name IS NOT NULL ORDER BY si2.id LIMIT 1)`,
);

/**
 * The seller blocked this shopper (`alias`: seller_id, user_id, identity_id): the identity itself, or
 * the account, or one of the account's identities at this seller (an identity blocked before its
 * viewer signed in stays blocked). The rule of `buyers_blocked` (sql/identity.sql), written out
 * for a whole list.
 */
export const isBlocked = (alias: 'f' | 'sh') =>
  sql.raw(`CASE WHEN ${alias}.user_id IS NOT NULL THEN
    EXISTS (SELECT 1 FROM buyer_blocks k WHERE k.seller_id = ${alias}.seller_id AND k.user_id = ${alias}.user_id)
    OR EXISTS (SELECT 1 FROM buyer_blocks k JOIN social_identities ki ON ki.id = k.social_identity_id
               WHERE k.seller_id = ${alias}.seller_id AND ki.user_id = ${alias}.user_id)
  ELSE EXISTS (SELECT 1 FROM buyer_blocks k
               WHERE k.seller_id = ${alias}.seller_id AND k.social_identity_id = ${alias}.identity_id)
  END`);

/** One shopper: an account, or a commenter who has none. */
export interface ShopperKey {
  userId: number | null;
  identityId: number | null;
}

/** Some shoppers of one seller: accounts, and commenters who have none (an identity linked since is left out). */
export interface ShopperSet {
  userIds: number[];
  identityIds: number[];
}

const intArray = (ids: number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/**
 * `orders o`, or for one shopper (a detail, a filter on one) their orders only, read by their own
 * indexes (the account's, and those of the identities it linked; a commenter's).
 */
export function ordersSource(only?: ShopperKey): SQL {
  if (only?.userId != null) {
    return sql`(SELECT * FROM orders WHERE buyer_id = ${only.userId}
                UNION ALL
                SELECT * FROM orders WHERE buyer_id IS NULL
                  AND social_identity_id IN (SELECT id FROM social_identities WHERE user_id = ${only.userId})) o`;
  }
  if (only?.identityId != null) {
    return sql`(SELECT * FROM orders WHERE social_identity_id = ${only.identityId} AND buyer_id IS NULL) o`;
  }
  return sql`orders o`;
}

/** The orders of some shoppers (`ShopperSet`) as `o`, each branch read by its index. */
function ordersOfSet(set: ShopperSet): SQL {
  return sql`(SELECT * FROM orders WHERE buyer_id = ANY(${intArray(set.userIds)})
              UNION ALL
              SELECT * FROM orders WHERE buyer_id IS NULL AND social_identity_id IN (
                SELECT id FROM social_identities
                WHERE user_id = ANY(${intArray(set.userIds)})
                   OR (user_id IS NULL AND id = ANY(${intArray(set.identityIds)})))) o`;
}

const isSet = (only: ShopperKey | ShopperSet): only is ShopperSet => 'userIds' in only;

/** The columns `clientFigures` answers, and `shopper_figures` keeps. */
export const FIGURE_COLUMNS = sql.raw(
  'row_key, seller_id, user_id, identity_id, first_name, last_name, phone, city, post_code, country_id, ' +
    'orders_count, total_cents, unpaid_carts, last_order_at, ever_paid',
);

/**
 * A row per seller × shopper (the seller's Shoppers, admin's Clients) with what the seller knows of
 * them: figures of their orders there; name, phone and address from the delivery address of the
 * latest of those orders that has one (else the account's name, else the name they comment under),
 * never the account's address book or anything of another seller. `sellerId` scopes it to one
 * seller (index reads of that seller's orders and identities), `only` to one shopper or a few (their
 * orders by index). Answers {@link FIGURE_COLUMNS}: what does not depend on the reader (the
 * language) nor on the blocks, so `shopper_figures` can keep it.
 */
export function clientFigures(sellerId: number | undefined, only?: ShopperKey | ShopperSet): SQL {
  const orderScope = sellerId ? sql`o.seller_id = ${sellerId}` : sql`true`;
  const set = only && isSet(only) ? only : undefined;
  const one = only && !isSet(only) ? only : undefined;
  const orders = set ? ordersOfSet(set) : ordersSource(one);
  const identityScope = sql.join(
    [
      sellerId ? sql`si.seller_id = ${sellerId}` : sql`true`,
      one?.userId != null && sql`si.user_id = ${one.userId}`,
      one?.identityId != null && sql`si.id = ${one.identityId}`,
      set &&
        sql`(si.user_id = ANY(${intArray(set.userIds)})
             OR (si.user_id IS NULL AND si.id = ANY(${intArray(set.identityIds)})))`,
    ].filter((c): c is SQL => !!c),
    sql` AND `,
  );
  return sql`
    SELECT g.seller_id || ':' || CASE WHEN g.user_id IS NOT NULL THEN 'u' || g.user_id ELSE 's' || g.identity_id END
             AS row_key,
           g.seller_id, g.user_id, g.identity_id,
           CASE WHEN ${SHIP_NAME} IS NOT NULL THEN g.address[2]
                WHEN ${ACCOUNT_NAME} IS NOT NULL THEN b.first_name
                WHEN g.user_id IS NOT NULL THEN ${IDENTITY_NAME_OF_ACCOUNT}
                ELSE sn.name END AS first_name,
           CASE WHEN ${SHIP_NAME} IS NOT NULL THEN g.address[3]
                WHEN ${ACCOUNT_NAME} IS NOT NULL THEN b.last_name END AS last_name,
           g.address[4] AS phone, g.address[5] AS city, g.address[6] AS post_code,
           g.address[7]::int AS country_id,
           g.orders_count, g.total_cents, g.unpaid_carts, g.last_order_at, g.ever_paid
    FROM (
      SELECT x.seller_id, x.user_id, x.identity_id,
             count(x.id)::int AS orders_count,
             coalesce(sum(x.total_cents) FILTER (WHERE x.paid), 0)::bigint AS total_cents,
             count(*) FILTER (WHERE x.unpaid)::int AS unpaid_carts,
             max(x.created_at) AS last_order_at,
             coalesce(bool_or(x.paid_at IS NOT NULL), false) AS ever_paid,
             max(x.address) AS address
      FROM (
        SELECT o.seller_id, coalesce(o.buyer_id, si.user_id) AS user_id,
               CASE WHEN coalesce(o.buyer_id, si.user_id) IS NULL THEN o.social_identity_id END AS identity_id,
               o.id, o.total_amount_cents AS total_cents, ${IS_PAID} AS paid, ${IS_UNPAID_CART} AS unpaid,
               o.paid_at, o.created_at, ${LATEST_ADDRESS} AS address
        FROM ${orders} LEFT JOIN social_identities si ON si.id = o.social_identity_id
        WHERE ${orderScope} AND ${IS_COUNTED} AND (o.buyer_id IS NOT NULL OR o.social_identity_id IS NOT NULL)
        UNION ALL
        SELECT si.seller_id, si.user_id, CASE WHEN si.user_id IS NULL THEN si.id END,
               NULL, NULL, false, false, NULL, NULL, NULL
        FROM social_identities si WHERE ${identityScope}
      ) x
      GROUP BY x.seller_id, x.user_id, x.identity_id
    ) g
    LEFT JOIN users b ON b.id = g.user_id
    LEFT JOIN social_identities sn ON sn.id = g.identity_id`;
}

/**
 * The list's columns (`sh`, see the top of this file) of figures `f` ({@link FIGURE_COLUMNS}):
 * with the seller's name and the country's in the reader's language; and whether the seller
 * blocked the shopper, read now, unless `blocked` is left to the statement around (the read
 * model's list computes it for its page only).
 */
function asClients(figures: SQL, locale: TLocale, extra: SQL = sql`, ${isBlocked('f')} AS blocked`): SQL {
  return sql`
    SELECT f.row_key, f.seller_id, ${SELLER_NAME} AS seller_name, f.user_id, f.identity_id, f.first_name, f.last_name,
           NULL::text AS email, f.phone, f.city, f.post_code, c.id AS country_id, c.iso AS country_iso,
           ${countryName(locale)} AS country_name, f.orders_count, f.total_cents, f.unpaid_carts, f.last_order_at,
           f.ever_paid, NULL::int AS sellers_count, NULL::int AS blocked_sellers${extra}
    FROM ${figures} JOIN users s ON s.id = f.seller_id
    LEFT JOIN countries c ON c.id = f.country_id`;
}

/**
 * A row per seller × shopper computed from the orders ({@link clientFigures}), as `sh`: for one
 * shopper (a detail, a block, a filter on one), whose orders are read by index.
 */
export function clientsTable(sellerId: number | undefined, locale: TLocale, only?: ShopperKey): SQL {
  return materialized(asClients(sql`(${clientFigures(sellerId, only)}) f`, locale));
}

/**
 * The same rows read from `shopper_figures` (brought up to date first: figures.ts), as `sh`, with
 * their folded search texts and without `blocked` (`isBlocked('sh')`): the lists of every
 * shopper of a seller, or of every seller, paged through its indexes.
 */
export function clientsSummary(sellerId: number | undefined, locale: TLocale): SQL {
  const scope = sellerId ? sql` WHERE f.seller_id = ${sellerId}` : sql.empty();
  return sql`(${asClients(sql`shopper_figures f`, locale, sql`, f.name_search, f.name_search_rev, f.search_text`)}${scope}) sh`;
}

/**
 * Admin's Shoppers: every shopper account of the platform with its own details (name, e-mail,
 * phone, address of its address book) and its figures at every seller, how many sellers it
 * ordered from and how many blocked it.
 */
export function accountsTable(locale: TLocale, only?: ShopperKey): SQL {
  return materialized(sql`
    SELECT 'u' || u.id AS row_key, NULL::int AS seller_id, NULL::text AS seller_name, u.id AS user_id,
           NULL::int AS identity_id, u.first_name, u.last_name, coalesce(u.email, u.email_real) AS email,
           u.phone, adr.city, adr.post_code, adr.country_id, c.iso AS country_iso,
           ${countryName(locale)} AS country_name,
           coalesce(f.orders_count, 0) AS orders_count, coalesce(f.total_cents, 0) AS total_cents,
           coalesce(f.unpaid_carts, 0) AS unpaid_carts, f.last_order_at, coalesce(f.ever_paid, false) AS ever_paid,
           coalesce(bl.n, 0) > 0 AS blocked, coalesce(f.sellers_count, 0) AS sellers_count,
           coalesce(bl.n, 0) AS blocked_sellers
    FROM users u
    LEFT JOIN (
      SELECT coalesce(o.buyer_id, si.user_id) AS user_id, count(*)::int AS orders_count,
             coalesce(sum(o.total_amount_cents) FILTER (WHERE ${IS_PAID}), 0)::bigint AS total_cents,
             count(*) FILTER (WHERE ${IS_UNPAID_CART})::int AS unpaid_carts,
             max(o.created_at) AS last_order_at, bool_or(o.paid_at IS NOT NULL) AS ever_paid,
             count(DISTINCT o.seller_id)::int AS sellers_count
      FROM ${ordersSource(only)} LEFT JOIN social_identities si ON si.id = o.social_identity_id
      WHERE ${IS_COUNTED} AND coalesce(o.buyer_id, si.user_id) IS NOT NULL
      GROUP BY 1
    ) f ON f.user_id = u.id
    LEFT JOIN (
      SELECT coalesce(k.user_id, ki.user_id) AS user_id, count(DISTINCT k.seller_id)::int AS n
      FROM buyer_blocks k LEFT JOIN social_identities ki ON ki.id = k.social_identity_id
      GROUP BY 1
    ) bl ON bl.user_id = u.id
    LEFT JOIN LATERAL (
      SELECT a.city, a.post_code, a.country_id FROM addresses a WHERE a.user_id = u.id
      ORDER BY (a.address_type = 'shipping') DESC, a.id DESC LIMIT 1
    ) adr ON true
    LEFT JOIN countries c ON c.id = adr.country_id
    WHERE u.role_id = 1${only?.userId != null ? sql` AND u.id = ${only.userId}` : sql.empty()}`);
}

/**
 * The waiting rows of a shopper, as `w`: an account's (on the account, or on an identity it
 * linked), or a commenter's; each branch read by its own index.
 */
export function waitingSource(shopper: ShopperKey): SQL {
  if (shopper.userId !== null) {
    return sql`(SELECT * FROM waiting_list WHERE buyer_id = ${shopper.userId}
                UNION ALL
                SELECT * FROM waiting_list WHERE buyer_id IS DISTINCT FROM ${shopper.userId}
                  AND social_identity_id IN (SELECT id FROM social_identities WHERE user_id = ${shopper.userId})) w`;
  }
  return sql`(SELECT * FROM waiting_list WHERE social_identity_id = ${shopper.identityId}) w`;
}

/** The social identities a shopper comments under (at one seller, or at every seller for an account). */
export function identitiesOfShopper(shopper: ShopperKey, sellerId?: number): SQL {
  if (shopper.userId === null) return sql`SELECT ${shopper.identityId}::int`;
  return sellerId
    ? sql`SELECT si.id FROM social_identities si WHERE si.user_id = ${shopper.userId} AND si.seller_id = ${sellerId}`
    : sql`SELECT si.id FROM social_identities si WHERE si.user_id = ${shopper.userId}`;
}
