/**
 * Payment confirmation (issue 5): the one place an order becomes `payed`.
 *
 * Every entry point (provider webhooks, the sandbox pay page, the return page's
 * `checkout/confirm`, `orders/insert-status`) ends here with our `payments.id`, and they may arrive
 * in any order and any number of times. The status is always read back from the provider (the
 * caller's word is never taken), then in one transaction:
 * - the payment row gets the provider's status, `paid_at`, method and answer (`raw` merged, so
 *   the sandbox's own state under `raw.sandbox` is kept);
 * - a paid payment delivers only when it is for the amount asked AND covers the order's total at
 *   that moment (read under the order's lock); otherwise the order stays as it is and the payment
 *   is flagged for refund (`raw.refund_required`) with a notification to the seller. A payment
 *   once flagged never delivers afterwards;
 * - when it is paid (for the amount asked) and the order is still `new`: `UPDATE … WHERE
 *   status = 'new'` makes it `payed` exactly once, with `paid_at`, no countdown, a status-history
 *   row, a seller notification, a `cart_closed` live event and the outbox job `invoice {orderId}`
 *   (dedupe key `invoice:{orderId}`).
 * - paid while the order had expired (its stock went back) or was canceled: if every line's stock
 *   can be taken again, it is and the order becomes `payed` as above (history note says so);
 *   otherwise the order stays as it is and the payment is marked `raw.refund_required = true`
 *   with a notification asking the seller to refund it. A payment paid for an order already paid
 *   by another payment is marked the same way.
 * - failed, canceled, open, pending: only the payment row changes; the order stays `new` and its
 *   countdown keeps running.
 * A free order's payment (kind `free`, 0 €: payments/free.ts) is applied by the same rule when it
 * is made and never read back from anyone.
 */

import type { TOrderStatus } from '@livecart/contract/constants';
import { FREE_PAYMENT, type TPaymentKind, type TPaymentRefundReason } from '@livecart/contract/payments';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { PaymentState, TPaymentStatus } from '../../integrations/payments/provider.ts';
import { euros } from '../../lib/money.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { queryRows } from '../../lib/sql.ts';
import { notify } from '../notifications/service.ts';
import { markPaid, markPaidAfterRelease } from '../orders/paid.ts';
import { providerFor } from './providers.ts';

export interface ConfirmEnv {
  /** The database handle (not an open transaction: the provider is called outside it). */
  db: DbOrTx;
  config: Config;
}

export interface ConfirmResult {
  paymentId: number;
  orderId: number;
  orderNumber: string;
  sellerId: number;
  provider: TPaymentKind;
  paymentStatus: TPaymentStatus;
  orderStatus: TOrderStatus;
  /** This call made the order `payed`. */
  transitioned: boolean;
  /** Paid but the order could not be delivered: the seller must refund it. */
  refundRequired: boolean;
}

/** A payment as the confirmation reads it (`PAYMENT_COLUMNS`). */
export interface PaymentRow {
  id: number;
  order_id: number;
  seller_id: number;
  provider: TPaymentKind;
  external_id: string | null;
  status: TPaymentStatus;
  amount_cents: number;
  refund_required: boolean | null;
}

interface OrderRow {
  id: number;
  order_number: string;
  seller_id: number;
  status: TOrderStatus;
  total_amount_cents: number;
}

/** The columns of a {@link PaymentRow}. */
export const PAYMENT_COLUMNS = sql.raw(`id, order_id, seller_id, provider, external_id, status, amount_cents,
  (raw ->> 'refund_required')::boolean AS refund_required`);

