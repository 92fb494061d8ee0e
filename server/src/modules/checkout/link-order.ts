/**
 * Linking a shopper from the checkout link itself (issue 5 "Linking a shopper", SPEC §4 "Buyer
 * linked by comment"): the link `/checkout/{orderNumber}?storeName=…&t=…` carries no comment id,
 * so the checkout page, once the viewer is signed in as a shopper, posts the order number and the
 * link's token. The token is the proof (as for `connect-bycomment`): the order's social identity
 * (and with it every order and waiting row of that identity, and its later carts, see claim.ts)
 * joins the account; an order without a social identity gets the account as its buyer. An
 * identity is one seller's, so only the orders of the seller that issued the token move.
 */
import type { TCheckoutLinkResult } from '@livecart/contract/checkout';
import { sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { findOrder, isOwner, tokenMatches } from './access.ts';

export async function linkOrderToShopper(
  ctx: Ctx,
  orderNumber: string,
  t: string | undefined,
): Promise<TCheckoutLinkResult> {
  if (!ctx.user) throw new AppError('unauthorized');
  const userId = ctx.user.id;
  const order = await findOrder(ctx.db, { orderNumber });
  if (!order) throw notFound();
  if (isOwner(order, ctx.user)) {
    return { success: true, linked: false, orders: 0, waiting: 0, orderNumber: order.order_number };
  }
  // Only the link holder, and never onto an order (or identity) that is already someone's.
  if (!tokenMatches(order.access_token_hash, t)) throw notFound();
  if (order.seller_id === userId) throw notFound();
  if (order.buyer_id !== null && order.buyer_id !== userId) throw notFound();
  if (order.identity_user_id !== null && order.identity_user_id !== userId) throw notFound();

  const counts = await ctx.db.transaction(async (tx) => {
    if (order.social_identity_id === null) {
      const o = await queryRows<{ id: number }>(
        tx,
        sql`UPDATE orders SET buyer_id = ${userId}, updated_at = now()
            WHERE id = ${order.id} AND buyer_id IS NULL RETURNING id`,
      );
      if (!o.length) throw notFound();
      return { orders: o.length, waiting: 0 };
    }
    const [linked] = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE social_identities SET user_id = ${userId}, linked_at = coalesce(linked_at, now()), updated_at = now()
          WHERE id = ${order.social_identity_id} AND (user_id IS NULL OR user_id = ${userId})
          RETURNING id`,
    );
    if (!linked) throw notFound();
    const o = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE orders SET buyer_id = ${userId}, updated_at = now()
          WHERE social_identity_id = ${order.social_identity_id} AND seller_id = ${order.seller_id}
            AND buyer_id IS NULL RETURNING id`,
    );
    const w = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE waiting_list SET buyer_id = ${userId}, updated_at = now()
          WHERE social_identity_id = ${order.social_identity_id} AND seller_id = ${order.seller_id}
            AND buyer_id IS NULL RETURNING id`,
    );
    return { orders: o.length, waiting: w.length };
  });
  return { success: true, linked: true, ...counts, orderNumber: order.order_number };
}
