/**
 * POST orders/bulk-cancel, the refund (SPEC §4: canceled shows as Refunded). Each checked order on
 * its own, in the order checked:
 * - `payed` or `shipped`: every paid payment is refunded in full through its provider
 *   (`payments/refunds.ts`: reserved in a transaction, asked outside it, recorded after); once all
 *   are refunded the order becomes `canceled` and its articles go back to stock, serving the
 *   waiting lists (`giveBackOrder`, the one release of a whole order), and the shopper is e-mailed
 *   (once, through the outbox: sent after the commit). A refusal leaves the order as it was
 *   (status, stock), sends nothing and is answered with the provider's message.
 * - `new` (an open cart): canceled without a refund, its stock released (`closeCart`), unless the
 *   shopper is paying it right now.
 * - `expired`, `canceled`: refused, nothing to refund.
 * Whatever the status, a payment still paid is refunded first: on an open, expired or canceled
 * order it is one flagged for refund by its confirmation (`payments/confirm.ts`), which delivers
 * nothing. The order then changes as above (an expired or canceled one stays as it is), and only
 * once no payment of it is still paid. `refundPayment` refunds one such payment alone.
 */
import type { TOrderStatus } from '@livecart/contract/constants';
import type { TPaymentRow } from '@livecart/contract/payments';
import type { TBulkActionResult, TBulkRefusal } from '@livecart/contract/sellerOrders';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { enqueueMail } from '../../jobs/outbox.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { euros } from '../../lib/money.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { queryRows } from '../../lib/sql.ts';
import {
  claimRefunds,
  orderRefunded,
  type RefundClaim,
  type RefundOutcome,
  recordRefunds,
  refundClaims,
  refundDue,
  refundedAlone,
  stillPaid,
} from '../payments/refunds.ts';
import { orderPayments } from '../payments/rows.ts';
import { type BulkOutcome, bulkCaller, bulkResult, refusal } from './bulk.ts';
import { type CartEnv, checkoutUrl, heldByPayment } from './cart.ts';
import { closeCart } from './expiry.ts';
import { LINE_LABEL_JOINS, lineLabels } from './lines.ts';
import { orderShopper } from './shopperMail.ts';
import { giveBackOrder } from './waiting.ts';

/** How long a call waits for another call's refund of the same order (a double click) to end. */
const WAIT_FOR_OTHER_MS = 5000;
const POLL_MS = 100;

/** Refunds and cancels the checked orders (see the file comment). */
export async function bulkCancel(ctx: Ctx, ids: number[]): Promise<TBulkActionResult> {
  const caller = bulkCaller(ctx, ids);
  const outcomes: BulkOutcome[] = [];
  for (const id of ids) outcomes.push(await cancelOne(ctx, caller, id));
  return bulkResult(ctx.locale, 'refunded', outcomes);
}

interface OrderRow {
  id: number;
  seller_id: number;
  order_number: string;
  status: string;
  held: boolean;
}

type Step = { outcome: BulkOutcome } | { wait: true } | { claims: RefundClaim[]; order: OrderRow };

