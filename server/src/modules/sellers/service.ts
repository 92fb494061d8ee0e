import { ROLE, TIME_ZONE } from '@livecart/contract/constants';
import {
  FIND_USER_LIMIT,
  type TFindUserResult,
  type TFoundUser,
  type TSellerFilters,
  type TSellerList,
  type TSellerListItem,
  type TSellerListQuery,
} from '@livecart/contract/sellers';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { type ListDef, runList } from '../../lib/list.ts';
import { toEuros } from '../../lib/money.ts';
import {
  type Cond,
  containsAny,
  containsFolded,
  inDays,
  inRange,
  queryRows,
  startsPattern,
  startsWithAny,
  toIso,
  whereOf,
} from '../../lib/sql.ts';
import { refreshShopperFigures } from '../buyers/figures.ts';
import { SHOPPERLESS_ORDERS_BY_SELLER } from '../orders/figures.ts';

/*
 * Every seller with their figures. The order figures are the seller's shoppers' totals (buyers
 * `seller_shopper_totals`, kept with the Shoppers list's figures, brought up to date before each
 * read) plus the few orders of no shopper; the session counts are aggregated once per seller in a
 * GROUP BY subquery joined on the seller (PostgreSQL drops the joins a count query does not use);
 * the latest subscription and the business address are one index lookup per seller. So the list
 * reads a row per seller, not the platform's orders.
 */
const ORDER_FIGURES = sql`
  LEFT JOIN seller_shopper_totals st ON st.seller_id = u.id
  LEFT JOIN (${SHOPPERLESS_ORDERS_BY_SELLER}) ns ON ns.seller_id = u.id`;

const SELLERS_WITH_FIGURES = sql`
  users u
  ${ORDER_FIGURES}
  LEFT JOIN (
    SELECT seller_id, count(*)::int AS total_sessions FROM live_sessions
    WHERE deleted_at IS NULL GROUP BY seller_id
  ) ls ON ls.seller_id = u.id
  LEFT JOIN LATERAL (
    SELECT s.plan_id, s.status, coalesce(s.current_period_end, s.trial_end) AS period_end
    FROM subscriptions s WHERE s.user_id = u.id ORDER BY s.created_at DESC, s.id DESC LIMIT 1
  ) sub ON true
  LEFT JOIN plans p ON p.id = sub.plan_id
  LEFT JOIN LATERAL (
    SELECT a.country_id FROM addresses a WHERE a.user_id = u.id
    ORDER BY (a.address_type = 'seller') DESC, a.id DESC LIMIT 1
  ) adr ON true`;

const IS_SELLER = sql.raw(`u.role_id = ${ROLE.seller}`);

/** The figures as SQL, shared by the select, the filters and the sort. */
const F = {
  total_orders: sql.raw('(coalesce(st.orders_count, 0) + coalesce(ns.total_orders, 0))'),
  total_buyers: sql.raw('coalesce(st.shoppers, 0)'),
  total_amount_cents: sql.raw('(coalesce(st.total_cents, 0) + coalesce(ns.total_amount_cents, 0))'),
  total_sessions: sql.raw('coalesce(ls.total_sessions, 0)'),
  percent_bp: sql.raw('coalesce(u.seller_percent_bp, p.percent_bp)'),
  subscription_end: sql.raw('sub.period_end'),
};

interface SellerRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  company_name: string | null;
  photo: string | null;
  created_at: Date | string;
  percent_bp: number | null;
  total_sessions: number;
  total_buyers: number;
  total_orders: number;
  total_amount_cents: number | string;
  subscription_end: Date | string | null;
  subscription_status: TSellerListItem['subscription_status'];
  country_id: number | null;
}

