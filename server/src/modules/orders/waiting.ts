/**
 * The waiting list served from stock that comes back (a cart expired, a line removed or decreased,
 * the seller raising a quantity): in the same transaction, to the viewers waiting for that
 * configuration, strictly in comment order. The first request is served in part when the stock
 * cannot serve it in full (it keeps its place for the rest), so units never sit free while
 * someone waits for them.
 *
 * A shopper the seller blocked is passed over: their request leaves the queue (canceled) and the
 * next one is served, so a blocked shopper never gets stock and nobody waits behind them.
 *
 * Locks: the configuration row first (so a claim deciding to wait, which holds it FOR SHARE, is
 * either seen by the queue or sees the stock), then the waiting rows, then each served viewer's cart.
 */
import { renderReply } from '@livecart/contract/chatbot';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { enqueueMail } from '../../jobs/outbox.ts';
import { queryRows } from '../../lib/sql.ts';
import { systemReplyText } from '../chatbot/texts.ts';
import { publishLiveEvent } from '../events/bus.ts';
import { notify } from '../notifications/service.ts';
import * as stock from '../products/stock.ts';
import { shopSettings } from '../settings/service.ts';
import { storeContext } from '../stores/service.ts';
import { addToCart, type CartEnv, checkoutUrl, lineSnapshots, openCart } from './cart.ts';
import { articleNames, articleText } from './lines.ts';

export interface GiveBackInput {
  sellerId: number;
  configurationId: number;
  quantity: number;
  env: CartEnv;
}

/**
 * Gives `quantity` units back to a configuration of the seller, then serves its queue. Answers how
 * many waiting requests got units (0 when the configuration no longer exists).
 */
export async function giveBack(tx: DbOrTx, input: GiveBackInput): Promise<number> {
  if (input.quantity <= 0) return 0;
  if (!(await stock.release(tx, input))) return 0;
  return serveWaitingList(tx, {
    sellerId: input.sellerId,
    configurationId: input.configurationId,
    env: input.env,
  });
}

/**
 * Gives every line of an order back to stock (configurations in ascending id, so two releases never
 * lock them in opposite orders), each serving its waiting list: the one release of a whole order,
 * whether its cart expired, was canceled or its payment was refunded.
 */
export async function giveBackOrder(
  tx: DbOrTx,
  order: { id: number; seller_id: number },
  env: CartEnv,
): Promise<void> {
  const lines = await queryRows<{ configuration_id: number; quantity: number }>(
    tx,
    sql`SELECT configuration_id, sum(quantity)::int AS quantity FROM order_items
        WHERE order_id = ${order.id} AND configuration_id IS NOT NULL
        GROUP BY configuration_id ORDER BY configuration_id`,
  );
  for (const line of lines) {
    await giveBack(tx, {
      sellerId: order.seller_id,
      configurationId: line.configuration_id,
      quantity: line.quantity,
      env,
    });
  }
}

export interface ServeInput {
  sellerId: number;
  configurationId: number;
  /** Only the rows of this session (run-wait-workflow); all sessions otherwise. */
  sessionId?: number;
  env: CartEnv;
}

interface WaitingRow {
  id: number;
  session_id: number | null;
  social_identity_id: number | null;
  buyer_id: number | null;
  identity_user_id: number | null;
  comment_id: string | null;
  quantity: number;
  /** The seller blocked this viewer (buyers_blocked, buyers/sql/identity.sql). */
  blocked: boolean;
}

/**
 * Serves the waiting list of a configuration from its current stock, in the caller's transaction:
 * rows `waiting` by comment time, first come first served (a blocked shopper's row leaves the
 * queue instead); the first row the stock cannot serve
 * in full gets what is left and keeps its place for the rest (nobody jumps the queue). Each
 * served part gets a line in its viewer's open cart (created if needed; the countdown restarts
 * with its session's cart duration), a seller notification, an e-mail when the viewer has an
 * account, and live events. Answers how many requests got units.
 */
