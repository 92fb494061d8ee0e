import { ORDER_STATUSES } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from '../../db/columns.ts';
import { foldNamesDdl } from '../../lib/sql.ts';
import { socialIdentities } from '../buyers/tables.ts';
import { liveSessions } from '../live/tables.ts';
import { productConfigurations, products } from '../products/tables.ts';
import { countries } from '../reference/tables.ts';
import { shippingMethods } from '../shipping/tables.ts';
import { addresses, users } from '../users/tables.ts';

/**
 * The ship-to name of an order in lower case without accents, as its search index holds it: a
 * query matches that index only when it writes the same expression (orders/search.ts).
 */
export const SHIP_NAME_SEARCH = foldNamesDdl('ship_first_name', 'ship_last_name');

/**
 * An order, which is the shopper's cart while `new`: the countdown `expires_at` restarts with
 * each article added, and a sweep expires it and returns the stock. Financial record: a seller
 * with orders cannot be deleted (RESTRICT).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    buyer_id: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    social_identity_id: integer('social_identity_id').references(() => socialIdentities.id, {
      onDelete: 'set null',
    }),
    session_id: integer('session_id').references(() => liveSessions.id, { onDelete: 'set null' }),
    /** Public, unguessable number used in checkout links. */
    order_number: varchar('order_number', { length: 32 }).notNull().unique(),
    /** SHA-256 of the secret that opens the checkout before the shopper signs in. */
    access_token_hash: varchar('access_token_hash', { length: 64 }),
    status: varchar('status', { length: 20, enum: ORDER_STATUSES }).notNull().default('new'),
    subtotal_cents: integer('subtotal_cents').notNull().default(0),
    discount_cents: integer('discount_cents').notNull().default(0),
    shipping_cents: integer('shipping_cents').notNull().default(0),
    total_amount_cents: integer('total_amount_cents').notNull().default(0),
    /** Cart deadline while `new`; null once paid. */
    expires_at: timestamp('expires_at', { withTimezone: true }),
    /** The platform comment id that created the order (links a signed-in shopper to it). */
    comment_id: varchar('comment_id', { length: 128 }),
    /** Language of the shopper's messages, mails and invoice. */
    locale: varchar('locale', { length: 2 }).notNull().default('fr'),
    /** When the shopper was told the cart's countdown is nearly over (once per countdown). */
    expiring_notified_at: timestamp('expiring_notified_at', { withTimezone: true }),
    shipping_method_id: integer('shipping_method_id').references(() => shippingMethods.id, {
      onDelete: 'set null',
    }),
    /** Snapshot of the shipping method's name at checkout (the list sorts by it). */
    shipping_method_name: varchar('shipping_method_name', { length: 100 }),
    address_id: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    /** Snapshot of the delivery address at checkout, kept for the invoice. */
    ship_first_name: varchar('ship_first_name', { length: 100 }),
    ship_last_name: varchar('ship_last_name', { length: 100 }),
    ship_phone: varchar('ship_phone', { length: 30 }),
    ship_address1: varchar('ship_address1', { length: 255 }),
    ship_address2: varchar('ship_address2', { length: 255 }),
    ship_city: varchar('ship_city', { length: 100 }),
    ship_state: varchar('ship_state', { length: 100 }),
    ship_post_code: varchar('ship_post_code', { length: 20 }),
    country_id: integer('country_id').references(() => countries.id),
    /** Payment method code chosen at checkout (`card`, `paypal`, `bancontact`, …). */
    payment_method: varchar('payment_method', { length: 30 }),
    /**
     * When the shopper first started paying this cart. From then on it takes no more articles:
     * later comments of the viewer and the waiting list open a new cart, so a payment always
     * covers the cart it was made for.
     */
    checkout_at: timestamp('checkout_at', { withTimezone: true }),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    shipped_at: timestamp('shipped_at', { withTimezone: true }),
    /** Set when shipped (bulk-shipping): the carrier's name and its tracking number, if given. */
    carrier: varchar('carrier', { length: 60 }),
    tracking_number: varchar('tracking_number', { length: 60 }),
    canceled_at: timestamp('canceled_at', { withTimezone: true }),
    /** When the seller last sent the shopper a reminder of this unpaid cart (at most once an hour). */
    reminded_at: timestamp('reminded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // A seller's orders by status and date; the figures the dashboard's totals sum ride along, so
    // they are read from the index alone (a large seller's 100,000 orders without a table visit).
    index('orders_seller_status_created_idx').on(
      t.seller_id,
      t.status,
      t.created_at,
      t.paid_at,
      t.total_amount_cents,
      t.shipping_cents,
      t.subtotal_cents,
      t.id,
    ),
    index('orders_seller_created_idx').on(t.seller_id, t.created_at),
    // The Orders screen's sorts, for a seller and for admin across sellers (ties broken by id).
    index('orders_seller_amount_idx').on(t.seller_id, t.total_amount_cents, t.id),
    index('orders_created_idx').on(t.created_at, t.id),
    index('orders_status_created_idx').on(t.status, t.created_at, t.id),
    index('orders_amount_idx').on(t.total_amount_cents, t.id),
    // A shopper's orders, newest first; the trailing columns let the Orders search count and page
    // the orders of the shoppers it found from the index alone (an index-only scan).
    index('orders_buyer_created_idx').on(
      t.buyer_id,
      t.created_at,
      t.id,
      t.seller_id,
      t.status,
      t.subtotal_cents,
    ),
    index('orders_session_idx').on(t.session_id),
    // The filters' choices (fetch-filters): the countries and shipping methods a seller's orders
    // (or admin's, every seller's) use, one probe each instead of reading every order.
    index('orders_country_seller_idx').on(t.country_id, t.seller_id),
    index('orders_shipping_method_idx').on(t.shipping_method_id),
    index('orders_comment_idx').on(t.comment_id),
    index('orders_social_identity_idx').on(
      t.social_identity_id,
      t.created_at,
      t.id,
      t.seller_id,
      t.status,
      t.subtotal_cents,
    ),
    // The Orders search (pg_trgm): part of an order number; the ship-to name of an order without
    // an account (an account's orders are found by the account's name). An open cart's row is
    // written again at every post of a live that adds to it (its totals), which adds its entries
    // to these indexes' pending lists; the backend that finds a list over its limit merges it,
    // under the locks of that post. A small limit (256 kB, PostgreSQL's default 4 MB) keeps each
    // merge to a few milliseconds instead of tens, for about the same work in all.
    index('orders_number_search_idx')
      .using('gin', sql`lower(${t.order_number}) gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
    index('orders_ship_name_search_idx')
      .using('gin', sql.raw(`${SHIP_NAME_SEARCH} gin_trgm_ops`))
      .with({ gin_pending_list_limit: 256 })
      .where(sql`${t.buyer_id} is null`),
    // Orders of no shopper (neither an account nor a commenter): the sellers list adds them to
    // the shoppers' totals (buyers `seller_shopper_totals`); they are few, so one small index.
    index('orders_without_shopper_idx')
      .on(t.seller_id)
      .where(sql`${t.buyer_id} is null and ${t.social_identity_id} is null`),
    index('orders_expiring_idx').on(t.expires_at).where(sql`${t.status} = 'new'`),
    // One cart taking articles per shopper and seller: a burst of comments from one viewer fills
    // one cart. A cart whose payment has started no longer takes any (checkout_at).
    uniqueIndex('orders_one_open_cart')
      .on(t.seller_id, t.social_identity_id)
      .where(sql`${t.status} = 'new' and ${t.social_identity_id} is not null and ${t.checkout_at} is null`),
    check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
    check(
      'orders_amounts_check',
      sql`${t.subtotal_cents} >= 0 and ${t.discount_cents} >= 0 and ${t.shipping_cents} >= 0 and ${t.total_amount_cents} >= 0`,
    ),
  ],
);

/**
 * How many orders of a seller are in a status, as rows of changes: a trigger on `orders` adds +1
 * for the status an order enters and −1 for the one it leaves (open carts, `new`, are not kept:
 * they are few and counted from `orders`), and the sweeper folds a seller's rows into one now and
 * then. Adding rows never waits on a lock, so payments, shipping and the sweeper never queue
 * behind each other; the count of a status is the sum of its rows (the Orders tabs, admin's
 * across every seller).
 */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20, enum: ORDER_STATUSES }).notNull(),
    n: integer('n').notNull(),
    /**
     * The money of those orders, moved the same way (an order's amounts changed in its status
     * count too): `total_amount_cents`, `shipping_cents`, and the total of those ever paid
     * (`paid_at` set: a canceled one is refunded). The dashboards' totals, without their orders.
     */
    amount_cents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    shipping_cents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
    paid_amount_cents: bigint('paid_amount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('order_status_counts_seller_idx').on(t.seller_id, t.status)],
);

/** A line of an order, with snapshots of what was sold so later product edits do not rewrite it. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    configuration_id: integer('configuration_id').references(() => productConfigurations.id, {
      onDelete: 'set null',
    }),
    name: varchar('name', { length: 255 }).notNull(),
    color_label: varchar('color_label', { length: 50 }),
    size_label: varchar('size_label', { length: 50 }),
    sku: varchar('sku', { length: 100 }),
    unit_price_cents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    photo: varchar('photo', { length: 2000 }),
    ...timestamps,
  },
  (t) => [
    index('order_items_order_idx').on(t.order_id),
    index('order_items_configuration_idx').on(t.configuration_id),
    index('order_items_product_idx').on(t.product_id),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_price_check', sql`${t.unit_price_cents} >= 0`),
  ],
);

/** Every status an order went through, who set it and why. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20, enum: ORDER_STATUSES }).notNull(),
    /** Who changed it; null for the system (cart expiry, payment webhook). */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_status_history_order_idx').on(t.order_id, t.created_at),
    check('order_status_history_status_check', oneOf(t.status, ORDER_STATUSES)),
  ],
);

/**
 * A discount a viewer was given during a live (a chatbot reply's): a percent off one product, or
 * off the whole cart when `product_id` is null, on their cart of that session. A cart's discount
 * is recomputed with its totals (`orders_cart_totals`): each line takes the highest percent that
 * applies to it.
 */
export const cartDiscounts = pgTable(
  'cart_discounts',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    session_id: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    social_identity_id: integer('social_identity_id')
      .notNull()
      .references(() => socialIdentities.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    percent: smallint('percent').notNull(),
    /** What gave it (`chatbot`) and which of its rows: one discount per giver and viewer per live. */
    source: varchar('source', { length: 20 }).notNull(),
    source_id: integer('source_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('cart_discounts_giver_unique').on(t.session_id, t.social_identity_id, t.source, t.source_id),
    check('cart_discounts_percent_check', sql`${t.percent} between 1 and 100`),
  ],
);

export const WAITING_STATUSES = ['waiting', 'served', 'canceled'] as const;

/**
 * A shopper queued for a sold-out configuration. Released stock goes to the oldest `waiting`
 * row by comment time (index configuration_id, status, comment_time).
 */
export const waitingList = pgTable(
  'waiting_list',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    session_id: integer('session_id').references(() => liveSessions.id, { onDelete: 'set null' }),
    configuration_id: integer('configuration_id')
      .notNull()
      .references(() => productConfigurations.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    social_identity_id: integer('social_identity_id').references(() => socialIdentities.id, {
      onDelete: 'set null',
    }),
    buyer_id: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The platform comment id that queued the shopper. */
    comment_id: varchar('comment_id', { length: 128 }),
    quantity: integer('quantity').notNull().default(1),
    comment_time: timestamp('comment_time', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 20, enum: WAITING_STATUSES }).notNull().default('waiting'),
    served_order_id: integer('served_order_id').references(() => orders.id, { onDelete: 'set null' }),
    served_at: timestamp('served_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('waiting_list_queue_idx').on(t.configuration_id, t.status, t.comment_time),
    index('waiting_list_seller_status_created_idx').on(t.seller_id, t.status, t.created_at),
    index('waiting_list_comment_idx').on(t.comment_id),
    index('waiting_list_social_identity_idx').on(t.social_identity_id),
    index('waiting_list_buyer_idx').on(t.buyer_id),
    check('waiting_list_status_check', oneOf(t.status, WAITING_STATUSES)),
    check('waiting_list_quantity_check', sql`${t.quantity} > 0`),
  ],
);
