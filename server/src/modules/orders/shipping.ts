/**
 * POST orders/bulk-shipping: paid orders leave the shop. Only `payed` orders ship; the others are
 * refused with their reason and left as they are. All the checked orders change in one
 * transaction (locked in id order), each with its history row and the shopper's e-mail.
 */
import type { TOrderStatus } from '@livecart/contract/constants';
import type { TBulkActionResult, TBulkShippingBody } from '@livecart/contract/sellerOrders';
import { trackingUrl } from '@livecart/contract/tracking';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { enqueueMail } from '../../jobs/outbox.ts';
import type { Ctx } from '../../lib/http.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { queryRows } from '../../lib/sql.ts';
import { type BulkOutcome, bulkCaller, bulkResult, refusal } from './bulk.ts';
import { type CartEnv, checkoutUrl } from './cart.ts';
import { orderShopper } from './shopperMail.ts';

interface ShippedOrder {
  id: number;
  seller_id: number;
  order_number: string;
  status: TOrderStatus;
  shipping_method_name: string | null;
}

/**
 * Ships the checked `payed` orders: `shipped`, `shipped_at`, the carrier (given, else the shipping
 * method chosen at checkout) and tracking number, a history row naming who shipped it, and an
 * e-mail to the shopper in the order's language with the tracking link when the carrier is known.
 */
export async function bulkShip(ctx: Ctx, body: TBulkShippingBody): Promise<TBulkActionResult> {
  const { userId, scope } = bulkCaller(ctx, body.ids);
  const info = new Map<number, TBulkShippingBody['shipments'][number]>();
  for (const s of body.shipments) if (!info.has(s.id)) info.set(s.id, s);

  const outcomes = await inRetriedTransaction(ctx.db, async (tx) => {
    const rows = await queryRows<ShippedOrder>(
      tx,
      sql`SELECT o.id, o.seller_id, o.order_number, o.status, o.shipping_method_name FROM orders o
          WHERE o.id IN (${sql.join(
            body.ids.map((id) => sql`${id}`),
            sql`, `,
          )}) AND ${scope}
          ORDER BY o.id FOR UPDATE`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const out: BulkOutcome[] = [];
    for (const id of body.ids) {
      const order = byId.get(id);
      if (!order) out.push(refusal(ctx.locale, id, null, 'not_found'));
      else if (order.status === 'shipped')
        out.push(refusal(ctx.locale, id, order.order_number, 'already_shipped'));
      else if (order.status === 'canceled')
        out.push(refusal(ctx.locale, id, order.order_number, 'already_refunded'));
      else if (order.status !== 'payed') out.push(refusal(ctx.locale, id, order.order_number, 'not_payed'));
      else {
        const given = info.get(id);
        const carrier = given?.carrier || order.shipping_method_name?.trim().slice(0, 60) || null;
        await shipOrder(tx, ctx.config, order, {
          userId,
          carrier,
          trackingNumber: given?.tracking_number || null,
        });
        out.push({ done: { id, order_number: order.order_number, status: 'shipped' } });
      }
    }
    return out;
  });
  return bulkResult(ctx.locale, 'shipped', outcomes);
}

async function shipOrder(
  tx: DbOrTx,
  env: CartEnv,
  order: ShippedOrder,
  p: { userId: number; carrier: string | null; trackingNumber: string | null },
) {
  await tx.execute(
    sql`UPDATE orders SET status = 'shipped', shipped_at = now(), carrier = ${p.carrier},
          tracking_number = ${p.trackingNumber}, updated_at = now()
        WHERE id = ${order.id}`,
  );
  const note = [p.carrier, p.trackingNumber].filter(Boolean).join(' ') || null;
  await tx.execute(
    sql`INSERT INTO order_status_history (order_id, seller_id, status, user_id, note)
        VALUES (${order.id}, ${order.seller_id}, 'shipped', ${p.userId}, ${note})`,
  );
  await mailShopper(tx, env, order.id, p.carrier, p.trackingNumber);
}

/**
 * An order the seller shipped from their web shop (shop sync): shipped here too, once, with the
 * shop's tracking, a history row in the seller's name and the shopper's e-mail. Answers false
 * when the order is not `payed` (already shipped, refunded, or not the seller's).
 */
export async function shipFromShop(
  tx: DbOrTx,
  env: CartEnv,
  p: { sellerId: number; orderId: number; carrier: string | null; trackingNumber: string | null },
): Promise<boolean> {
  const [order] = await queryRows<ShippedOrder>(
    tx,
    sql`SELECT id, seller_id, order_number, status, shipping_method_name FROM orders
        WHERE id = ${p.orderId} AND seller_id = ${p.sellerId} FOR UPDATE`,
  );
  if (order?.status !== 'payed') return false;
  await shipOrder(tx, env, order, {
    userId: p.sellerId,
    carrier: p.carrier?.slice(0, 60) || order.shipping_method_name?.trim().slice(0, 60) || null,
    trackingNumber: p.trackingNumber?.slice(0, 60) || null,
  });
  return true;
}

/** The shipping e-mail, to the e-mail given at checkout (else the shopper's account's), in the order's language. */
async function mailShopper(
  tx: DbOrTx,
  env: CartEnv,
  orderId: number,
  carrier: string | null,
  trackingNumber: string | null,
) {
  const shopper = await orderShopper(tx, orderId);
  if (!shopper) return;
  await enqueueMail(tx, `order_shipped:${orderId}`, {
    to: shopper.to,
    template: 'order_shipped',
    locale: shopper.locale,
    data: {
      first_name: shopper.firstName,
      merchant: shopper.merchant,
      order_number: shopper.orderNumber,
      carrier,
      tracking_number: trackingNumber,
      tracking_url: trackingUrl(carrier, trackingNumber),
      order_url: checkoutUrl(env, shopper.merchant, shopper.orderNumber, shopper.locale),
    },
  });
}
