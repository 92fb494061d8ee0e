/**
 * Transactions PostgreSQL may abort under contention, run again: claims lock identity →
 * configurations → cart while releases lock cart → configurations → other carts, so a rare
 * deadlock can happen, and no user should ever see it.
 */
import type { DbOrTx, Tx } from '../db/client.ts';

const RETRYABLE = new Set(['40P01', '40001']);

/** The SQLSTATE of a database error, looking through the wrappers (drizzle's query error). */
function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export const isRetryable = (err: unknown) => RETRYABLE.has(sqlState(err) ?? '');

/**
 * Runs `fn` in a transaction, again (up to `tries` times, after a short random pause) when
 * PostgreSQL aborted it as a deadlock victim or a serialization failure: claims lock identity →
 * configurations → cart while releases lock cart → configurations → other carts, so a rare cycle
 * can happen, and no user should ever see it.
 */
export async function inRetriedTransaction<T>(db: DbOrTx, fn: (tx: Tx) => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx));
    } catch (err) {
      if (attempt >= tries || !isRetryable(err)) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}
