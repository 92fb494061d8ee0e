import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from '../../db/columns.ts';
import { foldDdl, foldDdlOf } from '../../lib/sql.ts';
import { SOCIAL_PLATFORMS } from '../stores/tables.ts';
import { users } from '../users/tables.ts';

/**
 * A person commenting at one seller's lives, and the buyer account they turned out to be once
 * they linked that seller's checkout link. Platform user ids are page-scoped (and the capture tool
 * or simulator says who commented), so an identity belongs to one seller: the same id at another
 * seller is another row, and linking it moves nothing of the other seller's.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: varchar('platform', { length: 20, enum: SOCIAL_PLATFORMS }).notNull(),
    external_user_id: varchar('external_user_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 255 }),
    /** The name in lower case without accents, kept by the database: the Orders search. */
    name_search: text('name_search').generatedAlwaysAs(sql.raw(foldDdl('name'))),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    linked_at: timestamp('linked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('social_identities_seller_platform_user_unique').on(t.seller_id, t.platform, t.external_user_id),
    index('social_identities_user_idx').on(t.user_id),
    index('social_identities_name_search_idx').using('gin', sql`${t.name_search} gin_trgm_ops`),
    check('social_identities_platform_check', oneOf(t.platform, SOCIAL_PLATFORMS)),
  ],
);

/**
 * A shopper a seller blocked: their comments at this seller's lives reserve nothing and are
 * answered with the seller's message. Either a shopper account (every identity linked to it at this
 * seller, now or later) or a commenter who never signed in (one social identity).
 */
export const buyerBlocks = pgTable(
  'buyer_blocks',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    social_identity_id: integer('social_identity_id').references(() => socialIdentities.id, {
      onDelete: 'cascade',
    }),
    blocked_by: integer('blocked_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('buyer_blocks_seller_user_unique')
      .on(t.seller_id, t.user_id)
      .where(sql`${t.user_id} is not null`),
    uniqueIndex('buyer_blocks_seller_identity_unique')
      .on(t.seller_id, t.social_identity_id)
      .where(sql`${t.social_identity_id} is not null`),
    check('buyer_blocks_one_shopper_check', sql`num_nonnulls(${t.user_id}, ${t.social_identity_id}) = 1`),
  ],
);

/** `concat_ws(' ', first, last)` written with immutable functions only (a generated column's rule). */
const NAME_FIRST_LAST = `coalesce("first_name" || ' ' || "last_name", "first_name", "last_name", '')`;
const NAME_LAST_FIRST = `coalesce("last_name" || ' ' || "first_name", "last_name", "first_name", '')`;

/**
 * The Shoppers list's figures, one row per seller × shopper, exactly as `clientFigures`
 * (buyers/shoppers.ts) computes them from the orders and identities: a read model, so the list of a
 * seller with 100,000 orders pages through an index instead of grouping every order on each visit.
 * Kept up to date from `shopper_figures_stale`: the changes of orders, identities and account names
 * mark their shopper there (triggers of `sql/figures.sql`, in the transaction of the change), and the
 * marks are folded in before a list is read and in the background (buyers/figures.ts). Whether the
 * seller blocked the shopper, the country's and the seller's names are read with the page.
 */
