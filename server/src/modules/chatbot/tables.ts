import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from '../../db/columns.ts';
import { products } from '../products/tables.ts';
import { users } from '../users/tables.ts';

export const CHATBOT_TYPES = ['system', 'users'] as const;

/**
 * A chatbot reply. `system` rows with no seller are the platform defaults (seeded, edited by the
 * admin); a seller's `system` row of the same name overrides the default for that seller.
 * `users` rows are a seller's own replies, triggered by `keywords`.
 */
export const chatbotMessages = pgTable(
  'chatbot_messages',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id').references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 10, enum: CHATBOT_TYPES }).notNull(),
    /** Scenario name; for system replies, the event it answers (`cart_created`, …). */
    name: varchar('name', { length: 100 }).notNull(),
    /** Trigger words, normalised and comma separated. */
    keywords: text('keywords').notNull().default(''),
    message_fr: text('message_fr').notNull().default(''),
    message_en: text('message_en').notNull().default(''),
    active: boolean('active').notNull().default(true),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    discount_percent: smallint('discount_percent'),
    answer_count: integer('answer_count').notNull().default(0),
    /** Null: no limit. */
    max_answer_count: integer('max_answer_count'),
    /** A mandatory reply cannot be switched off (the cart link). */
    mandatory: boolean('mandatory').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // NULLS NOT DISTINCT so the platform defaults (no seller) have unique names too.
    unique('chatbot_messages_seller_name_unique').on(t.seller_id, t.name).nullsNotDistinct(),
    index('chatbot_messages_seller_type_created_idx').on(t.seller_id, t.type, t.created_at),
    check('chatbot_messages_type_check', oneOf(t.type, CHATBOT_TYPES)),
    check('chatbot_messages_discount_check', sql`${t.discount_percent} between 0 and 100`),
    check(
      'chatbot_messages_answers_check',
      sql`${t.answer_count} >= 0 and (${t.max_answer_count} is null or ${t.max_answer_count} >= 0)`,
    ),
  ],
);
