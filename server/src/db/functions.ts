/**
 * Database functions kept in the database for speed live beside the module that owns their
 * tables, in `modules/<name>/sql/*.sql` (and `jobs/sql/`), as plain versioned SQL: each file
 * replaces its own functions (`CREATE OR REPLACE`). After the migrations, every file whose
 * checksum differs from the one recorded in `db_functions`, or one of whose functions is missing,
 * is applied; all of them in one transaction, so the database never holds half of a change.
 *
 * A build older than the database (it knows fewer migrations than were applied: an old server
 * process restarting during a deployment) applies nothing, so it cannot put old functions back
 * under a newer build. A change of a function's parameters or result, or a function removed,
 * needs its file to drop the old signature first (`DROP FUNCTION IF EXISTS …`), since
 * `CREATE OR REPLACE` cannot change them and a new parameter list makes an overload.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface FunctionFile {
  /** Path from `server/src`, e.g. `modules/products/sql/stock.sql`. */
  name: string;
  text: string;
  checksum: string;
  /** The functions it creates. */
  functions: string[];
}

const sqlFiles = (dir: string): string[] => {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
};

/** Every function file, in path order. */
export function functionFiles(): FunctionFile[] {
  const modulesDir = path.join(srcDir, 'modules');
  const files = [
    ...sqlFiles(path.join(srcDir, 'jobs', 'sql')),
    ...readdirSync(modulesDir).flatMap((m) => sqlFiles(path.join(modulesDir, m, 'sql'))),
  ];
  return files
    .map((file) => {
      const text = readFileSync(file, 'utf8');
      return {
        name: path.relative(srcDir, file).split(path.sep).join('/'),
        text,
        checksum: createHash('sha256').update(text).digest('hex'),
        functions: [...text.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+([a-z_]+)/gi)].map((m) =>
          m[1].toLowerCase(),
        ),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** What applying the files needs from a connection: one statement, and a transaction of scripts. */
export interface FunctionTarget {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs the scripts (many statements each) and then the recording statements, in one transaction. */
  applyInTransaction(scripts: string[], records: { text: string; params: unknown[] }[]): Promise<void>;
}

/** Applied migrations, when the migrator's table exists. */
async function appliedMigrations(target: FunctionTarget): Promise<number | null> {
  const [table] = await target.query<{ name: string | null }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name`,
  );
  if (!table?.name) return null;
  const [row] = await target.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
  );
  return row.n;
}

/**
 * Applies the function files that changed or lost a function; answers their names (none when
 * this build is older than the database). `knownMigrations`: how many migrations this build has.
 * Run under the migration lock, so concurrent starts apply each change once.
 */
export async function applyFunctions(target: FunctionTarget, knownMigrations?: number): Promise<string[]> {
  await target.query(
    `CREATE TABLE IF NOT EXISTS db_functions (
       name text PRIMARY KEY,
       checksum text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  if (knownMigrations !== undefined) {
    const applied = await appliedMigrations(target);
    if (applied !== null && applied > knownMigrations) return [];
  }
  const recorded = new Map(
    (await target.query<{ name: string; checksum: string }>('SELECT name, checksum FROM db_functions')).map(
      (r) => [r.name, r.checksum],
    ),
  );
  const existing = new Set(
    (
      await target.query<{ proname: string }>(
        `SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
         WHERE n.nspname = current_schema()`,
      )
    ).map((r) => r.proname),
  );
  const changed = functionFiles().filter(
    (f) => recorded.get(f.name) !== f.checksum || f.functions.some((fn) => !existing.has(fn)),
  );
  if (!changed.length) return [];
  await target.applyInTransaction(
    changed.map((f) => f.text),
    changed.map((f) => ({
      text: `INSERT INTO db_functions (name, checksum) VALUES ($1, $2)
             ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
      params: [f.name, f.checksum],
    })),
  );
  return changed.map((f) => f.name);
}
