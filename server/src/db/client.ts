import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { applyFunctions } from './functions.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

/** An embedded database with the extensions the migrations create (pg_trgm: the Orders search). */
export const openPglite = (dir: string) => new PGlite(dir, { extensions: { pg_trgm } });
/** The database handle every service takes: PGlite or node-postgres, same API. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A handle or an open transaction: services accept either. */
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How many migrations this build has (its journal). */
const knownMigrations = (): number =>
  (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a raw statement and returns its rows (benchmarks, LISTEN/NOTIFY helpers). */
  raw<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Subscribes to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Opens PostgreSQL at `url`, or PGlite in `pgliteDir` (`memory://` for a throwaway one), and migrates it. */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir: string;
  /** Runs right after migrations, under the same lock (reference data). */
  afterMigrate?: (db: Db) => Promise<void>;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle client losing its connection (server restart, shutdown) is logged, not a crash.
    pool.on('error', (err) => console.error(`database pool: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Several processes may start at once (server replicas, test workers): one migrates at a time.
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock(727274)');
      await migratePg(db as never, { migrationsFolder });
      await applyFunctions(
        {
          query: async (text, params) => (await lock.query(text, params)).rows,
          applyInTransaction: async (scripts, records) => {
            try {
              await lock.query('BEGIN');
              for (const script of scripts) await lock.query(script);
              for (const r of records) await lock.query(r.text, r.params);
              await lock.query('COMMIT');
            } catch (err) {
              await lock.query('ROLLBACK').catch(() => {});
              throw err;
            }
          },
        },
        knownMigrations(),
      );
      await opts.afterMigrate?.(db);
    } finally {
      await lock.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
      lock.release();
    }
    const listeners: pg.PoolClient[] = [];
    return {
      db,
      kind: 'postgres',
      raw: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      listen: async (channel, onPayload) => {
        const client = await pool.connect();
        listeners.push(client);
        client.on('notification', (m) => m.channel === channel && onPayload(m.payload ?? ''));
        await client.query(`LISTEN "${channel}"`);
        return async () => {
          await client.query(`UNLISTEN "${channel}"`);
          client.release();
          listeners.splice(listeners.indexOf(client), 1);
        };
      },
      close: async () => {
        for (const c of listeners) c.release();
        await pool.end();
      },
    };
  }
  if (!opts.pgliteDir.startsWith('memory://')) mkdirSync(opts.pgliteDir, { recursive: true });
  const client = openPglite(opts.pgliteDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  await applyFunctions(
    {
      query: async (text, params) => (await client.query(text, params)).rows as never,
      applyInTransaction: (scripts, records) =>
        client.transaction(async (tx) => {
          for (const script of scripts) await tx.exec(script);
          for (const r of records) await tx.query(r.text, r.params);
        }),
    },
    knownMigrations(),
  );
  await opts.afterMigrate?.(db);
  return {
    db,
    kind: 'pglite',
    raw: async (text, params) => (await client.query(text, params as unknown[])).rows as never,
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}
