/**
 * The shopper account an order and a waiting row belong to. A viewer's identity linked to an
 * account brings its orders and waiting rows with it, those of the identity's seller only.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';

/** Gives the account the identity's orders and waiting rows that have none; answers how many. */
export async function assignIdentityToBuyer(
  tx: DbOrTx,
  p: { identityId: number; sellerId: number; userId: number },
): Promise<{ orders: number; waiting: number }> {
  const o = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE orders SET buyer_id = ${p.userId}, updated_at = now()
        WHERE social_identity_id = ${p.identityId} AND seller_id = ${p.sellerId} AND buyer_id IS NULL
        RETURNING id`,
  );
  const w = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE waiting_list SET buyer_id = ${p.userId}, updated_at = now()
        WHERE social_identity_id = ${p.identityId} AND seller_id = ${p.sellerId} AND buyer_id IS NULL
        RETURNING id`,
  );
  return { orders: o.length, waiting: w.length };
}

/** Gives the account an order without a viewer identity, when it has no buyer yet; answers whether it did. */
export async function assignOrderToBuyer(tx: DbOrTx, orderId: number, userId: number): Promise<boolean> {
  const o = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE orders SET buyer_id = ${userId}, updated_at = now()
        WHERE id = ${orderId} AND buyer_id IS NULL RETURNING id`,
  );
  return o.length > 0;
}