const sellerList: ListDef<TSellerListQuery, SellerRow, TSellerListItem> = {
  select: sql`u.id, u.first_name, u.last_name, u.email, u.company_name, u.photo, u.created_at,
    ${F.percent_bp} AS percent_bp, ${F.total_sessions} AS total_sessions, ${F.total_buyers} AS total_buyers,
    ${F.total_orders} AS total_orders, ${F.total_amount_cents} AS total_amount_cents,
    ${F.subscription_end} AS subscription_end, sub.status AS subscription_status, adr.country_id`,
  from: SELLERS_WITH_FIGURES,
  where: ({ queryFilter: f }) => [
    IS_SELLER,
    f.seller_id && sql`u.id = ${f.seller_id}`,
    f.country_id && sql`adr.country_id = ${f.country_id}`,
    ...inRange(F.total_orders, f.total_orders),
    ...inRange(F.total_sessions, f.total_sessions),
    ...inRange(F.total_buyers, f.total_buyers),
    ...inRange(F.total_amount_cents, f.total_amount, 100),
    ...inDays(sql`u.created_at`, f.created_at),
  ],
  search: [
    sql`concat_ws(' ', u.first_name, u.last_name)`,
    sql`concat_ws(' ', u.last_name, u.first_name)`,
    sql`u.email`,
    sql`u.company_name`,
  ],
  order: {
    columns: {
      total_orders: F.total_orders,
      total_sessions: F.total_sessions,
      total_buyers: F.total_buyers,
      total_amount: F.total_amount_cents,
      created_at: sql`u.created_at`,
      first_name: sql`lower(u.first_name)`,
      subscription_end: F.subscription_end,
    },
    tieBreaker: sql`u.id`,
  },
  map: (r) => ({
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    company_name: r.company_name,
    photo: r.photo,
    transaction_percent: r.percent_bp == null ? null : Number(r.percent_bp) / 100,
    total_sessions: Number(r.total_sessions),
    total_buyers: Number(r.total_buyers),
    total_orders: Number(r.total_orders),
    total_amount: toEuros(r.total_amount_cents),
    created_at: toIso(r.created_at) as string,
    subscription_end: toIso(r.subscription_end),
    subscription_status: r.subscription_status ?? null,
    country_id: r.country_id,
  }),
};

/** The admin's sellers list (SPEC §7 sellers/fetch-items). */
export async function listSellers(ctx: Ctx, q: TSellerListQuery): Promise<TSellerList> {
  await refreshShopperFigures(ctx.db);
  return runList(ctx.db, sellerList, q);
}

/**
 * What the sellers filters offer (SPEC §3 Seller): the countries sellers are in, every seller by
 * name, the bounds of each range, and the first and last creation days (Europe/Paris).
 */
export async function sellerFilters(ctx: Ctx): Promise<TSellerFilters> {
  await refreshShopperFigures(ctx.db);
  const countries = await queryRows<{ id: number; name_fr: string; name_en: string }>(
    ctx.db,
    sql`SELECT DISTINCT c.id, c.name_fr, c.name_en
        FROM users u
        JOIN LATERAL (
          SELECT a.country_id FROM addresses a WHERE a.user_id = u.id
          ORDER BY (a.address_type = 'seller') DESC, a.id DESC LIMIT 1
        ) adr ON true
        JOIN countries c ON c.id = adr.country_id
        WHERE ${IS_SELLER}
        ORDER BY ${ctx.locale === 'en' ? sql`c.name_en` : sql`c.name_fr`}`,
  );
  const bounds = (expr: SQL, name: string) =>
    sql`coalesce(min(${expr}), 0) AS ${sql.raw(`min_${name}`)}, coalesce(max(${expr}), 0) AS ${sql.raw(`max_${name}`)}`;
  const [b] = await queryRows<Record<string, number | string>>(
    ctx.db,
    sql`SELECT ${bounds(F.total_orders, 'orders')}, ${bounds(F.total_sessions, 'sessions')},
               ${bounds(F.total_buyers, 'buyers')}, ${bounds(F.total_amount_cents, 'amount')},
               to_char(min(u.created_at AT TIME ZONE ${TIME_ZONE}), 'YYYY-MM-DD') AS first_day,
               to_char(max(u.created_at AT TIME ZONE ${TIME_ZONE}), 'YYYY-MM-DD') AS last_day
        FROM users u
        ${ORDER_FIGURES}
        LEFT JOIN (
          SELECT seller_id, count(*)::int AS total_sessions FROM live_sessions
          WHERE deleted_at IS NULL GROUP BY seller_id
        ) ls ON ls.seller_id = u.id
        WHERE ${IS_SELLER}`,
  );
  const sellers = await queryRows<{ id: number; name: string | null; email: string | null }>(
    ctx.db,
    sql`SELECT u.id, nullif(concat_ws(' ', u.first_name, u.last_name), '') AS name, u.email
        FROM users u WHERE ${IS_SELLER}
        ORDER BY lower(concat_ws(' ', u.first_name, u.last_name)) NULLS LAST, u.id`,
  );
  return {
    items: {
      countries,
      sellers: sellers.map((s) => ({ id: s.id, name: s.name ?? s.email ?? `#${s.id}` })),
      total_orders: { min: Number(b.min_orders), max: Number(b.max_orders) },
      total_sessions: { min: Number(b.min_sessions), max: Number(b.max_sessions) },
      total_buyers: { min: Number(b.min_buyers), max: Number(b.max_buyers) },
      total_amount: { min: toEuros(b.min_amount), max: toEuros(b.max_amount) },
      created_at: {
        from: b.first_day ? String(b.first_day) : null,
        to: b.last_day ? String(b.last_day) : null,
      },
    },
  };
}

