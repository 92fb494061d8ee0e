/**
 * Viewers as one seller knows them (social identities: platform user ids are page-scoped, so an
 * identity is one seller's), and their link to a shopper account.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';

/**
 * Links the identity to the shopper's account: answers false when it is already someone else's
 * (a link never moves an identity from one account to another).
 */
export async function linkIdentity(tx: DbOrTx, identityId: number, userId: number): Promise<boolean> {
  const [linked] = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE social_identities SET user_id = ${userId}, linked_at = coalesce(linked_at, now()), updated_at = now()
        WHERE id = ${identityId} AND (user_id IS NULL OR user_id = ${userId})
        RETURNING id`,
  );
  return !!linked;
}

/** A viewer of a live comment: its platform, the platform's user id and the name it showed. */
export interface Viewer {
  platform: string;
  /** Null for a comment the platform gave without its author: the claim alone knows what to do. */
  fromId: string | null;
  fromName: string | null;
}

/**
 * Viewers this process has recorded, per seller (`platform:id`): a live's viewers comment again
 * and again, and those are not sent to the database again. Only a hint: a viewer missing from the
 * database (deleted since) is inserted by the claim itself.
 */
const recorded = new Map<number, Set<string>>();
/** Past this many viewers, a seller's set starts again (bounded memory for a process's lifetime). */
const RECORDED_MAX = 50_000;

/**
 * Records the viewers not known yet, in a short transaction of their own, before a live post's
 * claim reads them (`buyers_add_viewers`, sql/identity.sql): a new viewer in two posts at once
 * then holds the second post up for this statement only, not for the first post's whole claim.
 * Best effort: when it fails, the claim inserts the viewer as it always could. Answers how many
 * identities it inserted.
 */
export async function addViewers(
  db: DbOrTx,
  sellerId: number,
  viewers: Viewer[],
  log?: { warn: (obj: object, msg: string) => void },
): Promise<number> {
  let known = recorded.get(sellerId);
  if (!known || known.size > RECORDED_MAX) {
    known = new Set();
    recorded.set(sellerId, known);
  }
  const seen = known;
  const fresh = viewers.filter((v) => v.fromId !== null && !seen.has(`${v.platform}:${v.fromId}`));
  if (!fresh.length) return 0;
  try {
    const [row] = await queryRows<{ added: number }>(
      db,
      sql`SELECT buyers_add_viewers(${sellerId}, ${JSON.stringify(fresh)}::jsonb) AS added`,
    );
    for (const v of fresh) seen.add(`${v.platform}:${v.fromId}`);
    return row.added;
  } catch (err) {
    log?.warn({ err, sellerId }, 'viewers not recorded ahead of their claim');
    return 0;
  }
}
