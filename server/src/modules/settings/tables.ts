import { CART_DURATION_MAX_MINUTES, LOCALES } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

export const DOCTYPES = ['file', 'link'] as const;

/**
 * A seller's settings: the shop's language, cart duration, free shipping, and legal documents
 * (files or links). A seller without a row has the defaults.
 */
export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The language of what the shop's shoppers receive (private replies, checkout link, e-mails,
     * invoices) unless a shopper chose another at checkout; never the seller's interface language.
     */
    shop_locale: varchar('shop_locale', { length: 2, enum: LOCALES }).notNull().default('fr'),
    /** Default cart duration of new live sessions, in minutes. */
    cart_duration: integer('cart_duration').notNull().default(30),
    /** Free-shipping window (free_shipping_periods) on or off. */
    free_shipping_timer: boolean('free_shipping_timer').notNull().default(false),
    /** Free shipping above `free_shipping_threshold_cents` on or off. */
    free_shipping_status: boolean('free_shipping_status').notNull().default(false),
    free_shipping_threshold_cents: integer('free_shipping_threshold_cents'),
    /** Whether the legal texts are uploaded files or links. */
    doctype: varchar('doctype', { length: 10, enum: DOCTYPES }).notNull().default('file'),
    privacy_doc: varchar('privacy_doc', { length: 500 }),
    terms_doc: varchar('terms_doc', { length: 500 }),
    delivery_doc: varchar('delivery_doc', { length: 500 }),
    return_doc: varchar('return_doc', { length: 500 }),
    privacy_link: varchar('privacy_link', { length: 1000 }),
    terms_link: varchar('terms_link', { length: 1000 }),
    delivery_link: varchar('delivery_link', { length: 1000 }),
    return_link: varchar('return_link', { length: 1000 }),
    /** The private reply a blocked shopper's comments get, in the seller's words; null: the default text. */
    blocked_message: varchar('blocked_message', { length: 1000 }),
    /** When the seller closed the first-live checklist of their dashboard. */
    checklist_dismissed_at: timestamp('checklist_dismissed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check(
      'settings_cart_duration_check',
      sql`${t.cart_duration} between 0 and ${sql.raw(String(CART_DURATION_MAX_MINUTES))}`,
    ),
    check('settings_threshold_check', sql`${t.free_shipping_threshold_cents} >= 0`),
    check('settings_doctype_check', oneOf(t.doctype, DOCTYPES)),
    check('settings_shop_locale_check', oneOf(t.shop_locale, LOCALES)),
  ],
);
