import { CART_DURATION_MAX_MINUTES, LIVE_SESSION_STATUSES } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf, softDelete, timestamps } from '../../db/columns.ts';
import { socialIdentities } from '../buyers/tables.ts';
import { stores } from '../stores/tables.ts';
import { users } from '../users/tables.ts';

/**
 * A live selling session. It goes scheduled → live → closed only when the seller stops it;
 * `order_timer_minutes` is the cart duration of the carts it creates.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    store_id: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    /** Planned start, in Europe/Paris wall-clock time. */
    event_date: date('event_date', { mode: 'string' }).notNull(),
    event_time: time('event_time').notNull(),
    order_timer_minutes: integer('order_timer_minutes').notNull().default(30),
    /** Name of the chatbot scenario the session answers with. */
    scenario: varchar('scenario', { length: 100 }),
    status: varchar('status', { length: 20, enum: LIVE_SESSION_STATUSES }).notNull().default('scheduled'),
    closed: boolean('closed').notNull().default(false),
    participants: integer('participants').notNull().default(0),
    /** SHA-256 of the token that lets the simulator or a webhook relay post comments to this session. */
    ingest_token_hash: varchar('ingest_token_hash', { length: 64 }),
    started_at: timestamp('started_at', { withTimezone: true }),
    stopped_at: timestamp('stopped_at', { withTimezone: true }),
    /** The live video on the platform, matched against incoming webhook comments. */
    external_video_id: varchar('external_video_id', { length: 64 }),
    /** Paging cursor of the last comment poll of the platform. */
    comments_cursor: varchar('comments_cursor', { length: 512 }),
    ...softDelete,
    ...timestamps,
  },
  (t) => [
    index('live_sessions_seller_created_idx').on(t.seller_id, t.created_at),
    index('live_sessions_seller_event_idx').on(t.seller_id, t.event_date, t.event_time),
    index('live_sessions_seller_status_idx').on(t.seller_id, t.status),
    index('live_sessions_external_video_idx').on(t.external_video_id),
    uniqueIndex('live_sessions_ingest_token_unique').on(t.ingest_token_hash),
    check('live_sessions_status_check', oneOf(t.status, LIVE_SESSION_STATUSES)),
    check(
      'live_sessions_order_timer_check',
      sql`${t.order_timer_minutes} between 0 and ${sql.raw(String(CART_DURATION_MAX_MINUTES))}`,
    ),
    check('live_sessions_participants_check', sql`${t.participants} >= 0`),
  ],
);

export const COMMENT_OUTCOMES = [
  'cart',
  'waiting',
  'chatbot',
  /** The commenter is blocked by the seller: nothing reserved, the seller's message sent. */
  'blocked',
  /** No product keyword, but a trigger word: a custom reply of the chatbot answered it. */
  'answered',
  'no_match',
  'ignored',
  'rejected',
  'error',
] as const;

/**
 * Every comment received for a session, by polling or webhook. UNIQUE(session_id, external_id)
 * makes a comment delivered twice processed once.
 */
export const liveComments = pgTable(
  'live_comments',
  {
    id: serial('id').primaryKey(),
    session_id: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    external_id: varchar('external_id', { length: 128 }).notNull(),
    social_identity_id: integer('social_identity_id').references(() => socialIdentities.id, {
      onDelete: 'set null',
    }),
    from_id: varchar('from_id', { length: 64 }),
    from_name: varchar('from_name', { length: 255 }),
    message: text('message').notNull(),
    /** When the comment was written, as the platform reports it (the waiting-list order). */
    created_time: timestamp('created_time', { withTimezone: true }).notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processed_at: timestamp('processed_at', { withTimezone: true }),
    outcome: varchar('outcome', { length: 20, enum: COMMENT_OUTCOMES }),
    outcome_reason: text('outcome_reason'),
  },
  (t) => [
    unique('live_comments_session_external_unique').on(t.session_id, t.external_id),
    index('live_comments_session_time_idx').on(t.session_id, t.created_time),
    // A shopper's comments at a seller's lives, newest first (the Shoppers detail).
    index('live_comments_social_identity_idx').on(t.social_identity_id, t.created_time),
    index('live_comments_unprocessed_idx').on(t.received_at).where(sql`${t.processed_at} is null`),
    check('live_comments_outcome_check', oneOf(t.outcome, COMMENT_OUTCOMES)),
  ],
);

export const PRIVATE_REPLY_STATUSES = ['sent', 'failed'] as const;

/**
 * The private message sent for a comment (a platform lets a comment be answered once), as the
 * outbox handler recorded it: its text (with the checkout link) and whether the platform took it.
 */
export const privateReplies = pgTable(
  'private_replies',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    session_id: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    live_comment_id: integer('live_comment_id')
      .notNull()
      .references(() => liveComments.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: varchar('status', { length: 10, enum: PRIVATE_REPLY_STATUSES }).notNull(),
    /** Why the platform refused it (privacy settings, messaging window). */
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('private_replies_comment_unique').on(t.live_comment_id),
    index('private_replies_session_idx').on(t.session_id, t.created_at),
    check('private_replies_status_check', oneOf(t.status, PRIVATE_REPLY_STATUSES)),
  ],
);
