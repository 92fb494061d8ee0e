/**
 * An order becoming paid: the orders' side of a confirmed payment (`payments/confirm.ts` decides
 * when a payment covers the order; this is what then happens to the order). `new` → `payed` once
 * (conditional update), with its history row, the seller's notice, the `cart_closed` live event
 * and the invoice job.
 */
import type { TOrderStatus } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { euros } from '../../lib/money.ts';
import { queryRows } from '../../lib/sql.ts';
import { publishLiveEvent } from '../events/bus.ts';
import { notify } from '../notifications/service.ts';
import * as stock from '../products/stock.ts';

export interface PaidOrder {
  id: number;
  order_number: string;
  seller_id: number;
  status: TOrderStatus;
}

export interface PaymentFacts {
  /** The payment row's id, its provider and the provider's id, for the history. */
  paymentId: number;
  provider: string;
  externalId: string | null;
  amountCents: number;
  method: string | null;
  note: string;
}

/**
 * `new` → `payed` exactly once; answers whether this call made it. `from` is the status the order
 * must still have (an order paid after its cart released its stock goes straight from `expired` or
 * `canceled`: never back through `new`, where it could meet the viewer's newer open cart).
 */
export async function markPaid(
  tx: DbOrTx,
  order: PaidOrder,
  payment: PaymentFacts,
  from: TOrderStatus = 'new',
): Promise<boolean> {
  const [updated] = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE orders SET status = 'payed', paid_at = now(), expires_at = NULL,
          payment_method = coalesce(payment_method, ${payment.method}), updated_at = now()
        WHERE id = ${order.id} AND status = ${from}
        RETURNING id`,
  );
  if (!updated) return false;
  await tx.execute(
    sql`INSERT INTO order_status_history (order_id, seller_id, status, user_id, note)
        VALUES (${order.id}, ${order.seller_id}, 'payed', NULL,
          ${`${payment.note} (${payment.provider} ${payment.externalId}, payment ${payment.paymentId})`})`,
  );
  await notify(tx, {
    userId: order.seller_id,
    type: 'order_paid',
    title_fr: `Commande ${order.order_number} payée`,
    title_en: `Order ${order.order_number} paid`,
    body_fr: `Montant : ${euros(payment.amountCents)}`,
    body_en: `Amount: ${euros(payment.amountCents)}`,
    link: '/orders',
    data: { orderId: order.id, orderNumber: order.order_number, paymentId: payment.paymentId },
  });
  await publishLiveEvent(tx, order.seller_id, {
    type: 'cart_closed',
    orderId: order.id,
    orderNumber: order.order_number,
    status: 'payed',
  });
  await enqueue(tx, { kind: 'invoice', dedupeKey: `invoice:${order.id}`, payload: { orderId: order.id } });
  return true;
}

/**
 * An order paid after its cart released its stock (expired, or canceled): when every line's stock
 * can be taken again, all or nothing and without passing anyone on a waiting list, it is, and the
 * order becomes `payed`; answers false and changes nothing otherwise (the payment is refunded).
 */
export async function markPaidAfterRelease(
  tx: DbOrTx,
  order: PaidOrder,
  payment: PaymentFacts,
): Promise<boolean> {
  // The order keeps the released status it was read with while its stock is taken again.
  const [still] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM orders WHERE id = ${order.id} AND status = ${order.status} FOR UPDATE`,
  );
  if (!still) return false;
  const taken = await tx
    .transaction(async (sp) => {
      const lines = await queryRows<{ configuration_id: number | null; quantity: number }>(
        sp,
        sql`SELECT configuration_id, sum(quantity)::int AS quantity FROM order_items
          WHERE order_id = ${order.id} GROUP BY configuration_id ORDER BY configuration_id NULLS FIRST`,
      );
      for (const line of lines) {
        const got =
          line.configuration_id === null
            ? 0
            : await stock.reserve(sp, {
                sellerId: order.seller_id,
                configurationId: line.configuration_id,
                quantity: line.quantity,
                partial: false,
              });
        if (got < line.quantity) throw new NotAllInStock();
      }
      return true;
    })
    .catch((err: unknown) => {
      if (err instanceof NotAllInStock) return false;
      throw err;
    });
  if (!taken) return false;
  return markPaid(tx, order, payment, order.status);
}

/** Thrown inside the savepoint so the units already taken go back. */
class NotAllInStock extends Error {}