interface FoundRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  email_real: string | null;
  company_name: string | null;
}

/**
 * Users of one role whose name, e-mail or company contains `term` (case and accents ignored),
 * those starting with it first. At most 20.
 */
async function findUsers(ctx: Ctx, role: number, term: string | undefined, scope: Cond[] = []) {
  const t = term?.trim() ?? '';
  const fields = [
    sql`concat_ws(' ', u.first_name, u.last_name)`,
    sql`concat_ws(' ', u.last_name, u.first_name)`,
    sql`u.email`,
    sql`u.email_real`,
    sql`u.company_name`,
  ];
  // `search_text` holds the folded fields one per line (users/tables.ts): a term without a line
  // break is in a field exactly when it is in that text, and starts a field exactly when it starts
  // the text or a line of it, so the stored text decides without folding every candidate's fields.
  const byLines = !!t && !t.includes('\n');
  const starts = byLines
    ? sql`(u.search_text LIKE ${startsPattern(t)} OR u.search_text LIKE ${`%\n${startsPattern(t)}`})`
    : t && startsWithAny(fields, t);
  return queryRows<FoundRow>(
    ctx.db,
    sql`SELECT u.id, u.first_name, u.last_name, u.email, u.email_real, u.company_name
        FROM users u
        ${whereOf([
          sql`u.role_id = ${role}`,
          sql`u.status <> 'blocked'`,
          // the stored folded texts narrow every account down by their trigram index
          !!t && containsFolded([sql`u.search_text`], t),
          !!t && !byLines && containsAny(fields, t),
          ...scope,
        ])}
        ORDER BY ${starts ? sql`${starts} DESC,` : sql.empty()}
                 lower(u.first_name) ASC NULLS LAST, lower(u.last_name) ASC NULLS LAST, u.id ASC
        LIMIT ${FIND_USER_LIMIT}`,
  );
}

const fullName = (r: FoundRow) => [r.first_name, r.last_name].filter(Boolean).join(' ').trim();

/** GET users/find-seller: sellers by name, e-mail or company (admin). */
export async function findSellers(ctx: Ctx, term: string | undefined): Promise<TFindUserResult> {
  const rows = await findUsers(ctx, ROLE.seller, term);
  return {
    result: rows.map((r): TFoundUser => {
      const name = fullName(r);
      const label = name && r.company_name ? `${name} (${r.company_name})` : name || r.company_name || '';
      return {
        id: r.id,
        label: label || (r.email ?? r.email_real ?? `#${r.id}`),
        email: r.email ?? r.email_real,
      };
    }),
  };
}

/**
 * GET users/find-buyer: shoppers by name or e-mail. The admin searches them all; a seller only
 * the shoppers who ordered from them (directly or through the social identity they linked).
 */
export async function findBuyers(ctx: Ctx, term: string | undefined): Promise<TFindUserResult> {
  const user = ctx.user;
  if (!user) throw new AppError('unauthorized');
  const scope: Cond[] =
    user.role_id === ROLE.admin
      ? []
      : [
          sql`EXISTS (
            SELECT 1 FROM orders o LEFT JOIN social_identities si ON si.id = o.social_identity_id
            WHERE o.seller_id = ${user.id} AND coalesce(o.buyer_id, si.user_id) = u.id)`,
        ];
  const rows = await findUsers(ctx, ROLE.buyer, term, scope);
  return {
    result: rows.map((r) => ({
      id: r.id,
      label: fullName(r) || (r.email ?? r.email_real ?? `#${r.id}`),
      email: r.email ?? r.email_real,
    })),
  };
}
