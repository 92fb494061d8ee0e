import { sql } from 'drizzle-orm';
import {
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
import { oneOf, timestamps } from '../../db/columns.ts';
import { socialIdentities } from '../buyers/tables.ts';
import { liveSessions } from '../live/tables.ts';
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
    /** Trigger words as the seller wrote them (trimmed), comma separated; compared through `triggerKey`. */
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

/**
 * How many comments a custom reply answered in one live: the "answers per live" limit is a
 * conditional increment of this row, so two claims at once never pass it.
 */
export const chatbotSessionAnswers = pgTable(
  'chatbot_session_answers',
  {
    message_id: integer('message_id')
      .notNull()
      .references(() => chatbotMessages.id, { onDelete: 'cascade' }),
    session_id: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: integer('answers').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.message_id, t.session_id] }),
    index('chatbot_session_answers_session_idx').on(t.session_id),
    check('chatbot_session_answers_answers_check', sql`${t.answers} >= 0`),
  ],
);

/** The viewers a custom reply answered in a live: once per viewer per reply per live. */
export const chatbotViewerAnswers = pgTable(
  'chatbot_viewer_answers',
  {
    message_id: integer('message_id')
      .notNull()
      .references(() => chatbotMessages.id, { onDelete: 'cascade' }),
    session_id: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    social_identity_id: integer('social_identity_id')
      .notNull()
      .references(() => socialIdentities.id, { onDelete: 'cascade' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The comment it answered. */
    live_comment_id: integer('live_comment_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.message_id, t.session_id, t.social_identity_id] })],
);
