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
import { foldDdlOf } from '../../lib/sql.ts';
import { socialIdentities } from '../buyers/tables.ts';
import { SOCIAL_PLATFORMS, stores } from '../stores/tables.ts';
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
    ...softDelete,
    ...timestamps,
  },
  (t) => [
    index('live_sessions_seller_created_idx').on(t.seller_id, t.created_at),
    index('live_sessions_seller_event_idx').on(t.seller_id, t.event_date, t.event_time),
    index('live_sessions_seller_status_idx').on(t.seller_id, t.status),
    uniqueIndex('live_sessions_ingest_token_unique').on(t.ingest_token_hash),
    check('live_sessions_status_check', oneOf(t.status, LIVE_SESSION_STATUSES)),
    check(
      'live_sessions_order_timer_check',
      sql`${t.order_timer_minutes} between 0 and ${sql.raw(String(CART_DURATION_MAX_MINUTES))}`,
    ),
    check('live_sessions_participants_check', sql`${t.participants} >= 0`),
  ],
);

export const LIVE_VIDEO_STATUSES = ['live', 'ended'] as const;

/**
 * The stores feeding a session (its own store first; a second page or the page's Instagram account
 * may join it) and, per store, the platform's live video tied to it: webhook comments on that
 * video enter the session, and while the session is live the video's comments are polled from
 * `comments_cursor` at `next_poll_at` (later after rate-limit answers: `poll_failures`).
 */
export const liveSessionStores = pgTable(
  'live_session_stores',
  {
    id: serial('id').primaryKey(),
    session_id: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The live video (Facebook) or live media (Instagram) id; null until one is picked or found. */
    video_id: varchar('video_id', { length: 64 }),
    video_status: varchar('video_status', { length: 20, enum: LIVE_VIDEO_STATUSES }),
    /** Paging cursor after the last comment read by polling. */
    comments_cursor: varchar('comments_cursor', { length: 1024 }),
    next_poll_at: timestamp('next_poll_at', { withTimezone: true }),
    polled_at: timestamp('polled_at', { withTimezone: true }),
    /** Consecutive failed polls (rate limits back off longer each time). */
    poll_failures: integer('poll_failures').notNull().default(0),
    poll_error: varchar('poll_error', { length: 255 }),
    ...timestamps,
  },
  (t) => [
    unique('live_session_stores_session_store_unique').on(t.session_id, t.store_id),
    index('live_session_stores_video_idx').on(t.video_id),
    index('live_session_stores_store_idx').on(t.store_id),
    check('live_session_stores_video_status_check', oneOf(t.video_status, LIVE_VIDEO_STATUSES)),
    check('live_session_stores_poll_failures_check', sql`${t.poll_failures} >= 0`),
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
    /** The platform the comment was written on: the viewer's identity is theirs on it. */
    platform: varchar('platform', { length: 20, enum: SOCIAL_PLATFORMS }).notNull().default('facebook'),
    /** The store (page or Instagram account) it came through; null: the capture tool or the simulator. */
    store_id: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
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
    /**
     * The message and the commenter's name, folded, one a line, kept by the database: a live's
     * comments searched without folding each of its tens of thousands of comments on every call.
     */
    search_text: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql.raw(foldDdlOf(`"message" || E'\\n' || coalesce("from_name", '')`))),
  },
  (t) => [
    unique('live_comments_session_external_unique').on(t.session_id, t.external_id),
    // A live's comments newest (or oldest) first, ids breaking ties: a page cut from the index alone.
    index('live_comments_session_time_idx').on(t.session_id, t.created_time, t.id),
    // A shopper's comments at a seller's lives, newest first (the Shoppers detail).
    index('live_comments_social_identity_idx').on(t.social_identity_id, t.created_time),
    index('live_comments_unprocessed_idx').on(t.received_at).where(sql`${t.processed_at} is null`),
    check('live_comments_outcome_check', oneOf(t.outcome, COMMENT_OUTCOMES)),
    check('live_comments_platform_check', oneOf(t.platform, SOCIAL_PLATFORMS)),
  ],
);

export const PRIVATE_REPLY_STATUSES = ['sent', 'failed'] as const;

/** Why a reply failed: the store's token (sent again after a resynchronisation), or anything else. */
export const PRIVATE_REPLY_ERROR_KINDS = ['token', 'refused'] as const;

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
    error_kind: varchar('error_kind', { length: 20, enum: PRIVATE_REPLY_ERROR_KINDS }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('private_replies_comment_unique').on(t.live_comment_id),
    index('private_replies_session_idx').on(t.session_id, t.created_at),
    check('private_replies_status_check', oneOf(t.status, PRIVATE_REPLY_STATUSES)),
    check('private_replies_error_kind_check', oneOf(t.error_kind, PRIVATE_REPLY_ERROR_KINDS)),
  ],
);