export async function serveWaitingList(tx: DbOrTx, input: ServeInput): Promise<number> {
  const { sellerId, configurationId } = input;
  const [config] = await queryRows<{ quantity: number }>(
    tx,
    sql`SELECT quantity FROM product_configurations
        WHERE id = ${configurationId} AND seller_id = ${sellerId} FOR UPDATE`,
  );
  if (!config || config.quantity <= 0) return 0;
  const rows = await queryRows<WaitingRow>(
    tx,
    sql`SELECT w.id, w.session_id, w.social_identity_id, w.buyer_id, si.user_id AS identity_user_id,
          w.comment_id, w.quantity,
          buyers_blocked(w.seller_id, w.social_identity_id, coalesce(w.buyer_id, si.user_id)) AS blocked
        FROM waiting_list w LEFT JOIN social_identities si ON si.id = w.social_identity_id
        WHERE w.configuration_id = ${configurationId} AND w.seller_id = ${sellerId} AND w.status = 'waiting'
          ${input.sessionId !== undefined ? sql`AND w.session_id = ${input.sessionId}` : sql``}
        ORDER BY w.comment_time, w.id
        FOR UPDATE OF w`,
  );
  let served = 0;
  let changed = false;
  const sessions = new Map<number | null, SessionInfo>();
  for (const row of rows) {
    if (!row.social_identity_id || row.blocked) {
      // The viewer is gone (identity deleted), or the seller blocked them (a request made before
      // the block, or before their identity was linked to a blocked account): the row leaves the queue.
      await tx.execute(
        sql`UPDATE waiting_list SET status = 'canceled', updated_at = now() WHERE id = ${row.id}`,
      );
      changed = true;
      continue;
    }
    const taken = await stock.reserve(tx, {
      sellerId,
      configurationId,
      quantity: row.quantity,
      queueFirst: false,
    });
    if (taken === 0) break;
    let session = sessions.get(row.session_id);
    if (!session) {
      session = await sessionInfo(tx, sellerId, row.session_id);
      sessions.set(row.session_id, session);
    }
    await serveRow(tx, input, row, taken, session);
    served++;
    changed = true;
    if (taken < row.quantity) break;
  }
  if (changed) await publishLiveEvent(tx, sellerId, { type: 'waiting', configurationId });
  return served;
}

interface SessionInfo {
  timer: number;
  locale: 'fr' | 'en';
  storeName: string;
}

/**
 * The cart duration of a waiting row's session (the shop's default cart duration when the session
 * is gone) and the shop's language and name.
 */
async function sessionInfo(tx: DbOrTx, sellerId: number, sessionId: number | null): Promise<SessionInfo> {
  const [session] = sessionId
    ? await queryRows<{ order_timer_minutes: number; store_id: number | null }>(
        tx,
        sql`SELECT order_timer_minutes, store_id FROM live_sessions WHERE id = ${sessionId}`,
      )
    : [];
  const { locale, storeName } = await storeContext(tx, sellerId, session?.store_id);
  const timer = session?.order_timer_minutes ?? (await shopSettings(tx, sellerId)).cartDuration;
  return { timer, locale, storeName };
}

/**
 * Gives `quantity` units (taken already) to a waiting row: all it asked, and the row is served;
 * or a part, kept as a served row of its own while the waiting row keeps its place for the rest.
 */
async function serveRow(
  tx: DbOrTx,
  input: ServeInput,
  row: WaitingRow,
  quantity: number,
  session: SessionInfo,
) {
  const { sellerId, configurationId, env } = input;
  const { order } = await openCart(tx, {
    sellerId,
    socialIdentityId: row.social_identity_id as number,
    buyerId: row.buyer_id ?? row.identity_user_id,
    sessionId: row.session_id,
    commentId: row.comment_id,
    locale: session.locale,
    authSecret: env.authSecret,
    note: 'waiting list',
  });
  const snapshots = await lineSnapshots(tx, sellerId, [configurationId], order.locale);
  const snapshot = snapshots.get(configurationId);
  await addToCart(tx, order, [{ configurationId, quantity, snapshot }], session.timer);
  let servedId = row.id;
  if (quantity < row.quantity) servedId = await servePart(tx, row.id, quantity, order.id);
  else {
    await tx.execute(
      sql`UPDATE waiting_list SET status = 'served', served_order_id = ${order.id}, served_at = now(),
            updated_at = now()
          WHERE id = ${row.id}`,
    );
  }

  // The seller reads the notice in either language: the article is named in each.
  const product = snapshot?.name ?? '';
  const names = (await articleNames(tx, sellerId, configurationId)) ?? {
    fr: articleText(product, snapshot?.colorLabel ?? null, snapshot?.sizeLabel ?? null),
    en: articleText(product, snapshot?.colorLabel ?? null, snapshot?.sizeLabel ?? null),
  };
  await notify(tx, {
    userId: sellerId,
    type: 'waiting_served',
    title_fr: `Liste d’attente servie : ${order.order_number}`,
    title_en: `Waiting list served: ${order.order_number}`,
    body_fr: `${names.fr} ×${quantity} est passé de la liste d’attente au panier.`,
    body_en: `${names.en} ×${quantity} went from the waiting list to the cart.`,
    link: `/orders/${order.id}`,
    data: { orderId: order.id, configurationId, waitingId: servedId },
  });

  // The shopper's mail is in the cart's language (the shop's, the viewer's when the comment knew
  // it, or the one they chose at checkout), in the seller's words (their waiting_served reply).
  const userId = row.buyer_id ?? row.identity_user_id;
  if (userId) {
    const [user] = await queryRows<{ email: string | null; first_name: string | null }>(
      tx,
      sql`SELECT email, first_name FROM users WHERE id = ${userId}`,
    );
    if (user?.email) {
      const url = checkoutUrl(env, session.storeName, order.order_number, order.locale);
      const words = await systemReplyText(tx, sellerId, 'waiting_served', order.locale);
      const variant = [snapshot?.colorLabel, snapshot?.sizeLabel].filter(Boolean).join(', ');
      await enqueueMail(tx, `waiting_served:${servedId}`, {
        to: user.email,
        template: 'waiting_served',
        locale: order.locale,
        data: {
          first_name: user.first_name ?? '',
          product,
          variant,
          quantity,
          url,
          ...(words && {
            message: renderReply(words, {
              first_name: user.first_name ?? '',
              items: `${articleText(product, snapshot?.colorLabel ?? null, snapshot?.sizeLabel ?? null)} ×${quantity}`,
              link: url,
              minutes: session.timer > 0 ? String(session.timer) : undefined,
              store: session.storeName,
            }),
          }),
        },
      });
    }
  }
  await publishLiveEvent(tx, sellerId, {
    type: 'cart',
    orderId: order.id,
    orderNumber: order.order_number,
    sessionId: order.session_id,
  });
}

