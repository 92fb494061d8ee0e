/**
 * Linking a viewer's social identity to a shopper account (SPEC §4 "Buyer linked by comment"):
 * from then on that identity's orders and waiting rows are the account's, and later carts of the
 * identity are created with `buyer_id` (the claim reads `social_identities.user_id`). Two ways in,
 * one rule ({@link linkToAccount}):
 * - by comment: the shopper opens the link from the private message, signs in or up, and the web
 *   app posts the comment id (`orders/connect-bycomment`);
 * - by checkout link: the link `/checkout/{orderNumber}?storeName=…&t=…` carries no comment id, so
 *   the checkout page, once the viewer is signed in as a shopper, posts the order number and the
 *   link's token (`POST checkout/link`).
 * The token is the proof. An identity is one seller's (the same platform id at another seller is
 * another identity), so a link moves only the orders of the seller whose token the shopper holds.

 * An e-mail typed at checkout is never a proof: whoever holds a checkout link (its viewer, its
 * seller) may type anyone's address there, so an account confirmed with that address does not
 * get the order by it. A guest who creates an account from the confirmation comes back to the
 * order's link signed in, and the link's token joins it.
 */
import type {
  TCheckoutLinkResult,
  TConnectByCommentResult,
  TOrderByCommentResult,
  TOrderByIdResult,
  TWaitOrderByCommentResult,
} from '@livecart/contract/checkout';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { queryRows } from '../../lib/sql.ts';
import { linkIdentity } from '../buyers/identities.ts';
import { assignIdentityToBuyer, assignOrderToBuyer } from '../orders/buyers.ts';
import { storeContext } from '../stores/service.ts';
import { findOrder, isOwner, tokenMatches } from './access.ts';
import { productsWaiting } from './view.ts';

interface CommentIdentity {
  identity_id: number;
  user_id: number | null;
  seller_id: number;
}

/**
 * The social identities (each of one seller) behind a platform comment id: of comments, carts and
 * waiting rows. Several sellers may know the same id (ids come from the capture tool or the
 * simulator), so the caller picks the one the shopper can prove or has linked.
 */
async function identitiesOfComment(db: DbOrTx, commentId: string): Promise<CommentIdentity[]> {
  return queryRows<CommentIdentity>(
    db,
    sql`SELECT x.identity_id, si.user_id, si.seller_id FROM (
          SELECT social_identity_id AS identity_id, 1 AS rank FROM live_comments
            WHERE external_id = ${commentId} AND social_identity_id IS NOT NULL
          UNION ALL
          SELECT social_identity_id, 2 FROM orders
            WHERE comment_id = ${commentId} AND social_identity_id IS NOT NULL
          UNION ALL
          SELECT social_identity_id, 3 FROM waiting_list
            WHERE comment_id = ${commentId} AND social_identity_id IS NOT NULL
        ) x JOIN social_identities si ON si.id = x.identity_id
        GROUP BY x.identity_id, si.user_id, si.seller_id
        ORDER BY min(x.rank), x.identity_id`,
  );
}

/**
 * The one linking rule: the identity joins the account (never one linked to someone else: 404),
 * and with it its orders and waiting rows at that seller.
 */
async function linkToAccount(tx: DbOrTx, identityId: number, sellerId: number, userId: number) {
  if (!(await linkIdentity(tx, identityId, userId))) throw notFound();
  return assignIdentityToBuyer(tx, { identityId, sellerId, userId });
}

const me = (ctx: Ctx) => {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user.id;
};

/** The order a shopper should pay for a comment: its own order, else the identity's open cart there. */
async function orderOfComment(db: DbOrTx, commentId: string, identity: CommentIdentity) {
  const [row] = await queryRows<{
    id: number;
    order_number: string;
    seller_id: number;
    session_id: number | null;
  }>(
    db,
    sql`SELECT id, order_number, seller_id, session_id FROM orders
        WHERE social_identity_id = ${identity.identity_id} AND seller_id = ${identity.seller_id}
        ORDER BY (comment_id = ${commentId}) DESC NULLS LAST, (status = 'new') DESC, created_at DESC, id DESC
        LIMIT 1`,
  );
  return row ?? null;
}

async function storeNameOf(db: DbOrTx, sellerId: number, sessionId: number | null) {
  const [s] = sessionId
    ? await queryRows<{ store_id: number | null }>(
        db,
        sql`SELECT store_id FROM live_sessions WHERE id = ${sessionId}`,
      )
    : [];
  return (await storeContext(db, sellerId, s?.store_id)).storeName;
}

