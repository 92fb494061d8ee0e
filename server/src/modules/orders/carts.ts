/**
 * The seller's actions on open carts and stock during a live (SPEC §7 Orders calls): expire a cart,
 * remove or decrease a line, serve a waiting list, set a configuration's stock. Every change that
 * returns stock serves the waiting list in the same transaction (`orders/waiting.ts`).
 */

import type { TCart, TExpireResult, TRunWaitResult, TUpdateConfigQtyResult } from '@livecart/contract/carts';
import type { TLocale, TOrderStatus } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { toEuros } from '../../lib/money.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { queryRows, toIso } from '../../lib/sql.ts';
import { publishLiveEvent } from '../events/bus.ts';
import * as stock from '../products/stock.ts';
import { cartTotals, heldByPayment } from './cart.ts';
import { expireCart } from './expiry.ts';
import { LINE_LABEL_JOINS, lineLabels } from './lines.ts';
import { giveBack, serveWaitingList, withdrawFromWaitingList } from './waiting.ts';

function sellerOf(ctx: Ctx): number {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user.id;
}

/** GET orders/expire: the seller expires their open cart now; stock returns, queues are served. */
export async function expireOrder(ctx: Ctx, orderId: number): Promise<TExpireResult> {
  const sellerId = sellerOf(ctx);
  const result = await inRetriedTransaction(ctx.db, (tx) =>
    expireCart(tx, orderId, {
      userId: sellerId,
      note: 'expired by the seller',
      env: ctx.config,
      sellerId,
    }),
  );
  if (!result.expired) {
    if (result.status === null) throw notFound();
    throw new AppError('order_not_open', undefined, undefined, { body: { status: result.status } });
  }
  return { success: true, status: 'expired' };
}

/**
 * GET orders/remove-item-order (`mode` remove) and orders/minus-item-order (`mode` minus: one less,
 * the line goes at 1): only in an open cart of the seller that no payment in progress holds (its
 * total must stay what the shopper is paying). The viewer's own waiting request for the article is
 * withdrawn, the stock returns and serves the queue, the totals are recomputed (the countdown is
 * kept; an emptied cart has none). Answers the cart.
 */
export async function changeLine(ctx: Ctx, orderItemId: number, mode: 'remove' | 'minus'): Promise<TCart> {
  const sellerId = sellerOf(ctx);
  return inRetriedTransaction(ctx.db, async (tx) => {
    const [line] = await queryRows<{ order_id: number }>(
      tx,
      sql`SELECT order_id FROM order_items WHERE id = ${orderItemId} AND seller_id = ${sellerId}`,
    );
    if (!line) throw notFound();
    const [order] = await queryRows<{
      id: number;
      status: string;
      order_number: string;
      session_id: number | null;
      social_identity_id: number | null;
    }>(
      tx,
      sql`SELECT id, status, order_number, session_id, social_identity_id FROM orders
          WHERE id = ${line.order_id} AND seller_id = ${sellerId} FOR UPDATE`,
    );
    if (!order) throw notFound();
    if (order.status !== 'new') {
      throw new AppError('order_not_open', undefined, undefined, { body: { status: order.status } });
    }
    // The shopper is paying the cart as it is: its total may not change under the payment.
    const [held] = await queryRows<{ held: boolean }>(tx, sql`SELECT ${heldByPayment(order.id)} AS held`);
    if (held.held) throw new AppError('order_payment_in_progress');
    // Read again under the cart's lock: a concurrent change of the same line has committed.
    const [current] = await queryRows<{ configuration_id: number | null; quantity: number }>(
      tx,
      sql`SELECT configuration_id, quantity FROM order_items WHERE id = ${orderItemId}`,
    );
    if (!current) throw notFound();
    const released = mode === 'remove' || current.quantity <= 1 ? current.quantity : 1;
    if (released === current.quantity) {
      await tx.execute(sql`DELETE FROM order_items WHERE id = ${orderItemId}`);
    } else {
      await tx.execute(
        sql`UPDATE order_items SET quantity = quantity - ${released}, updated_at = now() WHERE id = ${orderItemId}`,
      );
    }
    await cartTotals(tx, order.id);
    if (current.configuration_id) {
      // The shopper wants fewer of it, not more: what they still waited for goes too, so the
      // units released serve the next viewers, not them again.
      if (order.social_identity_id !== null) {
        await withdrawFromWaitingList(tx, {
          sellerId,
          configurationId: current.configuration_id,
          socialIdentityId: order.social_identity_id,
        });
      }
      await giveBack(tx, {
        sellerId,
        configurationId: current.configuration_id,
        quantity: released,
        env: ctx.config,
      });
    }
    await publishLiveEvent(tx, sellerId, {
      type: 'cart',
      orderId: order.id,
      orderNumber: order.order_number,
      sessionId: order.session_id,
    });
    return cartView(tx, order.id, ctx.locale);
  });
}

