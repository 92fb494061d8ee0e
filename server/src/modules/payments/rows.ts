import {
  PAYMENT_REFUND_REASONS,
  type TPaymentKind,
  type TPaymentRefundReason,
  type TPaymentRow,
  type TPaymentRowStatus,
} from '@livecart/contract/payments';
import type { TOrderRefund } from '@livecart/contract/sellerOrders';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { toEuros } from '../../lib/money.ts';
import { queryRows, toIso } from '../../lib/sql.ts';
import { REFUND_REASONS } from './confirm.ts';

/** An order's payment attempts at its provider, oldest first (the transaction detail, the order detail). */
export async function orderPayments(db: DbOrTx, orderId: number): Promise<TPaymentRow[]> {
  const rows = await queryRows<{
    id: number;
    provider: TPaymentKind;
    method: string | null;
    external_id: string | null;
    amount_cents: number;
    fee_cents: number;
    status: TPaymentRowStatus;
    created_at: Date | string;
    updated_at: Date | string;
    paid_at: Date | string | null;
    refunded_at: Date | string | null;
    refund_why: string | null;
    refund_reason: string | null;
  }>(
    db,
    sql`SELECT id, provider, method, external_id, amount_cents, fee_cents, status, created_at, updated_at,
          paid_at, refunded_at,
          CASE WHEN status = 'paid' AND coalesce((raw ->> 'refund_required')::boolean, false)
            THEN coalesce(raw ->> 'refund_why', '') END AS refund_why,
          raw ->> 'refund_reason' AS refund_reason
        FROM payments WHERE order_id = ${orderId} ORDER BY id`,
  );
  return rows.map((p) => ({
    id: p.id,
    provider: p.provider,
    method: p.method,
    external_id: p.external_id,
    amount: toEuros(p.amount_cents),
    fee: toEuros(p.fee_cents),
    status: p.status,
    created_at: toIso(p.created_at) as string,
    updated_at: toIso(p.updated_at) as string,
    paid_at: toIso(p.paid_at),
    refunded_at: toIso(p.refunded_at),
    refund_due: p.refund_why === null ? null : refundReason(p.refund_why, p.refund_reason),
  }));
}

/** The reason's code; a row flagged before codes were kept names it only in English. */
export function refundReason(code: string, english: string | null): TPaymentRefundReason {
  if ((PAYMENT_REFUND_REASONS as readonly string[]).includes(code)) return code as TPaymentRefundReason;
  const known = PAYMENT_REFUND_REASONS.find((why) => REFUND_REASONS[why].en === english);
  return known ?? 'not_covering';
}

/** An order's refunds, oldest first, with who asked for each (a name, else an e-mail). */
export async function orderRefunds(db: DbOrTx, orderId: number): Promise<TOrderRefund[]> {
  const rows = await queryRows<{
    id: number;
    payment_id: number;
    amount_cents: number;
    external_id: string | null;
    status: TOrderRefund['status'];
    created_at: Date | string;
    by: string | null;
  }>(
    db,
    sql`SELECT r.id, r.payment_id, r.amount_cents, r.external_id, r.status, r.created_at,
          coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) AS by
        FROM payment_refunds r LEFT JOIN users u ON u.id = r.created_by
        WHERE r.order_id = ${orderId} ORDER BY r.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    payment_id: r.payment_id,
    amount: toEuros(r.amount_cents),
    external_id: r.external_id,
    status: r.status,
    created_at: toIso(r.created_at) as string,
    by: r.by || null,
  }));
}
