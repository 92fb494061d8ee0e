import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { countries } from '../reference/tables.ts';
import { users } from '../users/tables.ts';

/**
 * A shipping method. Rows with no seller are the admin's catalogue (carrier name and logo); a
 * seller's row is their copy of a catalogue entry (`template_id`, made the first time they switch
 * it or price a country) with their switch, and only copies carry countries and prices. A copy
 * keeps its entry's name (renamed with it); its logo is the entry's.
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id').references(() => users.id, { onDelete: 'cascade' }),
    template_id: integer('template_id').references((): AnyPgColumn => shippingMethods.id, {
      onDelete: 'set null',
    }),
    name: varchar('name', { length: 100 }).notNull(),
    logo: varchar('logo', { length: 500 }),
    /** On or off (the list's switch). */
    status: boolean('status').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    // NULLS NOT DISTINCT: two catalogue methods (no seller) cannot share a name either.
    unique('shipping_methods_seller_name_unique').on(t.seller_id, t.name).nullsNotDistinct(),
    // a seller has one copy of a catalogue method (their switch, countries and prices)
    uniqueIndex('shipping_methods_seller_template_unique')
      .on(t.template_id, t.seller_id)
      .where(sql`${t.template_id} IS NOT NULL`),
  ],
);

/** The price of a seller's shipping method to one country. */
export const shippingMethodCountries = pgTable(
  'shipping_method_countries',
  {
    id: serial('id').primaryKey(),
    shipping_method_id: integer('shipping_method_id')
      .notNull()
      .references(() => shippingMethods.id, { onDelete: 'cascade' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    price_cents: integer('price_cents').notNull().default(0),
  },
  (t) => [
    unique('shipping_method_countries_pair_unique').on(t.shipping_method_id, t.country_id),
    index('shipping_method_countries_seller_country_idx').on(t.seller_id, t.country_id),
    check('shipping_method_countries_price_check', sql`${t.price_cents} >= 0`),
  ],
);

/**
 * A free-shipping window: once a shopper has paid shipping in it, their later orders of the
 * window ship free. At most one active window per seller; setting a new one deactivates the old.
 */
export const freeShippingPeriods = pgTable(
  'free_shipping_periods',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    free_shipping_from: timestamp('free_shipping_from', { withTimezone: true }).notNull(),
    free_shipping_to: timestamp('free_shipping_to', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('free_shipping_periods_one_active').on(t.seller_id).where(sql`${t.active}`),
    index('free_shipping_periods_seller_created_idx').on(t.seller_id, t.created_at),
    check('free_shipping_periods_range_check', sql`${t.free_shipping_to} > ${t.free_shipping_from}`),
  ],
);
