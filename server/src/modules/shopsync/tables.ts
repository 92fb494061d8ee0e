import { SHOP_IMPORT_STATES, SHOP_LOG_KINDS, SHOP_LOG_STATUSES, SHOP_PLATFORMS } from '@livecart/contract/shops';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from '../../db/columns.ts';
import { orders } from '../orders/tables.ts';
import { productConfigurations, products } from '../products/tables.ts';
import { users } from '../users/tables.ts';

/**
 * A seller's web shop (Shopify or WooCommerce) synced with the live. Credentials are encrypted
 * with the server key and never sent to a client. `busy_until` is the lease of the one worker
 * syncing the shop at a time, whichever process it runs in.
 */
export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: varchar('platform', { length: 20, enum: SHOP_PLATFORMS }).notNull(),
    /** The shop's origin, `https://boutique.myshopify.com`. */
    url: varchar('url', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull().default(''),
    currency: varchar('currency', { length: 3 }).notNull().default('EUR'),
    key_encrypted: text('key_encrypted').notNull(),
    secret_encrypted: text('secret_encrypted').notNull(),
    /** What the test call answered for later calls (Shopify's location), and WooCommerce's webhook secret (encrypted). */
    extra: jsonb('extra').$type<Record<string, string>>().notNull().default({}),
    paused: boolean('paused').notNull().default(false),
    webhooks_at: timestamp('webhooks_at', { withTimezone: true }),
    last_error: varchar('last_error', { length: 500 }),
    failures: integer('failures').notNull().default(0),
    last_synced_at: timestamp('last_synced_at', { withTimezone: true }),
    last_reconciled_at: timestamp('last_reconciled_at', { withTimezone: true }),
    /** The next try after failures (backoff); null: at once. */
    retry_at: timestamp('retry_at', { withTimezone: true }),
    busy_until: timestamp('busy_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('shops_seller_url_unique').on(t.seller_id, t.url),
    index('shops_seller_idx').on(t.seller_id),
    check('shops_platform_check', oneOf(t.platform, SHOP_PLATFORMS)),
  ],
);

/**
 * A variant of the shop linked to a configuration here. `shop_known` is the shop's stock as this
 * side last saw it (after its own push, or a re-read): a re-read that finds another number means
 * the shop sold or counted, and the difference is applied here. `shop_debt` counts units the shop
 * sold that the live had already sold (a conflict the live won): the shop's next additions pay it
 * back before any reaches the live.
 */
export const shopVariants = pgTable(
  'shop_variants',
  {
    id: serial('id').primaryKey(),
    shop_id: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    configuration_id: integer('configuration_id')
      .notNull()
      .references(() => productConfigurations.id, { onDelete: 'cascade' }),
    external_product_id: varchar('external_product_id', { length: 100 }).notNull(),
    external_variant_id: varchar('external_variant_id', { length: 100 }).notNull(),
    inventory_item_id: varchar('inventory_item_id', { length: 100 }),
    sku: varchar('sku', { length: 100 }),
    shop_known: integer('shop_known').notNull().default(0),
    shop_debt: integer('shop_debt').notNull().default(0),
    price_cents: integer('price_cents'),
    ...timestamps,
  },
  (t) => [
    unique('shop_variants_shop_variant_unique').on(t.shop_id, t.external_variant_id),
    unique('shop_variants_shop_configuration_unique').on(t.shop_id, t.configuration_id),
    index('shop_variants_configuration_idx').on(t.configuration_id),
    index('shop_variants_inventory_item_idx').on(t.shop_id, t.inventory_item_id),
    check('shop_variants_debt_check', sql`${t.shop_debt} >= 0`),
  ],
);

/**
 * The live's stock changes waiting to reach the shop, journaled by the trigger of
 * `shopsync/sql/journal.sql` in the transaction of each change (so none is lost to a crash). The
 * worker pushes each variant's sum and deletes what it pushed.
 */
