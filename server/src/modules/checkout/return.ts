/**
 * After the provider's page: the return page asks how its payment went, `orders/insert-status`
 * asks whether the order is paid (both read the payment back from the provider, never taking the
 * caller's word), and the checkout's small order calls.
 */

import type { TConfirmResult } from '@livecart/contract/checkout';
import { sql } from 'drizzle-orm';
import type { TPaymentProvider } from '../../integrations/payments/provider.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { toEuros } from '../../lib/money.ts';
import { queryRows } from '../../lib/sql.ts';
import { confirmPayment } from '../payments/confirm.ts';
import { paymentIdOfHash } from '../payments/return-link.ts';
import { orderForViewer } from './access.ts';

/** POST checkout/confirm: the return page asks how its payment went. Null status when unknown. */
export async function confirmReturn(ctx: Ctx, hash: string, type: TPaymentProvider): Promise<TConfirmResult> {
  const none: TConfirmResult = { paymentStatus: null, orderStatus: null, orderNumber: null };
  const paymentId = paymentIdOfHash(ctx.config.authSecret, hash);
  if (paymentId === null) return none;
  const [p] = await queryRows<{ provider: string }>(
    ctx.db,
    sql`SELECT provider FROM payments WHERE id = ${paymentId}`,
  );
  if (!p || p.provider !== type) return none;
  try {
    const result = await confirmPayment(ctx, paymentId);
    if (!result) return none;
    return {
      paymentStatus: result.paymentStatus,
      orderStatus: result.orderStatus,
      orderNumber: result.orderNumber,
    };
  } catch (err) {
    ctx.log.warn({ err, paymentId }, 'payment confirmation failed');
    return none;
  }
}

/** GET orders/insert-status: never takes `status` for true; reads the latest payment back. */
export async function insertStatus(ctx: Ctx, orderId: number, t: string | undefined) {
  const { order } = await orderForViewer(ctx.db, { orderId }, ctx.user, t);
  const [p] = await queryRows<{ id: number }>(
    ctx.db,
    sql`SELECT id FROM payments WHERE order_id = ${order.id} AND external_id IS NOT NULL
        ORDER BY (status = 'paid') DESC, created_at DESC, id DESC LIMIT 1`,
  );
  if (!p) throw new AppError('payment_not_confirmed');
  let result: Awaited<ReturnType<typeof confirmPayment>>;
  try {
    result = await confirmPayment(ctx, p.id);
  } catch (err) {
    ctx.log.warn({ err, orderId }, 'payment status could not be read');
    throw new AppError('payment_not_confirmed');
  }
  if (
    result?.paymentStatus !== 'paid' ||
    (result.orderStatus !== 'payed' && result.orderStatus !== 'shipped')
  ) {
    throw new AppError('payment_not_confirmed');
  }
  return { success: true as const, status: result.orderStatus, paymentStatus: result.paymentStatus };
}

export async function totalAmount(ctx: Ctx, orderNumber: string, t: string | undefined) {
  const { order } = await orderForViewer(ctx.db, { orderNumber }, ctx.user, t);
  return { total_amount: toEuros(order.total_amount_cents) };
}

export async function orderExists(ctx: Ctx, orderNumber: string, t: string | undefined) {
  try {
    await orderForViewer(ctx.db, { orderNumber }, ctx.user, t);
    return { exist_order: true };
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return { exist_order: false };
    throw err;
  }
}
