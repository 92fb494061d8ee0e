/** Column sets and checks shared by the modules' table definitions. */
import { type SQL, sql } from 'drizzle-orm';
import { type PgColumn, timestamp } from 'drizzle-orm/pg-core';

export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Marks a row as deleted without losing history (used by tenant tables that orders refer to). */
export const softDelete = { deleted_at: timestamp('deleted_at', { withTimezone: true }) };

/**
 * `column IN ('a', 'b', …)` for a CHECK constraint. The values are inlined as literals because DDL
 * takes no parameters; they come from constant lists in code, never from input.
 */
export function oneOf(column: PgColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}
