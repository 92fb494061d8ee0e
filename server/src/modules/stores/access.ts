/**
 * The stores as the live capture reads them: each with the token its Graph calls use (an Instagram
 * account without its own takes its linked page's), the seller's list, and the token marked when
 * the platform rejects it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { stores } from './tables.ts';

/** A store as the capture reads it: its platform id and the token its calls use. */
export interface StoreAccess {
  id: number;
  sellerId: number;
  platform: 'facebook' | 'instagram';
  /** Page id, or Instagram professional account id. */
  externalId: string;
  name: string;
  /** The encrypted token its calls use: its own, or for an Instagram account its page's. */
  token: string | null;
  /** The store that token belongs to (marked when the platform rejects it). */
  tokenStoreId: number;
  tokenError: string | null;
}

/** The stores of these ids (sandbox stores left out), each with the token its calls use. */
export async function storesAccess(db: DbOrTx, storeIds: number[]): Promise<StoreAccess[]> {
  if (!storeIds.length) return [];
  return queryRows<StoreAccess>(
    db,
    sql`SELECT st.id, st.seller_id AS "sellerId", st.platform, st.external_id AS "externalId", st.name,
          coalesce(st.access_token_encrypted, pg.access_token_encrypted) AS token,
          CASE WHEN st.access_token_encrypted IS NULL AND pg.id IS NOT NULL THEN pg.id ELSE st.id END
            AS "tokenStoreId",
          CASE WHEN st.access_token_encrypted IS NULL THEN coalesce(st.token_error, pg.token_error)
               ELSE st.token_error END AS "tokenError"
        FROM stores st
        LEFT JOIN stores pg ON st.platform = 'instagram' AND pg.seller_id = st.seller_id
          AND pg.platform = 'facebook' AND pg.external_id = st.page_id
        WHERE st.id = ANY(${sql.param(storeIds)}::int[]) AND NOT st.sandbox
        ORDER BY st.id`,
  );
}

/** Marks the token a call used (on the store it belongs to) as rejected by the platform. */
export async function markTokenRejected(db: DbOrTx, store: StoreAccess, tokenError: string) {
  await db
    .update(stores)
    .set({ token_error: tokenError })
    .where(and(eq(stores.id, store.tokenStoreId), eq(stores.access_token_encrypted, store.token ?? '')));
}

/** The seller's stores, the selected one first. */
export function sellerStores(db: DbOrTx, sellerId: number) {
  return queryRows<{ id: number; name: string; platform: 'facebook' | 'instagram'; selected: boolean }>(
    db,
    sql`SELECT id, name, platform, selected FROM stores WHERE seller_id = ${sellerId} ORDER BY selected DESC, id`,
  );
}

/** Which of these store ids are the seller's. */
export async function ownedStoreIds(db: DbOrTx, sellerId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.seller_id, sellerId), inArray(stores.id, ids)));
  return new Set(rows.map((r) => r.id));
}
