import { check, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

export const DOCUMENT_KINDS = ['platform_invoice', 'contract', 'other'] as const;

/** Files the platform gives a seller (My Documents): its monthly fee invoices, its contract. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20, enum: DOCUMENT_KINDS }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    path: varchar('path', { length: 500 }).notNull(),
    amount_cents: integer('amount_cents'),
    period_start: timestamp('period_start', { withTimezone: true }),
    period_end: timestamp('period_end', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_seller_created_idx').on(t.seller_id, t.created_at),
    check('documents_kind_check', oneOf(t.kind, DOCUMENT_KINDS)),
  ],
);
