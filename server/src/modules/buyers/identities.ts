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

/** A viewer as a comment names them: the platform, their page-scoped id and name. */
export interface CommentViewer {
  platform: string;
  fromId: string;
  fromName: string | null;
}

/**
 * Viewers this process has recorded or found known, per seller, platform and id: most comments of
 * a live come from viewers seen before, whose posts then skip the statement. Only a shortcut: a
 * viewer wrongly held known (their identity removed since) is written by the live claim itself
 * (buyers_viewer_identities). Past KNOWN_VIEWERS_MAX, the longest known are forgotten first.
 */
const knownViewers = new Set<string>();
const KNOWN_VIEWERS_MAX = 200_000;

/**
 * The viewers of a live's post the seller never saw, recorded in their own short statement before
 * the post is claimed (`buyers_record_viewers`, sql/identity.sql: in the order of their key, so two
 * posts never deadlock on them, and the claim only reads them). Viewers this process already
 * recorded cost nothing. Throws what the statement failed with (the claim then writes them).
 */
export async function recordViewers(db: DbOrTx, sellerId: number, viewers: CommentViewer[]): Promise<void> {
  const fresh = new Set<string>();
  const entries = viewers.filter((v) => {
    const key = `${sellerId}:${v.platform}:${v.fromId}`;
    if (knownViewers.has(key)) return false;
    fresh.add(key);
    return true;
  });
  if (!entries.length) return;
  await queryRows(db, sql`SELECT buyers_record_viewers(${sellerId}, ${JSON.stringify(entries)}::jsonb)`);
  for (const key of fresh) knownViewers.add(key);
  for (const key of knownViewers) {
    if (knownViewers.size <= KNOWN_VIEWERS_MAX) break;
    knownViewers.delete(key);
  }
}