/** A cart as the cart actions answer it, colour and size named in `locale`. */
export async function cartView(db: DbOrTx, orderId: number, locale: TLocale): Promise<TCart> {
  const [order] = await queryRows<{
    id: number;
    order_number: string;
    status: TOrderStatus;
    subtotal_cents: number;
    total_amount_cents: number;
    expires_at: Date | string | null;
  }>(
    db,
    sql`SELECT id, order_number, status, subtotal_cents, total_amount_cents, expires_at FROM orders
        WHERE id = ${orderId}`,
  );
  if (!order) throw notFound();
  const lines = await queryRows<{
    id: number;
    product_id: number | null;
    configuration_id: number | null;
    name: string;
    color_label: string | null;
    size_label: string | null;
    sku: string | null;
    quantity: number;
    unit_price_cents: number;
    photo: string | null;
  }>(
    db,
    sql`SELECT i.id, i.product_id, i.configuration_id, i.name, ${lineLabels(locale)}, i.sku, i.quantity,
          i.unit_price_cents, i.photo
        FROM order_items i ${LINE_LABEL_JOINS} WHERE i.order_id = ${orderId} ORDER BY i.id`,
  );
  return {
    id: order.id,
    order_number: order.order_number,
    status: order.status,
    subtotal: toEuros(order.subtotal_cents),
    total_amount: toEuros(order.total_amount_cents),
    expires_at: toIso(order.expires_at),
    items: lines.map((l) => ({
      id: l.id,
      product_id: l.product_id,
      configuration_id: l.configuration_id,
      name: l.name,
      color_label: l.color_label,
      size_label: l.size_label,
      sku: l.sku,
      quantity: l.quantity,
      unit_price: toEuros(l.unit_price_cents),
      photo: l.photo,
    })),
  };
}

/** POST order/run-wait-workflow: serves one session's waiting list of a configuration from its stock. */
export async function runWaitWorkflow(
  ctx: Ctx,
  body: { sessionId: number; productConfigurationId: number },
): Promise<TRunWaitResult> {
  const sellerId = sellerOf(ctx);
  return inRetriedTransaction(ctx.db, async (tx) => {
    const [session] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM live_sessions
          WHERE id = ${body.sessionId} AND seller_id = ${sellerId} AND deleted_at IS NULL`,
    );
    const [config] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM product_configurations
          WHERE id = ${body.productConfigurationId} AND seller_id = ${sellerId}`,
    );
    if (!session || !config) throw notFound();
    const served = await serveWaitingList(tx, {
      sellerId,
      configurationId: config.id,
      sessionId: session.id,
      env: ctx.config,
    });
    return { served };
  });
}

/**
 * POST order/update-config-qty: sets a configuration's stock; units added are served to its waiting
 * list (every session, comment order) in the same transaction. Answers the stock left and how many
 * waiting rows were served.
 */
export async function updateConfigQty(
  ctx: Ctx,
  body: { productConfigurationId: number; quantity: number },
): Promise<TUpdateConfigQtyResult> {
  const sellerId = sellerOf(ctx);
  return inRetriedTransaction(ctx.db, async (tx) => {
    const configurationId = body.productConfigurationId;
    const before = await stock.setStock(tx, { sellerId, configurationId, quantity: body.quantity });
    if (before === null) throw notFound();
    const served =
      body.quantity > before ? await serveWaitingList(tx, { sellerId, configurationId, env: ctx.config }) : 0;
    const [after] = await queryRows<{ quantity: number }>(
      tx,
      sql`SELECT quantity FROM product_configurations WHERE id = ${configurationId}`,
    );
    return { item: { configuration_id: configurationId, quantity: after.quantity, served } };
  });
}