const paymentById = async (db: DbOrTx, id: number, lock = false) =>
  (
    await queryRows<PaymentRow>(
      db,
      sql`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
    )
  )[0];

/**
 * Reads the payment's status from its provider and applies it (see the file comment). Answers
 * null for an unknown payment id; throws `PaymentProviderError` when the provider cannot say.
 */
export async function confirmPayment(env: ConfirmEnv, paymentId: number): Promise<ConfirmResult | null> {
  const payment = await paymentById(env.db, paymentId);
  if (!payment) return null;
  if (!payment.external_id || payment.provider === FREE_PAYMENT) {
    // Nothing to read back: the provider never answered the creation, or the payment never went
    // to one (a free order's, applied to its order when it was made).
    const [order] = await queryRows<OrderRow>(
      env.db,
      sql`SELECT id, order_number, seller_id, status, total_amount_cents FROM orders WHERE id = ${payment.order_id}`,
    );
    return resultOf(payment, order, payment.status, false, !!payment.refund_required);
  }
  const provider = await providerFor(env, payment.seller_id, payment.provider);
  const state = await provider.getStatus(payment.external_id);

  return inRetriedTransaction(env.db, async (tx) => {
    const locked = await paymentById(tx, paymentId, true);
    const wasPaid = locked.status === 'paid' || locked.status === 'refunded';
    // The provider was read before this transaction: the row may have moved on meanwhile. In
    // production a payment made with test keys moved no money: it pays nothing.
    const read = state.testMode && env.config.env === 'production' ? 'failed' : state.status;
    const status = onward(locked.status, read);
    const paidAt = status === 'paid' ? (state.paidAt ?? new Date()) : null;
    await tx.execute(
      sql`UPDATE payments SET status = ${status},
            paid_at = coalesce(paid_at, ${paidAt}),
            refunded_at = CASE WHEN ${status} = 'refunded' THEN coalesce(refunded_at, now()) ELSE refunded_at END,
            method = coalesce(${state.method}, method),
            raw = coalesce(raw, '{}'::jsonb) || ${JSON.stringify(state.raw)}::jsonb,
            updated_at = now()
          WHERE id = ${paymentId}`,
    );
    return applyToOrder(tx, locked, { ...state, status }, wasPaid);
  });
}

/**
 * A payment's status never goes back: a read made before a refund was recorded (or before the
 * payment was found paid) does not undo it. A refunded payment stays refunded, so its order is
 * never paid again by it; a paid one does not go back to open or pending.
 */
function onward(stored: TPaymentStatus, read: TPaymentStatus): TPaymentStatus {
  if (stored === 'refunded') return 'refunded';
  if (stored === 'paid' && (read === 'open' || read === 'pending')) return 'paid';
  return read;
}

/**
 * What a payment's status (as its provider says, or a free order's own) does to its order, read
 * and locked here: the one place a payment is found to cover the order's total (see the file
 * comment). `locked` is the payment row as it was before this status; `wasPaid` whether it was
 * already paid or refunded then.
 */
export async function applyToOrder(
  tx: DbOrTx,
  locked: PaymentRow,
  state: Pick<PaymentState, 'status' | 'amountCents' | 'method'>,
  wasPaid: boolean,
): Promise<ConfirmResult> {
  const [order] = await queryRows<OrderRow>(
    tx,
    sql`SELECT id, order_number, seller_id, status, total_amount_cents FROM orders
        WHERE id = ${locked.order_id} FOR UPDATE`,
  );
  let refundRequired = !!locked.refund_required;
  if (state.status !== 'paid') return resultOf(locked, order, state.status, false, refundRequired);
  if (refundRequired) {
    // Flagged for refund once, it never pays its order afterwards, even were it to cover it now:
    // the seller was told to refund it, and may be doing so (POST payments/{id}/refund).
    return resultOf(locked, order, state.status, false, true);
  }
  if (state.amountCents !== locked.amount_cents) {
    // Paid, but not what was asked: never deliver on it; the seller sorts it out.
    if (!refundRequired) await markRefund(tx, locked, order, 'amount_differs');
    return resultOf(locked, order, state.status, false, true);
  }

  let transitioned = false;
  const payable = order.status === 'new' || order.status === 'expired' || order.status === 'canceled';
  if (payable && state.amountCents < order.total_amount_cents) {
    // The order costs more than this payment (it changed after the payment started): never
    // marked paid for less than its total; the seller refunds it, the shopper pays the order.
    if (!refundRequired) await markRefund(tx, locked, order, 'not_covering');
    return resultOf(locked, order, state.status, false, true);
  }
  const facts = (note: string) => ({
    paymentId: locked.id,
    provider: locked.provider,
    externalId: locked.external_id,
    amountCents: locked.amount_cents,
    method: state.method,
    note,
  });
  if (order.status === 'new') {
    const note = locked.provider === FREE_PAYMENT ? 'confirmed free of charge' : 'payment confirmed';
    transitioned = await markPaid(tx, order, facts(note));
  } else if (order.status === 'expired' || order.status === 'canceled') {
    transitioned = await markPaidAfterRelease(
      tx,
      order,
      facts(
        `paid after the cart ${order.status === 'expired' ? 'expired' : 'was canceled'}: stock taken again`,
      ),
    );
    if (!transitioned && !refundRequired) {
      await markRefund(
        tx,
        locked,
        order,
        order.status === 'expired' ? 'expired_out_of_stock' : 'canceled_out_of_stock',
      );
      refundRequired = true;
    }
  } else if (!wasPaid && !refundRequired) {
    // payed or shipped already, by another payment of the same order.
    const [other] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM payments WHERE order_id = ${order.id} AND id <> ${locked.id} AND status = 'paid' LIMIT 1`,
    );
    if (other) {
      await markRefund(tx, locked, order, 'paid_twice');
      refundRequired = true;
    }
  }
  const [after] = await queryRows<{ status: TOrderStatus }>(
    tx,
    sql`SELECT status FROM orders WHERE id = ${order.id}`,
  );
  return resultOf(locked, { ...order, status: after.status }, state.status, transitioned, refundRequired);
}

