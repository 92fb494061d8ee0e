import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { requeue } from '../../jobs/outbox.ts';
import { queryRows } from '../../lib/sql.ts';

/** How long after a comment its private reply can still be sent (Messenger's 7-day window). */
export const REPLY_WINDOW_DAYS = 7;

/**
 * Sends again the private replies that were refused because a store's token was rejected, once
 * the store has a working token: their recorded failures are removed and their outbox rows
 * (`reply:{session}:{comment}`) are due again, for comments of these stores younger than the reply
 * window. A comment answered meanwhile is refused by the platform as already replied, which the
 * reply handler counts as sent. Answers how many replies were queued again.
 */
export async function resendTokenRefusedReplies(
  db: DbOrTx,
  sellerId: number,
  storeIds: number[],
): Promise<number> {
  if (!storeIds.length) return 0;
  return db.transaction(async (tx) => {
    const gone = await queryRows<{ dedupe_key: string }>(
      tx,
      sql`DELETE FROM private_replies pr
          USING live_comments c, live_sessions ls
          WHERE pr.live_comment_id = c.id AND ls.id = c.session_id
            AND pr.seller_id = ${sellerId} AND c.seller_id = ${sellerId}
            AND pr.error_kind = 'token'
            AND coalesce(c.store_id, ls.store_id) IN (${sql.join(
              storeIds.map((id) => sql`${id}`),
              sql`, `,
            )})
            AND c.created_time > now() - make_interval(days => ${REPLY_WINDOW_DAYS})
          RETURNING 'reply:' || c.session_id || ':' || c.external_id AS dedupe_key`,
    );
    return requeue(
      tx,
      'private_reply',
      gone.map((r) => r.dedupe_key),
    );
  });
}