/**
 * Splits the part served off a waiting row: a served row of its own (same viewer, comment and
 * place) for `quantity`, the waiting row keeping the rest. Answers the served row's id.
 */
async function servePart(tx: DbOrTx, waitingId: number, quantity: number, orderId: number): Promise<number> {
  const [part] = await queryRows<{ id: number }>(
    tx,
    sql`WITH rest AS (
          UPDATE waiting_list SET quantity = quantity - ${quantity}, updated_at = now()
          WHERE id = ${waitingId} RETURNING *)
        INSERT INTO waiting_list (seller_id, session_id, configuration_id, product_id, social_identity_id,
          buyer_id, comment_id, quantity, comment_time, status, served_order_id, served_at)
        SELECT seller_id, session_id, configuration_id, product_id, social_identity_id, buyer_id, comment_id,
          ${quantity}, comment_time, 'served', ${orderId}, now()
        FROM rest
        RETURNING id`,
  );
  return part.id;
}

/**
 * Withdraws a viewer's waiting requests for a configuration (the seller took some of it out of
 * their cart: they want fewer, not more). Answers how many rows.
 */
export async function withdrawFromWaitingList(
  tx: DbOrTx,
  p: { sellerId: number; configurationId: number; socialIdentityId: number },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE waiting_list SET status = 'canceled', updated_at = now()
        WHERE seller_id = ${p.sellerId} AND configuration_id = ${p.configurationId}
          AND social_identity_id = ${p.socialIdentityId} AND status = 'waiting'
        RETURNING id`,
  );
  if (rows.length)
    await publishLiveEvent(tx, p.sellerId, { type: 'waiting', configurationId: p.configurationId });
  return rows.length;
}

/**
 * Withdraws every waiting request of a shopper at a seller (canceled), as blocking them does: an
 * account's (on the account, or on an identity it linked at this seller), or one identity's.
 * No stock is freed (nothing is free while someone waits), so nothing else is served. Rows are
 * locked in queue order, as serving locks them. Answers how many rows.
 */
export async function withdrawShopperFromWaitingList(
  tx: DbOrTx,
  p: { sellerId: number; userId: number | null; identityId: number | null },
): Promise<number> {
  const whose =
    p.userId !== null
      ? sql`(w.buyer_id = ${p.userId} OR w.social_identity_id IN (
              SELECT si.id FROM social_identities si WHERE si.user_id = ${p.userId} AND si.seller_id = ${p.sellerId}))`
      : sql`w.social_identity_id = ${p.identityId}`;
  const rows = await queryRows<{ configuration_id: number }>(
    tx,
    sql`UPDATE waiting_list SET status = 'canceled', updated_at = now()
        WHERE id IN (SELECT w.id FROM waiting_list w
                     WHERE w.seller_id = ${p.sellerId} AND w.status = 'waiting' AND ${whose}
                     ORDER BY w.comment_time, w.id FOR UPDATE)
          AND status = 'waiting'
        RETURNING configuration_id`,
  );
  for (const configurationId of new Set(rows.map((r) => r.configuration_id))) {
    await publishLiveEvent(tx, p.sellerId, { type: 'waiting', configurationId });
  }
  return rows.length;
}
