import { sql } from 'drizzle-orm';
import { queryRows } from '../src/lib/sql.ts';
import type { Runtime } from '../src/runtime.ts';

let owned: Promise<{ table: string; columns: string[] }[]> | undefined;

/** The tables that name an owner account, with those columns. */
function ownedTables(rt: Runtime) {
  owned ??= queryRows<{ table_name: string; columns: string[] }>(
    rt.deps.database.db,
    sql`SELECT table_name, array_agg(column_name::text ORDER BY column_name) AS columns
          FROM information_schema.columns
         WHERE table_schema = 'public' AND column_name IN ('seller_id', 'user_id', 'buyer_id')
         GROUP BY table_name ORDER BY table_name`,
  ).then((rows) => rows.map((r) => ({ table: r.table_name, columns: r.columns })));
  return owned;
}

/**
 * Every row the given accounts own, as text, table by table: the accounts themselves, the rows of
 * every table with a `seller_id`, `user_id` or `buyer_id` naming one of them, and the social
 * identities their orders name. The same answer before and after a call means the call changed
 * nothing of theirs (other tenants' rows are left out, so tests running beside it do not count).
 */
export async function tenantRows(rt: Runtime, accountIds: number[]): Promise<Record<string, string[]>> {
  const db = rt.deps.database.db;
  const list = accountIds.map(Number).join(', ');
  const ids = sql.raw(list);
  const state: Record<string, string[]> = {};
  const read = async (name: string, query: ReturnType<typeof sql>) => {
    state[name] = (await queryRows<{ row: string }>(db, query)).map((r) => r.row);
  };
  await read('users', sql`SELECT t::text AS row FROM users t WHERE id IN (${ids}) ORDER BY 1`);
  for (const { table, columns } of await ownedTables(rt)) {
    const where = sql.raw(columns.map((c) => `t.${c} IN (${list})`).join(' OR '));
    await read(table, sql`SELECT t::text AS row FROM ${sql.identifier(table)} t WHERE ${where} ORDER BY 1`);
  }
  await read(
    'social_identities (of their orders)',
    sql`SELECT t::text AS row FROM social_identities t
         WHERE t.id IN (SELECT social_identity_id FROM orders WHERE seller_id IN (${ids}) OR buyer_id IN (${ids}))
         ORDER BY 1`,
  );
  return state;
}
