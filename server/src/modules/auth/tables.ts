import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

/** Single-use e-mailed tokens: account verification (invite) and password restore. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_unique').on(t.token_hash),
    index('user_tokens_user_idx').on(t.user_id),
  ],
);

/**
 * One signed-in browser: the session token (a signed JWT) carries this id, and the session is
 * valid only while its row exists. Signing out deletes the row, so a copied cookie is dead too;
 * the user's other sessions stay.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: varchar('id', { length: 43 }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('user_sessions_user_idx').on(t.user_id), index('user_sessions_expires_idx').on(t.expires_at)],
);

/**
 * Attempt counters shared by every server process (sign-in, sign-up, restore): `count` in the
 * window that began at `window_start`, and when the last one came (`last_at`, for slowing down).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 400 }).primaryKey(),
    count: integer('count').notNull().default(0),
    window_start: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    last_at: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limits_window_idx').on(t.window_start)],
);