/**
 * The identity of the comment the caller may link: the one already linked to them, else one not
 * linked to anyone whose orders' checkout token is `t`.
 */
async function provenIdentity(
  db: DbOrTx,
  commentId: string,
  userId: number,
  t: string | undefined,
): Promise<CommentIdentity | null> {
  const candidates = await identitiesOfComment(db, commentId);
  const mine = candidates.find((c) => c.user_id === userId);
  if (mine) return mine;
  for (const c of candidates.filter((c) => c.user_id === null)) {
    const hashes = await queryRows<{ access_token_hash: string | null }>(
      db,
      sql`SELECT access_token_hash FROM orders WHERE social_identity_id = ${c.identity_id}`,
    );
    if (hashes.some((h) => tokenMatches(h.access_token_hash, t))) return c;
  }
  return null;
}

/** GET orders/connect-bycomment: links the identity of a comment the shopper can prove with `t`. */
export async function connectByComment(
  ctx: Ctx,
  commentId: string,
  t: string | undefined,
): Promise<TConnectByCommentResult> {
  const userId = me(ctx);
  const identity = await provenIdentity(ctx.db, commentId, userId, t);
  if (!identity) throw notFound();
  const counts = await inRetriedTransaction(ctx.db, (tx) =>
    linkToAccount(tx, identity.identity_id, identity.seller_id, userId),
  );
  const order = await orderOfComment(ctx.db, commentId, identity);
  return {
    success: true,
    ...counts,
    orderNumber: order?.order_number ?? null,
    storeName: order ? await storeNameOf(ctx.db, order.seller_id, order.session_id) : null,
  };
}

/** The identity of the comment, only when it is linked to the caller. */
async function linkedIdentity(ctx: Ctx, commentId: string) {
  const userId = me(ctx);
  const identity = (await identitiesOfComment(ctx.db, commentId)).find((c) => c.user_id === userId);
  if (!identity) throw notFound();
  return identity;
}

export async function findOrderByComment(ctx: Ctx, commentId: string): Promise<TOrderByCommentResult> {
  const identity = await linkedIdentity(ctx, commentId);
  const order = await orderOfComment(ctx.db, commentId, identity);
  if (!order) throw notFound();
  return {
    storeName: await storeNameOf(ctx.db, order.seller_id, order.session_id),
    orderNumber: order.order_number,
  };
}

export async function findWaitOrderByComment(
  ctx: Ctx,
  commentId: string,
): Promise<TWaitOrderByCommentResult> {
  const identity = await linkedIdentity(ctx, commentId);
  const [open] = await queryRows<{ order_number: string; session_id: number | null }>(
    ctx.db,
    sql`SELECT order_number, session_id FROM orders
        WHERE social_identity_id = ${identity.identity_id} AND seller_id = ${identity.seller_id} AND status = 'new'
        ORDER BY created_at DESC LIMIT 1`,
  );
  return {
    storeName: await storeNameOf(ctx.db, identity.seller_id, open?.session_id ?? null),
    orderNumber: open?.order_number ?? null,
    productsWaiting: await productsWaiting(
      ctx.db,
      identity.seller_id,
      { socialIdentityId: identity.identity_id, buyerId: identity.user_id },
      ctx.locale,
    ),
  };
}

export async function findOrderByDbId(ctx: Ctx, orderId: number): Promise<TOrderByIdResult> {
  me(ctx);
  const order = await findOrder(ctx.db, { orderId });
  if (!order || !isOwner(order, ctx.user)) throw notFound();
  return {
    id: order.id,
    orderNumber: order.order_number,
    storeName: (await storeContext(ctx.db, order.seller_id, order.store_id)).storeName,
    status: order.status,
    total_amount: order.total_amount_cents / 100,
  };
}

/** POST checkout/link: links the identity of the order whose checkout link `t` the shopper holds. */
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

  const identityId = order.social_identity_id;
  const counts = await inRetriedTransaction(ctx.db, async (tx) => {
    if (identityId !== null) return linkToAccount(tx, identityId, order.seller_id, userId);
    if (!(await assignOrderToBuyer(tx, order.id, userId))) throw notFound();
    return { orders: 1, waiting: 0 };
  });
  return { success: true, linked: true, ...counts, orderNumber: order.order_number };
}