function resultOf(
  p: PaymentRow,
  o: OrderRow,
  status: TPaymentStatus,
  transitioned: boolean,
  refundRequired: boolean,
): ConfirmResult {
  return {
    paymentId: p.id,
    orderId: o.id,
    orderNumber: o.order_number,
    sellerId: o.seller_id,
    provider: p.provider,
    paymentStatus: status,
    orderStatus: o.status,
    transitioned,
    refundRequired,
  };
}

/** Why a payment must be refunded: kept on the row (its code, and in English), told to the seller in both languages. */
export const REFUND_REASONS: Record<TPaymentRefundReason, { en: string; fr: string }> = {
  amount_differs: {
    en: 'amount differs from the order',
    fr: 'le montant diffère de celui demandé',
  },
  not_covering: {
    en: 'payment does not cover the order total',
    fr: 'le paiement ne couvre pas le total de la commande',
  },
  expired_out_of_stock: {
    en: 'paid after the cart expired; items no longer in stock',
    fr: 'payé après l’expiration du panier ; les articles ne sont plus en stock',
  },
  canceled_out_of_stock: {
    en: 'paid after the cart canceled; items no longer in stock',
    fr: 'payé après l’annulation du panier ; les articles ne sont plus en stock',
  },
  paid_twice: {
    en: 'order already paid by another payment',
    fr: 'commande déjà payée par un autre paiement',
  },
};

/** The seller must refund this payment: flagged on the row and told once. */
async function markRefund(tx: DbOrTx, payment: PaymentRow, order: OrderRow, why: TPaymentRefundReason) {
  const reason = REFUND_REASONS[why];
  await tx.execute(
    sql`UPDATE payments SET raw = coalesce(raw, '{}'::jsonb) ||
          jsonb_build_object('refund_required', true, 'refund_reason', ${reason.en}::text,
            'refund_why', ${why}::text)
        WHERE id = ${payment.id}`,
  );
  await notify(tx, {
    userId: order.seller_id,
    type: 'payment_refund_required',
    title_fr: `Paiement à rembourser : commande ${order.order_number}`,
    title_en: `Payment to refund: order ${order.order_number}`,
    body_fr: `${euros(payment.amount_cents)} payés mais la commande ne peut pas être livrée (${reason.fr}).`,
    body_en: `${euros(payment.amount_cents)} paid but the order cannot be delivered (${reason.en}).`,
    link: '/payments',
    data: { orderId: order.id, orderNumber: order.order_number, paymentId: payment.id },
  });
}

/** The payment an order's return page or `insert-status` is about: its latest with a provider id. */
export async function latestPaymentOf(db: DbOrTx, orderId: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM payments WHERE order_id = ${orderId} AND external_id IS NOT NULL
        ORDER BY (status = 'paid') DESC, created_at DESC, id DESC LIMIT 1`,
  );
  return row?.id ?? null;
}
