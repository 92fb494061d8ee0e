/**
 * Database functions kept in the database for speed live beside the module that owns their
 * tables, in `modules/<name>/sql/*.sql` (and `jobs/sql/`), as plain versioned SQL: each file
 * replaces its own functions (`CREATE OR REPLACE`) and is applied after the migrations whenever
 * its checksum differs from the one recorded in `db_functions`. A file that is removed or renames
 * a function comes with a migration dropping the old one.
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
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** What applying the files needs from a connection: one statement, and a multi-statement script. */
export interface FunctionTarget {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs `script` (many statements) and the recording statement in one transaction. */
  applyInTransaction(script: string, record: { text: string; params: unknown[] }): Promise<void>;
}

/**
 * Applies every function file whose checksum changed (or is new); answers the names applied. Run
 * under the migration lock, so concurrent starts apply each change once.
 */
export async function applyFunctions(target: FunctionTarget): Promise<string[]> {
  await target.query(
    `CREATE TABLE IF NOT EXISTS db_functions (
       name text PRIMARY KEY,
       checksum text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const applied = new Map(
    (await target.query<{ name: string; checksum: string }>('SELECT name, checksum FROM db_functions')).map(
      (r) => [r.name, r.checksum],
    ),
  );
  const done: string[] = [];
  for (const file of functionFiles()) {
    if (applied.get(file.name) === file.checksum) continue;
    // plpgsql bodies are checked when first run, so a file may call a function of a file applied later.
    await target.applyInTransaction(`SET LOCAL check_function_bodies = off;\n${file.text}`, {
      text: `INSERT INTO db_functions (name, checksum) VALUES ($1, $2)
             ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
      params: [file.name, file.checksum],
    });
    done.push(file.name);
  }
  return done;
}