async function cancelOne(ctx: Ctx, caller: { userId: number; scope: SQL }, id: number): Promise<BulkOutcome> {
  const { userId, scope } = caller;
  const no = (order: { order_number: string } | undefined, reason: TBulkRefusal['reason']) =>
    refusal(ctx.locale, id, order?.order_number ?? null, reason);

  for (let waited = 0; ; waited += POLL_MS) {
    const step = await inRetriedTransaction(ctx.db, async (tx): Promise<Step> => {
      const [order] = await queryRows<OrderRow>(
        tx,
        sql`SELECT o.id, o.seller_id, o.order_number, o.status, ${heldByPayment(sql`o.id`)} AS held
            FROM orders o WHERE o.id = ${id} AND ${scope} FOR UPDATE`,
      );
      if (!order) return { outcome: no(order, 'not_found') };
      if (order.status === 'new' && order.held) return { outcome: no(order, 'payment_in_progress') };
      // Every payment still paid is refunded first, whatever the order's status: on an open,
      // expired or canceled order it is one flagged for refund (it did not cover the total, or
      // came after the stock went back).
      const claimed = await claimRefunds(tx, { orderId: order.id, userId });
      if (claimed.claims.length) return { claims: claimed.claims, order };
      if (claimed.busy) return { wait: true };
      if (order.status === 'canceled') return { outcome: no(order, 'already_refunded') };
      if (order.status === 'expired') return { outcome: no(order, 'not_payed') };
      if (order.status === 'new') {
        await closeCart(tx, order.id, 'canceled', {
          userId,
          note: 'canceled by the seller',
          env: ctx.config,
        });
        return { outcome: done(order, 'canceled') };
      }
      if (!claimed.allRefunded && !claimed.refundedElsewhere) return { outcome: no(order, 'not_refundable') };
      // Its payments are refunded already (at the provider, read back by a webhook).
      await cancelPaid(tx, order, userId, 'refunded at the payment provider', ctx.config);
      return { outcome: done(order, 'canceled') };
    });
    if ('outcome' in step) return step.outcome;
    if ('claims' in step) return settle(ctx, userId, step.order, step.claims);
    if (waited >= WAIT_FOR_OTHER_MS) return refusal(ctx.locale, id, null, 'refund_pending');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * POST payments/{id}/refund: a payment flagged for refund (paid, but it delivers nothing: it did not
 * cover the order's total, came after the cart's stock went back, or paid an order paid already) is
 * refunded in full through its provider, with the key a refund of its order would use, so the two
 * never refund it twice. Its order stays as it is: an open cart can still be paid.
 */
export async function refundPayment(ctx: Ctx, paymentId: number): Promise<TPaymentRow> {
  const { userId, scope } = bulkCaller(ctx, [paymentId]);
  for (let waited = 0; ; waited += POLL_MS) {
    const step = await inRetriedTransaction(
      ctx.db,
      async (tx): Promise<{ wait: true } | { claims: RefundClaim[]; orderId: number }> => {
        // The order first, as every refund step locks it (a confirmation locks the payment first:
        // the rare deadlock between the two is retried by inRetriedTransaction).
        const [order] = await queryRows<{ id: number; status: TOrderStatus }>(
          tx,
          sql`SELECT o.id, o.status FROM orders o JOIN payments p ON p.order_id = o.id
              WHERE p.id = ${paymentId} AND ${scope} FOR UPDATE OF o`,
        );
        if (!order) throw notFound();
        const payment = await refundDue(tx, paymentId);
        if (payment.due && (order.status === 'payed' || order.status === 'shipped') && !payment.others_paid) {
          // The payment that paid the order was refunded elsewhere: this one alone holds its money.
          // Refunding the order refunds it and cancels the order, rather than leave it paid for nothing.
          throw new AppError('payment_holds_order');
        }
        const claimed = payment.due
          ? await claimRefunds(tx, { orderId: order.id, userId, paymentId })
          : { claims: [], busy: false };
        if (claimed.claims.length) return { claims: claimed.claims, orderId: order.id };
        if (claimed.busy) return { wait: true };
        throw new AppError('payment_not_refundable');
      },
    );
    if ('claims' in step) return settlePayment(ctx, paymentId, step.orderId, step.claims);
    if (waited >= WAIT_FOR_OTHER_MS) throw new AppError('payment_refund_pending');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function settlePayment(
  ctx: Ctx,
  paymentId: number,
  orderId: number,
  claims: RefundClaim[],
): Promise<TPaymentRow> {
  const outcomes = await refundClaims({ db: ctx.db, config: ctx.config }, claims);
  await inRetriedTransaction(ctx.db, async (tx) => {
    const [order] = await queryRows<{ status: TOrderStatus }>(
      tx,
      sql`SELECT status FROM orders WHERE id = ${orderId} FOR UPDATE`,
    );
    await recordRefunds(tx, outcomes);
    await mailPaymentRefunds(tx, ctx.config, orderId, outcomes, order.status === 'new');
  });
  const failed = outcomes.find((o) => !o.ok);
  if (failed && !failed.ok) {
    throw new AppError('payment_refund_refused', undefined, failed.message, {
      params: { provider: PROVIDER_NAMES[failed.provider], reason: failed.message },
    });
  }
  const rows = await orderPayments(ctx.db, orderId);
  return rows.find((p) => p.id === paymentId) as TPaymentRow;
}

/** Asks the providers, then records their answers and, when all refunded, cancels the order. */
async function settle(
  ctx: Ctx,
  userId: number,
  order: OrderRow,
  claims: RefundClaim[],
): Promise<BulkOutcome> {
  const outcomes = await refundClaims({ db: ctx.db, config: ctx.config }, claims);
  return inRetriedTransaction(ctx.db, async (tx) => {
    // The order first, as when the refunds were reserved (a deadlock with a confirmation, which
    // locks the payment first, is retried).
    const [locked] = await queryRows<{ status: TOrderStatus; held: boolean }>(
      tx,
      sql`SELECT o.status, ${heldByPayment(sql`o.id`)} AS held FROM orders o WHERE o.id = ${order.id} FOR UPDATE`,
    );
    await recordRefunds(tx, outcomes);
    if (locked.status !== 'payed' && locked.status !== 'shipped') {
      // payments flagged for refund, on an order that delivers nothing: each told on its own
      await mailPaymentRefunds(tx, ctx.config, order.id, outcomes, false);
    }
    const failed = outcomes.find((o) => !o.ok);
    if (failed && !failed.ok) {
      return refusal(ctx.locale, order.id, order.order_number, 'refund_refused', {
        provider: PROVIDER_NAMES[failed.provider],
        reason: failed.message,
      });
    }
    if (!(await orderRefunded(tx, order.id)) || (await stillPaid(tx, order.id))) {
      // A payment paid meanwhile is refunded by the next click, before the order changes.
      return refusal(ctx.locale, order.id, order.order_number, 'refund_pending');
    }
    if (locked.status === 'payed' || locked.status === 'shipped') {
      await cancelPaid(tx, order, userId, refundNote(outcomes), ctx.config);
      return done(order, 'canceled');
    }
    if (locked.status === 'new') {
      if (locked.held) return refusal(ctx.locale, order.id, order.order_number, 'payment_in_progress');
      await closeCart(tx, order.id, 'canceled', { userId, note: refundNote(outcomes), env: ctx.config });
      return done(order, 'canceled');
    }
    // expired or canceled: its late payment is refunded, the order stays as it is.
    return done(order, locked.status);
  });
}

const PROVIDER_NAMES = { sandbox: 'Sandbox', mollie: 'Mollie', stripe: 'Stripe' } as const;

const done = (order: OrderRow, status: TOrderStatus): BulkOutcome => ({
  done: { id: order.id, order_number: order.order_number, status },
});

const refundNote = (outcomes: RefundOutcome[]) =>
  `refunded ${outcomes
    .map(
      (o) => `${euros(o.claim.amountCents)} ${o.claim.provider}${o.ok && o.refundId ? ` ${o.refundId}` : ''}`,
    )
    .join(', ')}`;

/** A paid order whose payments are refunded: `canceled`, its history row, its stock back to the queues. */
async function cancelPaid(tx: DbOrTx, order: OrderRow, userId: number, note: string, env: CartEnv) {
  const [changed] = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE orders SET status = 'canceled', canceled_at = now(), updated_at = now()
        WHERE id = ${order.id} AND status IN ('payed', 'shipped') RETURNING id`,
  );
  if (!changed) return;
  await tx.execute(
    sql`INSERT INTO order_status_history (order_id, seller_id, status, user_id, note)
        VALUES (${order.id}, ${order.seller_id}, 'canceled', ${userId}, ${note})`,
  );
  await giveBackOrder(tx, order, env);
  await mailRefund(tx, env, order.id);
}

/**
 * The shopper's e-mail of each payment refunded here on its own (one flagged for refund: it paid
 * nothing of the order), once per payment: the amount, why, and whether the cart is still open.
 */
async function mailPaymentRefunds(
  tx: DbOrTx,
  env: CartEnv,
  orderId: number,
  outcomes: RefundOutcome[],
  cartOpen: boolean,
) {
  const refunded = outcomes.flatMap((o) => (o.ok ? [o.claim.id] : []));
  if (!refunded.length) return;
  const shopper = await orderShopper(tx, orderId);
  if (!shopper) return;
  const rows = await refundedAlone(tx, refunded);
  for (const r of rows) {
    await enqueueMail(tx, `payment_refunded:${r.paymentId}`, {
      to: shopper.to,
      template: 'payment_refunded',
      locale: shopper.locale,
      data: {
        first_name: shopper.firstName,
        merchant: shopper.merchant,
        order_number: shopper.orderNumber,
        amount_cents: r.amountCents,
        reason: r.reason,
        cart_open: cartOpen,
        order_url: checkoutUrl(env, shopper.merchant, shopper.orderNumber, shopper.locale),
      },
    });
  }
}

/** The refund e-mail, to the shopper in the order's language: the amount refunded and the articles. */
async function mailRefund(tx: DbOrTx, env: CartEnv, orderId: number) {
  const shopper = await orderShopper(tx, orderId);
  if (!shopper) return;
  const [refunded] = await queryRows<{ cents: number }>(
    tx,
    sql`SELECT coalesce(sum(amount_cents), 0)::int AS cents FROM payments
        WHERE order_id = ${orderId} AND status = 'refunded'`,
  );
  const lines = await queryRows<{
    name: string;
    color_label: string | null;
    size_label: string | null;
    quantity: number;
  }>(
    tx,
    sql`SELECT i.name, ${lineLabels(shopper.locale)}, i.quantity
        FROM order_items i ${LINE_LABEL_JOINS} WHERE i.order_id = ${orderId} ORDER BY i.id`,
  );
  await enqueueMail(tx, `order_refunded:${orderId}`, {
    to: shopper.to,
    template: 'order_refunded',
    locale: shopper.locale,
    data: {
      first_name: shopper.firstName,
      merchant: shopper.merchant,
      order_number: shopper.orderNumber,
      amount_cents: refunded.cents,
      lines: lines.map((l) => ({
        name: l.name,
        variant: [l.color_label, l.size_label].filter(Boolean).join(' / '),
        quantity: Number(l.quantity),
      })),
      order_url: checkoutUrl(env, shopper.merchant, shopper.orderNumber, shopper.locale),
    },
  });
}
