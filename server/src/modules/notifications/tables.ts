import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

/** An in-app notification of one user, in both languages. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What happened (`order_paid`, `waiting_served`, `token_expired`, …). */
    type: varchar('type', { length: 50 }).notNull(),
    title_fr: varchar('title_fr', { length: 255 }).notNull(),
    title_en: varchar('title_en', { length: 255 }).notNull(),
    body_fr: text('body_fr'),
    body_en: text('body_en'),
    link: varchar('link', { length: 500 }),
    data: jsonb('data').$type<Record<string, unknown>>(),
    read_at: timestamp('read_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's default order (newest first, ties by id) read from the index: no sort of a
    // seller's thousands of notifications for a page.
    index('notifications_user_created_idx').on(t.user_id, t.created_at, t.id),
    index('notifications_user_unread_idx').on(t.user_id).where(sql`${t.read_at} is null`),
  ],
);
