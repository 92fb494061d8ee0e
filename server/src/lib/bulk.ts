import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { queryRows } from './sql.ts';

/** PostgreSQL types of the columns `insertMany` fills. */
export type BulkType = 'int' | 'text' | 'bool' | 'timestamptz';

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad identifier ${name}`);
  return `"${name}"`;
};

/**
 * Inserts many rows with one multi-row statement per batch of 5,000: `INSERT INTO t (…) SELECT *
 * FROM unnest($1::int[], $2::text[], …)`, one array parameter per column. Far cheaper than a
 * VALUES list of thousands of parameters to build, send and plan (imports, benchmarks).
 * `onConflictDoNothing` skips rows a unique index refuses. Answers how many rows went in.
 */
export async function insertMany<R extends Record<string, unknown>>(
  db: DbOrTx,
  table: string,
  columns: { [K in keyof R & string]?: BulkType },
  rows: R[],
  opts: { onConflictDoNothing?: boolean; batch?: number } = {},
): Promise<number> {
  const names = Object.keys(columns) as (keyof R & string)[];
  const size = opts.batch ?? 5000;
  let inserted = 0;
  for (let i = 0; i < rows.length; i += size) {
    const batch = rows.slice(i, i + size);
    const arrays = names.map(
      (name) => sql`${sql.param(batch.map((r) => r[name] ?? null))}::${sql.raw(`${columns[name]}[]`)}`,
    );
    const result = await queryRows<{ n: number }>(
      db,
      sql`WITH ins AS (
            INSERT INTO ${sql.raw(ident(table))} (${sql.raw(names.map(ident).join(', '))})
            SELECT * FROM unnest(${sql.join(arrays, sql`, `)})
            ${opts.onConflictDoNothing ? sql`ON CONFLICT DO NOTHING` : sql.empty()}
            RETURNING 1
          ) SELECT count(*)::int AS n FROM ins`,
    );
    inserted += result[0].n;
  }
  return inserted;
}
