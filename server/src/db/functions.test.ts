import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openPglite } from './client.ts';
import { applyFunctions, type FunctionTarget, functionFiles } from './functions.ts';

const client = openPglite('memory://');
beforeAll(async () => {
  await migrate(drizzle(client), { migrationsFolder });
});
afterAll(() => client.close());

const target = (fail?: string): FunctionTarget => ({
  query: async (text, params) => (await client.query(text, params)).rows as never,
  applyInTransaction: (scripts, records) =>
    client.transaction(async (tx) => {
      for (const script of scripts) await tx.exec(script);
      for (const r of records) await tx.query(r.text, r.params);
      if (fail) throw new Error(fail);
    }),
});

const checksumOf = async (name: string) =>
  (await client.query<{ checksum: string }>('SELECT checksum FROM db_functions WHERE name = $1', [name]))
    .rows[0]?.checksum;
const exists = async (fn: string) =>
  (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_proc WHERE proname = $1', [fn]))
    .rows[0].n > 0;

describe('database functions kept beside their module', () => {
  it('finds the files of every module that has some, each named by its path, with the functions it creates', () => {
    const files = functionFiles();
    expect(files.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'jobs/sql/outbox.sql',
        'modules/live/sql/claim.sql',
        'modules/orders/sql/cart.sql',
        'modules/products/sql/stock.sql',
      ]),
    );
    expect(files.every((f) => /^(jobs|modules\/[a-z-]+)\/sql\/[a-z-]+\.sql$/.test(f.name))).toBe(true);
    expect(files.find((f) => f.name === 'modules/products/sql/stock.sql')?.functions).toEqual([
      'products_reserve',
      'products_lock_many',
      'products_reserve_many',
      'products_release',
    ]);
  });

  it('applies every file once, and a file again when its text changed or one of its functions is gone', async () => {
    const all = functionFiles().map((f) => f.name);
    expect(await applyFunctions(target())).toEqual(all);
    expect(await applyFunctions(target())).toEqual([]);

    await client.query(`UPDATE db_functions SET checksum = 'old' WHERE name = 'jobs/sql/outbox.sql'`);
    expect(await applyFunctions(target())).toEqual(['jobs/sql/outbox.sql']);

    // Dropped behind its back (a restore, a migration): created again although its text is the same.
    await client.query('DROP FUNCTION products_release(integer, integer, integer)');
    expect(await applyFunctions(target())).toEqual(['modules/products/sql/stock.sql']);
    expect(await exists('products_release')).toBe(true);
  });

  it('a change that fails leaves nothing of it applied, and is tried again at the next start', async () => {
    await client.query(
      `UPDATE db_functions SET checksum = 'old' WHERE name IN ('jobs/sql/outbox.sql', 'modules/products/sql/stock.sql')`,
    );
    await client.query('DROP FUNCTION products_release(integer, integer, integer)');
    await expect(applyFunctions(target('disk full'))).rejects.toThrow('disk full');
    expect(await checksumOf('jobs/sql/outbox.sql')).toBe('old');
    expect(await exists('products_release')).toBe(false);
    expect(await applyFunctions(target())).toEqual(['jobs/sql/outbox.sql', 'modules/products/sql/stock.sql']);
    expect(await exists('products_release')).toBe(true);
  });

  it('a build older than the database (fewer migrations than applied) leaves the functions alone', async () => {
    await client.query(`UPDATE db_functions SET checksum = 'newer build' WHERE name = 'jobs/sql/outbox.sql'`);
    const applied = (
      await client.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')
    ).rows[0].n;
    expect(await applyFunctions(target(), applied - 1)).toEqual([]);
    expect(await checksumOf('jobs/sql/outbox.sql')).toBe('newer build');
    expect(await applyFunctions(target(), applied)).toEqual(['jobs/sql/outbox.sql']);
  });
});
