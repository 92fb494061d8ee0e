import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { softDelete, timestamps } from '../../db/columns.ts';
import { foldDdl } from '../../lib/sql.ts';
import { colors, materials, sizes, styles } from '../reference/tables.ts';
import { users } from '../users/tables.ts';

/** A seller's free tags on products; the service stores names trimmed and lower-cased. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('tags_seller_name_unique').on(t.seller_id, t.name)],
);

/**
 * A product of a seller's inventory. Stock lives on its configurations (a simple product has one);
 * `price_cents` and `quantity` here are the simple product's values or the editor's defaults.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    /** The name in lower case without accents, kept by the database: name search and sort. */
    name_search: text('name_search')
      .notNull()
      .generatedAlwaysAs(sql.raw(foldDdl('name'))),
    description: text('description').notNull().default(''),
    is_publish: boolean('is_publish').notNull().default(false),
    configured: boolean('configured').notNull().default(false),
    /** Normalised keywords, comma separated (`robe12,dress12`); product_keywords indexes them. */
    keywords: text('keywords').notNull().default(''),
    sku: varchar('sku', { length: 100 }),
    price_cents: integer('price_cents').notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
    material_id: integer('material_id').references(() => materials.id, { onDelete: 'set null' }),
    style_id: integer('style_id').references(() => styles.id, { onDelete: 'set null' }),
    ...softDelete,
    ...timestamps,
  },
  (t) => [
    // The inventory list's sorts, of products not deleted (as the list reads them): its count of a
    // large inventory is an index-only scan, with no visit of the rows to check deleted_at.
    index('products_seller_created_idx')
      .on(t.seller_id, t.created_at, t.id)
      .where(sql`${t.deleted_at} is null`),
    index('products_seller_name_idx')
      .on(t.seller_id, t.name_search, t.id)
      .where(sql`${t.deleted_at} is null`),
    index('products_seller_price_idx')
      .on(t.seller_id, t.price_cents, t.id)
      .where(sql`${t.deleted_at} is null`),
    index('products_seller_quantity_idx').on(t.seller_id, t.quantity),
    check('products_price_check', sql`${t.price_cents} >= 0`),
    check('products_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/**
 * The keyword → product lookup of the comment path. A row exists only while its product is
 * published and not deleted, so a keyword belongs to at most one live product per seller.
 */
export const productKeywords = pgTable(
  'product_keywords',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    keyword: varchar('keyword', { length: 100 }).notNull(),
  },
  (t) => [
    unique('product_keywords_seller_keyword_unique').on(t.seller_id, t.keyword),
    index('product_keywords_product_idx').on(t.product_id),
  ],
);

/**
 * One colour × size of a product with its own price, SKU and stock. Stock changes only by a
 * conditional UPDATE; the CHECK is the last guard against overselling.
 */
export const productConfigurations = pgTable(
  'product_configurations',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    color_id: integer('color_id').references(() => colors.id),
    size_id: integer('size_id').references(() => sizes.id),
    price_cents: integer('price_cents').notNull(),
    sku: varchar('sku', { length: 100 }),
    quantity: integer('quantity').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // NULLS NOT DISTINCT (PostgreSQL 15+): a product without sizes still has one row per colour.
    unique('product_configurations_variant_unique')
      .on(t.product_id, t.color_id, t.size_id)
      .nullsNotDistinct(),
    index('product_configurations_seller_color_idx').on(t.seller_id, t.color_id),
    index('product_configurations_seller_size_idx').on(t.seller_id, t.size_id),
    check('product_configurations_quantity_check', sql`${t.quantity} >= 0`),
    check('product_configurations_price_check', sql`${t.price_cents} >= 0`),
  ],
);

/** Photos of a product: an uploaded file (`path`) or an external link (`url`, from CSV import). */
export const productPhotos = pgTable(
  'product_photos',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    path: varchar('path', { length: 500 }),
    url: varchar('url', { length: 2000 }),
    thumb_path: varchar('thumb_path', { length: 500 }),
    position: smallint('position').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_photos_product_idx').on(t.product_id, t.position),
    check('product_photos_source_check', sql`${t.path} is not null or ${t.url} is not null`),
  ],
);

/** Tags of a product. */
export const productTags = pgTable(
  'product_tags',
  {
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tag_id: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.product_id, t.tag_id] }), index('product_tags_tag_idx').on(t.tag_id)],
);

/**
 * A number per seller that moves with every change of their products (sql/catalogue.sql: created,
 * saved, published or unpublished, deleted, a photo changed), read by each post of a live to know
 * whether its cached catalogue is still the seller's (live/claim.ts). One row read, whatever the
 * catalogue's size. No row: never changed since this table exists.
 */
export const catalogueVersions = pgTable('catalogue_versions', {
  // No foreign key: the products of a seller being deleted are deleted by their cascade, whose
  // trigger still writes here after the seller's row is gone.
  seller_id: integer('seller_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
