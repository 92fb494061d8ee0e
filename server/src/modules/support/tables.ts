import { SUPPORT_STATUSES, SUPPORT_TYPES } from '@livecart/contract/support';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

/**
 * A request to the platform's team, in the admin's one inbox: a signed-in user's help request
 * (`support`, `user_id` set) or a public form's (`contact`, `demo`: the person's name and e-mail).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 10, enum: SUPPORT_TYPES }).notNull().default('support'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Who wrote, for the public forms (a signed-in user's come from their account). */
    first_name: varchar('first_name', { length: 100 }),
    last_name: varchar('last_name', { length: 100 }),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 30 }),
    company_name: varchar('company_name', { length: 150 }),
    /** The language answers and acknowledgements are written in. */
    locale: varchar('locale', { length: 2 }).notNull().default('fr'),
    subject: varchar('subject', { length: 255 }).notNull(),
    message: text('message').notNull(),
    /** A screenshot joined to the request (stored file key), checked by content. */
    attachment: varchar('attachment', { length: 255 }),
    status: varchar('status', { length: 20, enum: SUPPORT_STATUSES }).notNull().default('open'),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('support_messages_status_created_idx').on(t.status, t.created_at),
    index('support_messages_user_created_idx').on(t.user_id, t.created_at),
    index('support_messages_type_created_idx').on(t.type, t.created_at),
    check('support_messages_status_check', oneOf(t.status, SUPPORT_STATUSES)),
    check('support_messages_type_check', oneOf(t.type, SUPPORT_TYPES)),
    check('support_messages_author_check', sql`${t.user_id} is not null or ${t.email} is not null`),
  ],
);

/** The team's answer to a request, e-mailed to its author and shown to them under their request. */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: serial('id').primaryKey(),
    message_id: integer('message_id')
      .notNull()
      .references(() => supportMessages.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_replies_message_idx').on(t.message_id, t.created_at)],
);
