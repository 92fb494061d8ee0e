/**
 * The seller's stores: the Facebook pages and Instagram accounts they go live on, as the live
 * module and the checkout read them. Connecting them is connect.ts and pages.ts; My Stores
 * (list, sync, default, disconnect) is my-stores.ts.
 */
import type { TLocale } from '@livecart/contract/constants';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { stores } from './tables.ts';

/**
 * What the shop's shoppers see of it: its language (the shop's setting, never the seller's
 * interface language), the name a checkout link shows (the session's store, else the seller), and
 * the message a blocked shopper's comment is answered with (null: the default text).
 */
export async function storeContext(
  db: DbOrTx,
  sellerId: number,
  storeId: number | null | undefined,
): Promise<{ locale: TLocale; storeName: string; blockedMessage: string | null }> {
  const [row] = await queryRows<{
    locale: string | null;
    blocked_message: string | null;
    company: string | null;
    first: string | null;
    last: string | null;
    store: string | null;
  }>(
    db,
    sql`SELECT st.shop_locale AS locale, st.blocked_message, u.company_name AS company, u.first_name AS first,
          u.last_name AS last, s.name AS store
        FROM users u
        LEFT JOIN stores s ON s.id = ${storeId ?? null}::int
        LEFT JOIN settings st ON st.user_id = u.id
        WHERE u.id = ${sellerId}`,
  );
  const storeName = row?.store ?? row?.company ?? [row?.first, row?.last].filter(Boolean).join(' ');
  return {
    locale: (row?.locale === 'en' ? 'en' : 'fr') as TLocale,
    storeName,
    blockedMessage: row?.blocked_message ?? null,
  };
}

/** The seller's store of this id (null when it is not theirs), or without an id their selected one. */
export async function sellerStore(db: DbOrTx, sellerId: number, storeId?: number | null) {
  const [row] = await db
    .select({
      id: stores.id,
      token_error: stores.token_error,
      token_expires_at: stores.token_expires_at,
    })
    .from(stores)
    .where(and(eq(stores.seller_id, sellerId), storeId ? eq(stores.id, storeId) : eq(stores.selected, true)));
  return row ?? null;
}
