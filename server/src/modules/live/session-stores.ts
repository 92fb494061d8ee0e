/**
 * The stores feeding a session (`live_session_stores`): its own store, and the other stores of the
 * seller it was given (another page, the page's Instagram account), each with its live video.
 */
import type { TLiveSessionBody, TLiveSessionSource } from '@livecart/contract/live';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, invalidFields } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { ownedStoreIds } from '../stores/access.ts';
import { liveSessionStores } from './tables.ts';

/**
 * Writes the stores feeding a session after it was saved: its own store (`storeId`) and the other
 * ones (`input.store_ids`, each the seller's, else 404 naming it; left out: those it had); rows of
 * stores no longer feeding it go. `input.live_video_id` ties a video to its own store (null
 * unties it; left out: kept).
 */
export async function saveSessionStores(
  tx: DbOrTx,
  session: { id: number; seller_id: number; store_id: number | null },
  input: Pick<TLiveSessionBody, 'store_ids' | 'live_video_id'>,
): Promise<void> {
  const current = await tx
    .select({ store_id: liveSessionStores.store_id })
    .from(liveSessionStores)
    .where(eq(liveSessionStores.session_id, session.id));
  const extra = input.store_ids ?? current.map((r) => r.store_id).filter((id) => id !== session.store_id);
  if (input.store_ids?.length) {
    const owned = await ownedStoreIds(tx, session.seller_id, input.store_ids);
    const missing = input.store_ids.find((id) => !owned.has(id));
    if (missing !== undefined) {
      throw new AppError('not_found', { store_ids: 'not_found' }, undefined, { body: { store_id: missing } });
    }
  }
  const wanted = [...new Set([...(session.store_id ? [session.store_id] : []), ...extra])];
  await tx
    .delete(liveSessionStores)
    .where(
      and(
        eq(liveSessionStores.session_id, session.id),
        wanted.length ? sql`${liveSessionStores.store_id} <> ALL(${sql.param(wanted)}::int[])` : sql`true`,
      ),
    );
  if (wanted.length) {
    await tx
      .insert(liveSessionStores)
      .values(wanted.map((store_id) => ({ session_id: session.id, seller_id: session.seller_id, store_id })))
      .onConflictDoNothing();
  }
  if (input.live_video_id !== undefined) {
    if (!session.store_id) throw invalidFields({ live_video_id: 'invalid' });
    await tx
      .update(liveSessionStores)
      .set({
        video_id: input.live_video_id,
        video_status: input.live_video_id ? 'live' : null,
        comments_cursor: null,
        next_poll_at: input.live_video_id ? new Date() : null,
        poll_failures: 0,
        poll_error: null,
        updated_at: new Date(),
      })
      .where(
        and(
          eq(liveSessionStores.session_id, session.id),
          eq(liveSessionStores.store_id, session.store_id),
          sql`${liveSessionStores.video_id} IS DISTINCT FROM ${input.live_video_id}`,
        ),
      );
  }
}

/** The stores feeding a session, its own first, with their videos and why reading them fails. */
export async function sessionSources(
  db: DbOrTx,
  session: { id: number; store_id: number | null },
): Promise<TLiveSessionSource[]> {
  return queryRows<TLiveSessionSource>(
    db,
    sql`SELECT lss.store_id, st.name, st.platform, lss.video_id, lss.video_status, lss.poll_error, st.token_error
        FROM live_session_stores lss JOIN stores st ON st.id = lss.store_id
        WHERE lss.session_id = ${session.id}
        ORDER BY (lss.store_id = ${session.store_id ?? 0}) DESC, lss.store_id`,
  );
}
