import { MAX_PRODUCTS_PER_SELLER } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';

/** First key of the advisory lock on a seller's product count; the second is the seller id. */
const PRODUCT_COUNT_LOCK = 727_302;

/**
 * Refuses, with 409 `product_limit`, `adding` new products that would take the seller past
 * MAX_PRODUCTS_PER_SELLER products not deleted. Call inside the transaction that inserts them,
 * before inserting: the transaction-scoped advisory lock makes the seller's creations, copies and
 * imports count one after the other, so two of them racing for the last places cannot both pass.
 */
export async function checkProductRoom(tx: Tx, sellerId: number, adding: number): Promise<void> {
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${PRODUCT_COUNT_LOCK}::int, ${sellerId}::int)`);
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM products WHERE seller_id = ${sellerId} AND deleted_at IS NULL`,
  );
  if (n + adding > MAX_PRODUCTS_PER_SELLER) {
    throw new AppError('product_limit', undefined, undefined, {
      params: { max: MAX_PRODUCTS_PER_SELLER, count: n },
    });
  }
}
