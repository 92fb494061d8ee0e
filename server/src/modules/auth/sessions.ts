import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { randomToken } from '../../lib/tokens.ts';

/*
 * Server-side sessions behind the signed session tokens (`user_sessions`): a token is valid only
 * while its row lives, so signing out (the row deleted) ends it everywhere it was copied, while
 * the user's other devices keep theirs.
 */

/** A new session of the user for `maxAgeS` seconds; answers its id (carried in the token). */
export async function startSession(db: DbOrTx, userId: number, maxAgeS: number): Promise<string> {
  const id = randomToken();
  await db.execute(
    sql`INSERT INTO user_sessions (id, user_id, expires_at)
        VALUES (${id}, ${userId}, now() + make_interval(secs => ${maxAgeS}))`,
  );
  // The user's sessions that ran out go with it (one indexed statement).
  await db.execute(sql`DELETE FROM user_sessions WHERE user_id = ${userId} AND expires_at <= now()`);
  return id;
}

/** A session in use lasts `maxAgeS` more (renewed at most once a day). */
export async function keepSession(db: DbOrTx, id: string, maxAgeS: number): Promise<void> {
  await db.execute(
    sql`UPDATE user_sessions SET expires_at = now() + make_interval(secs => ${maxAgeS})
        WHERE id = ${id} AND expires_at < now() + make_interval(secs => ${maxAgeS - 86_400})`,
  );
}

/** Signing out: the session ends, whoever holds a copy of its token. */
export async function endSession(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`DELETE FROM user_sessions WHERE id = ${id}`);
}
