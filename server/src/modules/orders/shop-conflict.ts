/**
 * Both sides sold the same last units (shop sync, docs/decisions.md "Shop sync: the last unit"):
 * the shop's sale stands when the live's claims came after it. Those claims leave their carts and
 * join the waiting list at their own claim time, so they are the first served when units come
 * back; their units go to the shop's sale (no stock is released).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { publishLiveEvent } from '../events/bus.ts';
import { cartTotals, heldByPayment } from './cart.ts';

export interface YieldInput {
  sellerId: number;
  configurationId: number;
  /** Units the shop sold that the live no longer had free. */
  quantity: number;
  /** When the shop sold them: only claims made after this instant yield. */
  after: Date;
}

/**
 * Moves up to `quantity` units of the live's later claims (open carts no payment holds, lines
 * added after `after`, newest first) to the waiting list. Answers the units moved.
 */
export async function yieldLaterClaims(tx: DbOrTx, input: YieldInput): Promise<number> {
  if (input.quantity <= 0) return 0;
  const lines = await queryRows<{
    id: number;
    order_id: number;
    order_number: string;
    session_id: number | null;
    product_id: number | null;
    social_identity_id: number | null;
    buyer_id: number | null;
    quantity: number;
    created_at: string;
  }>(
    tx,
    sql`SELECT i.id, i.order_id, o.order_number, o.session_id, i.product_id, o.social_identity_id, o.buyer_id,
               i.quantity, i.created_at
        FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE i.configuration_id = ${input.configurationId} AND i.seller_id = ${input.sellerId}
          AND o.status = 'new' AND i.created_at > ${input.after.toISOString()}::timestamptz
          AND NOT ${heldByPayment(sql`o.id`)}
        ORDER BY i.created_at DESC, i.id DESC
        FOR UPDATE OF o, i`,
  );
  let moved = 0;
  for (const line of lines) {
    if (moved >= input.quantity) break;
    const take = Math.min(line.quantity, input.quantity - moved);
    if (take === line.quantity) await tx.execute(sql`DELETE FROM order_items WHERE id = ${line.id}`);
    else
      await tx.execute(
        sql`UPDATE order_items SET quantity = quantity - ${take}, updated_at = now() WHERE id = ${line.id}`,
      );
    await cartTotals(tx, line.order_id);
    if (line.product_id !== null) {
      await tx.execute(
        sql`SELECT orders_join_waiting_list(${input.sellerId}, ${line.session_id}, ${input.configurationId},
              ${line.product_id}, ${line.social_identity_id}, ${line.buyer_id}, NULL, ${take},
              ${line.created_at}::timestamptz)`,
      );
    }
    await publishLiveEvent(tx, input.sellerId, {
      type: 'cart',
      orderId: line.order_id,
      orderNumber: line.order_number,
      sessionId: line.session_id,
    });
    moved += take;
  }
  if (moved)
    await publishLiveEvent(tx, input.sellerId, { type: 'waiting', configurationId: input.configurationId });
  return moved;
}
