import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables.ts';
import { users } from '../users/tables.ts';

/**
 * The invoice of a paid order, numbered per seller without gaps: `seq` is the seller's next
 * number (max + 1, retried on a unique conflict), `number` its printed form (`2025-000042`).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
    number: varchar('number', { length: 30 }).notNull(),
    /** The PDF in file storage. */
    path: varchar('path', { length: 500 }),
    total_cents: integer('total_cents').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('invoices_seller_seq_unique').on(t.seller_id, t.seq),
    unique('invoices_seller_number_unique').on(t.seller_id, t.number),
    index('invoices_seller_created_idx').on(t.seller_id, t.created_at),
    check('invoices_seq_check', sql`${t.seq} > 0`),
  ],
);
