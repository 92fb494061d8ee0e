import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';

/**
 * Attempt counters in PostgreSQL (`rate_limits`), so every server process counts the same
 * attempts. Each operation is one atomic statement: concurrent attempts are all counted, none
 * slips past the limit.
 *
 * Two kinds of limit:
 * - `take(keys)`: a fixed window per key (an address, an e-mail and address pair): the attempt is
 *   counted first, then refused when a key is over its limit;
 * - `slowDown(key)`: for an e-mail tried from anywhere. Up to `max` failures in the window pass
 *   freely; past them each attempt must wait after the previous failure (1 s, 2 s, 4 s… up to 5
 *   minutes), so a guesser gets a handful of tries an hour while the owner is never locked out.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

/** Longest wait between two attempts of a slowed-down key. */
const MAX_DELAY_S = 300;

/** Seconds an attempt must wait after the previous failure once `count` failures were seen. */
export const slowDownDelay = (count: number, max: number) =>
  count < max ? 0 : Math.min(MAX_DELAY_S, 2 ** (count - max));

export class RateLimiter {
  private hits = 0;
  constructor(
    private readonly db: DbOrTx,
    private readonly limit: Limit,
  ) {}

  /**
   * Counts one attempt for each key (a new window when the last one is over); false when any key
   * is now over the limit. The attempt stays counted: call `give(keys)` to undo it on success.
   */
  async take(keys: string[]): Promise<boolean> {
    if (!keys.length) return true;
    this.prune();
    const rows = await queryRows<{ count: number }>(
      this.db,
      sql`INSERT INTO rate_limits AS r (key, count, window_start, last_at)
          SELECT k, 1, now(), now() FROM jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) AS k
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN r.window_start <= now() - ${this.windowSql} THEN 1 ELSE r.count + 1 END,
            window_start = CASE WHEN r.window_start <= now() - ${this.windowSql} THEN now() ELSE r.window_start END,
            last_at = now()
          RETURNING count`,
    );
    return rows.every((r) => r.count <= this.limit.max);
  }

  /** Undoes one attempt of each key (a sign-in that succeeded: only failures count). */
  async give(keys: string[]): Promise<void> {
    if (!keys.length) return;
    await this.db.execute(sql`UPDATE rate_limits SET count = greatest(count - 1, 0) WHERE key IN ${keys}`);
  }

  /** Forgets the keys (the owner signed in: their e-mail is not under attack any more). */
  async clear(keys: string[]): Promise<void> {
    if (!keys.length) return;
    await this.db.execute(sql`DELETE FROM rate_limits WHERE key IN ${keys}`);
  }

  /**
   * An attempt on a key that is slowed down rather than locked: allowed (and counted) when the
   * key has fewer than `max` failures in the window, or when the wait after its last failure has
   * passed; otherwise refused with the seconds left to wait.
   */
  async slowDown(key: string): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
    this.prune();
    const max = this.limit.max;
    const [row] = await queryRows<{ count: number }>(
      this.db,
      sql`INSERT INTO rate_limits AS r (key, count, window_start, last_at) VALUES (${key}, 1, now(), now())
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN r.window_start <= now() - ${this.windowSql} THEN 1 ELSE r.count + 1 END,
            window_start = CASE WHEN r.window_start <= now() - ${this.windowSql} THEN now() ELSE r.window_start END,
            last_at = now()
          WHERE r.window_start <= now() - ${this.windowSql} OR r.count < ${max}
             OR r.last_at + make_interval(secs => least(${MAX_DELAY_S}, power(2, r.count - ${max}))) <= now()
          RETURNING count`,
    );
    if (row) return { allowed: true };
    const [state] = await queryRows<{ wait: number }>(
      this.db,
      sql`SELECT ceil(extract(epoch FROM last_at + make_interval(secs => least(${MAX_DELAY_S}, power(2, count - ${max}))) - now()))::int AS wait
          FROM rate_limits WHERE key = ${key}`,
    );
    return { allowed: false, retryAfter: Math.max(1, state?.wait ?? 1) };
  }

  /** True when the key was seen in its window (a marker, e.g. an address the owner signed in from). */
  async seen(key: string): Promise<boolean> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT 1 AS n FROM rate_limits WHERE key = ${key} AND window_start > now() - ${this.windowSql}`,
    );
    return !!row;
  }

  /** Marks the key as seen now (a new window). */
  async mark(key: string): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO rate_limits (key, count, window_start, last_at) VALUES (${key}, 1, now(), now())
          ON CONFLICT (key) DO UPDATE SET count = 1, window_start = now(), last_at = now()`,
    );
  }

  private get windowSql() {
    return sql`make_interval(secs => ${this.limit.windowMs / 1000})`;
  }

  /** Now and then, rows older than any window (31 days) go: one cheap statement on the window index. */
  private prune() {
    if (++this.hits % 500 !== 0) return;
    void this.db
      .execute(sql`DELETE FROM rate_limits WHERE window_start < now() - interval '31 days'`)
      .catch(() => {});
  }
}
