import { SELLER_AUDIT_ACTIONS } from '@livecart/contract/sellers';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

/**
 * An admin signed in as a seller, from start to stop (or the admin's sign-out). The seller's
 * session opened for it lives while it runs; the admin's own session waits to be returned to.
 */
export const impersonations = pgTable(
  'impersonations',
  {
    id: serial('id').primaryKey(),
    admin_id: integer('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The seller's session opened for it (`user_sessions.id`), ended with it. */
    session_id: varchar('session_id', { length: 43 }).notNull(),
    /** The admin's own session, which stop returns to. */
    admin_session_id: varchar('admin_session_id', { length: 43 }).notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('impersonations_session_unique').on(t.session_id),
    index('impersonations_seller_started_idx').on(t.seller_id, t.started_at),
    index('impersonations_admin_started_idx').on(t.admin_id, t.started_at),
  ],
);

/**
 * What an admin did to or as a seller: login-as started and stopped, each change made while signed
 * in as them (method, path, answer status), the percent changed, the subscription ended.
 */
export const sellerAudit = pgTable(
  'seller_audit',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    admin_id: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    impersonation_id: integer('impersonation_id').references(() => impersonations.id, {
      onDelete: 'set null',
    }),
    action: varchar('action', { length: 30, enum: SELLER_AUDIT_ACTIONS }).notNull(),
    method: varchar('method', { length: 10 }),
    path: varchar('path', { length: 500 }),
    status_code: smallint('status_code'),
    /** What changed, for the actions that say it (the percent before and after…). */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('seller_audit_seller_created_idx').on(t.seller_id, t.created_at),
    index('seller_audit_impersonation_idx').on(t.impersonation_id),
    check('seller_audit_action_check', oneOf(t.action, SELLER_AUDIT_ACTIONS)),
    check('seller_audit_status_check', sql`${t.status_code} between 100 and 599`),
  ],
);
