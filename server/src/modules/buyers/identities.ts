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
 * The viewers of a live's post the seller never saw, recorded in their own short statement before
 * the post is claimed (`buyers_record_viewers`, sql/identity.sql: in the order of their key, so two
 * posts never deadlock on them, and the claim only reads them). Answers how many were recorded.
 */
export async function recordViewers(db: DbOrTx, sellerId: number, viewers: CommentViewer[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT buyers_record_viewers(${sellerId}, ${JSON.stringify(viewers)}::jsonb) AS n`,
  );
  return Number(row?.n ?? 0);
}
