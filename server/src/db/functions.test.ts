import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { applyFunctions, type FunctionTarget, functionFiles } from './functions.ts';

const client = new PGlite('memory://');
afterAll(() => client.close());

const target: FunctionTarget = {
  query: async (text, params) => (await client.query(text, params)).rows as never,
  applyInTransaction: (script, record) =>
    client.transaction(async (tx) => {
      await tx.exec(script);
      await tx.query(record.text, record.params);
    }),
};

describe('database functions kept beside their module', () => {
  it('finds the files of every module that has some, each named by its path', () => {
    const names = functionFiles().map((f) => f.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'jobs/sql/outbox.sql',
        'modules/live/sql/claim.sql',
        'modules/orders/sql/cart.sql',
        'modules/products/sql/stock.sql',
      ]),
    );
    expect(names.every((n) => /^(jobs|modules\/[a-z-]+)\/sql\/[a-z-]+\.sql$/.test(n))).toBe(true);
  });

  it('applies each file once, and again only when its text changes', async () => {
    // The functions are created before the tables they use: bodies are checked when they run.
    const first = await applyFunctions(target);
    expect(first).toEqual(functionFiles().map((f) => f.name));
    expect(await applyFunctions(target)).toEqual([]);

    await client.query(
      `UPDATE db_functions SET checksum = 'old' WHERE name = 'modules/products/sql/stock.sql'`,
    );
    await client.query('DROP FUNCTION products_release(integer, integer, integer)');
    expect(await applyFunctions(target)).toEqual(['modules/products/sql/stock.sql']);
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'products_release'`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('a file that fails leaves nothing of it applied, and is tried again at the next start', async () => {
    const failing: FunctionTarget = {
      ...target,
      applyInTransaction: (script, record) =>
        client.transaction(async (tx) => {
          await tx.exec(script);
          await tx.query(record.text, record.params);
          throw new Error('disk full');
        }),
    };
    await client.query(`UPDATE db_functions SET checksum = 'old' WHERE name = 'jobs/sql/outbox.sql'`);
    await expect(applyFunctions(failing)).rejects.toThrow('disk full');
    const { rows } = await client.query<{ checksum: string }>(
      `SELECT checksum FROM db_functions WHERE name = 'jobs/sql/outbox.sql'`,
    );
    expect(rows[0].checksum).toBe('old');
    expect(await applyFunctions(target)).toEqual(['jobs/sql/outbox.sql']);
  });
});