export const shopStockChanges = pgTable(
  'shop_stock_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shop_id: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    variant_id: integer('variant_id')
      .notNull()
      .references(() => shopVariants.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shop_stock_changes_shop_idx').on(t.shop_id, t.variant_id)],
);

export const SHOP_ORDER_STATES = ['pending', 'pushed', 'failed', 'skipped'] as const;

/**
 * A paid live order for a shop (its lines include the shop's variants): created there once
 * (`external_id`), and its shipment told to the other side once (`shipped_out_at`,
 * `shipped_in_at`).
 */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: serial('id').primaryKey(),
    shop_id: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20, enum: SHOP_ORDER_STATES }).notNull().default('pending'),
    external_id: varchar('external_id', { length: 100 }),
    external_name: varchar('external_name', { length: 100 }),
    attempts: integer('attempts').notNull().default(0),
    last_error: varchar('last_error', { length: 500 }),
    /** Shipped here: to tell the shop. */
    ship_pending: boolean('ship_pending').notNull().default(false),
    shipped_out_at: timestamp('shipped_out_at', { withTimezone: true }),
    shipped_in_at: timestamp('shipped_in_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('shop_orders_shop_order_unique').on(t.shop_id, t.order_id),
    index('shop_orders_shop_status_idx').on(t.shop_id, t.status),
    uniqueIndex('shop_orders_external_idx').on(t.shop_id, t.external_id),
    check('shop_orders_status_check', oneOf(t.status, SHOP_ORDER_STATES)),
  ],
);

/** A notification of the shop, verified and kept until the worker applied it (a delivery once). */
export const shopEvents = pgTable(
  'shop_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shop_id: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    delivery_id: varchar('delivery_id', { length: 255 }).notNull(),
    topic: varchar('topic', { length: 100 }).notNull(),
    events: jsonb('events').notNull(),
    processed_at: timestamp('processed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('shop_events_delivery_unique').on(t.shop_id, t.delivery_id),
    index('shop_events_pending_idx').on(t.shop_id).where(sql`${t.processed_at} IS NULL`),
  ],
);

/** An import of the shop's catalogue: progress while it runs, then its report. */
export const shopImports = pgTable(
  'shop_imports',
  {
    id: serial('id').primaryKey(),
    shop_id: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20, enum: SHOP_IMPORT_STATES }).notNull().default('running'),
    done: integer('done').notNull().default(0),
    total: integer('total'),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    /** `{skipped, unknown_options, products}` of ZShopImportJob. */
    report: jsonb('report').notNull().default({}),
    error: varchar('error', { length: 500 }),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    /** The running import's lease (its process renews it); a stale one is failed by the next start. */
    heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shop_imports_shop_idx').on(t.shop_id, t.started_at),
    uniqueIndex('shop_imports_running_idx').on(t.shop_id).where(sql`${t.status} = 'running'`),
    check('shop_imports_status_check', oneOf(t.status, SHOP_IMPORT_STATES)),
  ],
);

/** The sync log: what moved, when, failures with the platform's message. */
export const shopLog = pgTable(
  'shop_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shop_id: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20, enum: SHOP_LOG_KINDS }).notNull(),
    status: varchar('status', { length: 20, enum: SHOP_LOG_STATUSES }).notNull().default('ok'),
    params: jsonb('params').$type<Record<string, string | number | null>>().notNull().default({}),
    platform_message: varchar('platform_message', { length: 500 }),
    /** A failed order push or shipment this entry can send again (`shop_orders.id`). */
    shop_order_id: integer('shop_order_id').references(() => shopOrders.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shop_log_shop_idx').on(t.shop_id, t.created_at),
    check('shop_log_kind_check', oneOf(t.kind, SHOP_LOG_KINDS)),
    check('shop_log_status_check', oneOf(t.status, SHOP_LOG_STATUSES)),
  ],
);
