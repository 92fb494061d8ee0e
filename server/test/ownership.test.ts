import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * A module writes only the tables of its own tables.ts (docs/architecture.md). Imports of another
 * module's tables are refused by dependency-cruiser (`npm run lint:deps`); this test reads the raw
 * SQL of every module — TypeScript `sql` templates and the database functions of `sql/*.sql` —
 * and fails when it inserts into, updates or deletes from a table another module owns.
 */

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });

/** The owner of each table: the module (or `jobs`) whose tables.ts defines it. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  const dirs = [
    path.join(src, 'jobs'),
    ...readdirSync(path.join(src, 'modules')).map((m) => path.join(src, 'modules', m)),
  ];
  for (const dir of dirs) {
    const file = path.join(dir, 'tables.ts');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(/pgTable\(\s*'([a-z_]+)'/g)) owners.set(m[1], path.basename(dir));
  }
  return owners;
}

/** A write statement and its table, schema-qualified or not; and the bulk insert helper's table. */
const WRITES = [
  /\b(?:INSERT\s+INTO|MERGE\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)(?:\s+ONLY)?\s+(?:"?public"?\.)?"?([a-z_]+)"?/gi,
  /\binsertMany\(\s*[^,]+,\s*'([a-z_]+)'/g,
];

/** Tables a piece of SQL (or code holding SQL) writes. */
function writtenTables(text: string, known: Map<string, string>): string[] {
  return WRITES.flatMap((re) => [...text.matchAll(re)])
    .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
    .map((m) => m[1])
    .filter((t) => known.has(t));
}

/** Every code file of a module, `jobs` or an adapter, with the module it belongs to. */
function codeFiles(): { file: string; owner: string }[] {
  return walk(src)
    .filter((f) => /\.(ts|sql)$/.test(f) && !f.endsWith('.test.ts'))
    .map((f) => {
      const [top, name] = path.relative(src, f).split(path.sep);
      return { file: f, owner: top === 'modules' ? name : top };
    })
    .filter((f) =>
      ['modules', 'jobs', 'integrations', 'lib'].some((d) => f.file.includes(`${path.sep}${d}${path.sep}`)),
    )
    .filter((f) => !f.file.includes(`${path.sep}db${path.sep}`));
}

describe('modules own their tables', () => {
  const owners = tableOwners();

  it('every table has one owner, and a module owns what the design says', () => {
    expect(owners.size).toBeGreaterThan(30);
    expect(owners.get('product_configurations')).toBe('products');
    expect(owners.get('orders')).toBe('orders');
    expect(owners.get('waiting_list')).toBe('orders');
    expect(owners.get('social_identities')).toBe('buyers');
    expect(owners.get('invoices')).toBe('invoices');
    expect(owners.get('mailbox')).toBe('dev');
    expect(owners.get('shipping_methods')).toBe('shipping');
    expect(owners.get('outbox')).toBe('jobs');
  });

  it('finds the writes in SQL, whatever its layout', () => {
    const sample = `UPDATE orders o SET status = 'x' WHERE id = 1;
      INSERT INTO "order_items" (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = 2;
      SELECT 1 FROM product_configurations FOR UPDATE OF product_configurations;
      delete   from waiting_list WHERE id = 2; WITH x AS (UPDATE ONLY payments SET a = 1) SELECT 1;
      UPDATE public.stores SET a = 1; DELETE FROM ONLY "public"."invoices"; MERGE INTO settings s USING x;
      await insertMany(tx, 'products', COLUMNS, rows);`;
    expect(writtenTables(sample, owners)).toEqual([
      'orders',
      'order_items',
      'waiting_list',
      'payments',
      'stores',
      'invoices',
      'settings',
      'products',
    ]);
  });

  it('no module, job or adapter writes a table it does not own', () => {
    const foreign: string[] = [];
    for (const { file, owner } of codeFiles()) {
      for (const table of writtenTables(readFileSync(file, 'utf8'), owners)) {
        if (owners.get(table) !== owner)
          foreign.push(`${path.relative(src, file)} writes ${table} (${owners.get(table)})`);
      }
    }
    expect(foreign).toEqual([]);
  });

  it('a tables.ts defines tables and re-exports none of another module (no back door to them)', () => {
    const reexports: string[] = [];
    for (const dir of ['jobs', ...readdirSync(path.join(src, 'modules')).map((m) => `modules/${m}`)]) {
      let text: string;
      try {
        text = readFileSync(path.join(src, dir, 'tables.ts'), 'utf8');
      } catch {
        continue;
      }
      if (/^\s*export\s+(\*|\{[^}]*\})\s+from\b/m.test(text)) reexports.push(`${dir}/tables.ts`);
    }
    expect(reexports).toEqual([]);
  });

  it('a module’s database functions carry its name', () => {
    const misnamed: string[] = [];
    for (const { file, owner } of codeFiles().filter((f) => f.file.endsWith('.sql'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(
        /CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+([a-z_]+)/gi,
      )) {
        if (!m[1].startsWith(`${owner}_`)) misnamed.push(`${path.relative(src, file)}: ${m[1]}`);
      }
    }
    expect(misnamed).toEqual([]);
  });
});