export const shopperFigures = pgTable(
  'shopper_figures',
  {
    /** `{seller_id}:u{user_id}` or `{seller_id}:s{identity_id}`: the list's `key`. */
    row_key: text('row_key').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user_id: integer('user_id'),
    identity_id: integer('identity_id'),
    /** The name as shown (the latest delivery address's, else the account's, else the commenter's). */
    first_name: text('first_name'),
    last_name: text('last_name'),
    phone: text('phone'),
    city: text('city'),
    post_code: text('post_code'),
    country_id: integer('country_id'),
    orders_count: integer('orders_count').notNull(),
    total_cents: bigint('total_cents', { mode: 'number' }).notNull(),
    unpaid_carts: integer('unpaid_carts').notNull(),
    last_order_at: timestamp('last_order_at', { withTimezone: true }),
    ever_paid: boolean('ever_paid').notNull(),
    /** The name as shown, `first last` and `last first`, folded (lower case, no accents): the name filter. */
    name_search: text('name_search')
      .notNull()
      .generatedAlwaysAs(sql.raw(foldDdlOf(NAME_FIRST_LAST))),
    name_search_rev: text('name_search_rev')
      .notNull()
      .generatedAlwaysAs(sql.raw(foldDdlOf(NAME_LAST_FIRST))),
    /** Both names, the phone and the city, folded, one a line: the list's search (`query`). */
    search_text: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `${foldDdlOf(NAME_FIRST_LAST)} || E'\\n' || ${foldDdlOf(NAME_LAST_FIRST)} || E'\\n' || ` +
            `${foldDdlOf(`coalesce("phone", '')`)} || E'\\n' || ${foldDdlOf(`coalesce("city", '')`)}`,
        ),
      ),
  },
  (t) => [
    // the default sort (first name ASC) of a seller's list, and of admin's Clients
    index('shopper_figures_seller_name_idx').on(t.seller_id, sql`lower(${t.first_name})`, t.row_key),
    index('shopper_figures_name_idx').on(sql`lower(${t.first_name})`, t.row_key),
    // a seller's best shoppers (the most spent, the most orders) and the worst payers first
    index('shopper_figures_seller_spent_idx').on(t.seller_id, t.total_cents, t.row_key),
    index('shopper_figures_seller_orders_idx').on(t.seller_id, t.orders_count, t.row_key),
    index('shopper_figures_seller_unpaid_idx').on(t.seller_id, t.unpaid_carts, t.row_key),
    // the same across every seller (admin's Clients)
    index('shopper_figures_spent_idx').on(t.total_cents, t.row_key),
    index('shopper_figures_unpaid_idx').on(t.unpaid_carts, t.row_key),
    // the list's search (`query`): a substring of the folded texts, by trigrams
    index('shopper_figures_search_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    index('shopper_figures_user_idx').on(t.user_id),
  ],
);

/**
 * Shoppers whose figures changed since `shopper_figures` was last brought up to date: (seller,
 * account, identity) as the changed order or identity names them (either may be null; both null:
 * the whole seller). Written only by the triggers of `sql/figures.sql`; taken by buyers/figures.ts.
 */
export const shopperFiguresStale = pgTable(
  'shopper_figures_stale',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seller_id: integer('seller_id').notNull(),
    user_id: integer('user_id'),
    identity_id: integer('identity_id'),
  },
  (t) => [index('shopper_figures_stale_seller_idx').on(t.seller_id)],
);

/**
 * `shopper_figures` summed per seller: its rows, how many shoppers ordered, their orders and what they
 * paid.
 * Changed only with `shopper_figures` itself, in the same transaction (buyers/figures.ts), so the
 * two always agree; the admin's sellers list and its filters read a seller's totals from here
 * instead of grouping every order of the platform.
 */
export const sellerShopperTotals = pgTable('seller_shopper_totals', {
  seller_id: integer('seller_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Its rows of `shopper_figures`: every shopper, commenters who never ordered included. */
  figure_rows: integer('figure_rows').notNull(),
  /** Shoppers with at least one order (`orders_count > 0`). */
  shoppers: integer('shoppers').notNull(),
  orders_count: integer('orders_count').notNull(),
  total_cents: bigint('total_cents', { mode: 'number' }).notNull(),
  /** Its rows that never paid (`NOT ever_paid`): the count of the list filtered on `never_paid`. */
  never_paid: integer('never_paid').notNull().default(0),
});

/**
 * `shopper_figures` summed per shopper across sellers: an account's rows at every seller in one
 * (`u{user id}`), an identity no account claimed as it is (`s{identity id}`). Changed only with
 * `shopper_figures` itself, in the same transaction (buyers/figures.ts): the admin's dashboard reads
 * its best shoppers here instead of grouping every seller's figures. A shopper whose orders all went
 * keeps a row with `orders_count` 0.
 */
export const platformShoppers = pgTable(
  'platform_shoppers',
  {
    shopper_key: text('shopper_key').primaryKey(),
    user_id: integer('user_id'),
    identity_id: integer('identity_id'),
    orders_count: integer('orders_count').notNull(),
    total_cents: bigint('total_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    // the dashboard's order: the most spent, then the most orders, then the key
    index('platform_shoppers_best_idx')
      .on(t.total_cents.desc(), t.orders_count.desc(), t.shopper_key)
      .where(sql`${t.orders_count} > 0`),
  ],
);

/**
 * How many rows of `platform_shoppers` have an order: one row, moved at the end of each refresh of
 * the figures by what it changed (buyers/figures.ts), so the admin's count is not counted again.
 */
export const platformShopperCount = pgTable(
  'platform_shopper_count',
  {
    id: boolean('id').primaryKey().default(true),
    shoppers: integer('shoppers').notNull(),
  },
  (t) => [check('platform_shopper_count_one_row', sql`${t.id}`)],
);
