/**
 * Orders that cost nothing (docs/decisions.md, issue 16): a checkout whose total is 0 (a 100 %
 * live discount and free shipping) is confirmed with a 0 € payment of its own kind (`free`),
 * paid when it is made and never sent to a provider (Mollie refuses 0 €, Stripe anything under
 * 0.50 €). The payment is applied to the order by the confirmation's one rule
 * (`applyToOrder`: a payment pays an order only when it covers its total, so 0 € pays a 0 € total
 * only), which marks the order paid through `orders/paid.ts` with everything that follows.
 */
import type { TLocale } from '@livecart/contract/constants';
import { FREE_PAYMENT } from '@livecart/contract/payments';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { applyToOrder, type ConfirmResult, PAYMENT_COLUMNS, type PaymentRow } from './confirm.ts';

/** What a free order is checked out with: no provider, no method to choose. */
export const FREE_CHOICE = { provider: FREE_PAYMENT, method: FREE_PAYMENT } as const;

/**
 * Confirms a free order in the checkout's transaction (the order locked, still `new`, its
 * checkout recorded with total 0). One per order: its `external_id` is `free_{orderId}` (UNIQUE
 * with the provider). Throws, undoing the transaction, if the order's total is not 0.
 */
export async function confirmFreeOrder(
  tx: DbOrTx,
  p: {
    orderId: number;
    sellerId: number;
    buyerId: number | null;
    checkout: { email: string; locale: TLocale };
  },
): Promise<ConfirmResult> {
  const [payment] = await queryRows<PaymentRow>(
    tx,
    sql`INSERT INTO payments (order_id, seller_id, buyer_id, provider, external_id, method, amount_cents, fee_cents,
          status, paid_at, raw)
        VALUES (${p.orderId}, ${p.sellerId}, ${p.buyerId}, ${FREE_PAYMENT}, ${`free_${p.orderId}`}, ${FREE_PAYMENT},
          0, 0, 'paid', now(), ${JSON.stringify({ checkout: p.checkout })}::jsonb)
        RETURNING ${PAYMENT_COLUMNS}`,
  );
  const result = await applyToOrder(
    tx,
    payment,
    { status: 'paid', amountCents: 0, method: FREE_PAYMENT },
    false,
  );
  if (!result.transitioned) throw new Error(`order ${p.orderId} is not free: its total is not 0`);
  return result;
}
