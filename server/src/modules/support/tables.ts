import { check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;

/** A help request from a user to the platform admin. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: varchar('subject', { length: 255 }).notNull(),
    message: text('message').notNull(),
    status: varchar('status', { length: 20, enum: SUPPORT_STATUSES }).notNull().default('open'),
    ...timestamps,
  },
  (t) => [
    index('support_messages_status_created_idx').on(t.status, t.created_at),
    index('support_messages_user_created_idx').on(t.user_id, t.created_at),
    check('support_messages_status_check', oneOf(t.status, SUPPORT_STATUSES)),
  ],
);

/** A demo request from the public site (no account). */
export const demoRequests = pgTable(
  'demo_requests',
  {
    id: serial('id').primaryKey(),
    first_name: varchar('first_name', { length: 100 }),
    last_name: varchar('last_name', { length: 100 }),
    email: varchar('email', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 30 }),
    company_name: varchar('company_name', { length: 150 }),
    message: text('message'),
    locale: varchar('locale', { length: 2 }).notNull().default('fr'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demo_requests_created_idx').on(t.created_at)],
);
