import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../db/columns.ts';

export const OUTBOX_STATUSES = ['pending', 'done', 'dead'] as const;

/**
 * Work to do after a transaction commits (mails, private replies, notifications), written in the
 * same transaction. Workers claim due rows with FOR UPDATE SKIP LOCKED, retry with backoff
 * (`run_at`), and mark a row `dead` after the last try. `dedupe_key` makes enqueueing idempotent.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which handler runs it: `mail`, `private_reply`, `notification`, … */
    kind: varchar('kind', { length: 40 }).notNull(),
    dedupe_key: varchar('dedupe_key', { length: 255 }).notNull().unique(),
    payload: jsonb('payload').notNull(),
    status: varchar('status', { length: 10, enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    run_at: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim: another worker skips the row until then (a crashed worker's claim runs out). */
    locked_until: timestamp('locked_until', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    done_at: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_status_run_at_idx').on(t.status, t.run_at),
    check('outbox_status_check', oneOf(t.status, OUTBOX_STATUSES)),
    check('outbox_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
