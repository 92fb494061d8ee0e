/**
 * The sandbox provider's pay page (`/sandbox/pay/{paymentId}?k=…`): the embedded default's stand-in
 * for a provider's hosted page. Never in production; only with the page's own secret `k`, so
 * nobody settles someone else's payment.
 */
import { timingSafeEqual } from 'node:crypto';
import type { TSandboxPayment } from '@livecart/contract/checkout';
import { sql } from 'drizzle-orm';
import { PaymentProviderError } from '../../integrations/payments/provider.ts';
import { notFound } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { storeContext } from '../stores/service.ts';
import { type ConfirmEnv, confirmPayment } from './confirm.ts';
import { sandboxPageKey, sandboxProvider } from './providers.ts';
import { returnUrl } from './return-link.ts';

/** The sandbox payment a pay page shows, when its secret is right (anything else: 404). */
async function sandboxPayment(env: ConfirmEnv, paymentId: number, k: string | undefined) {
  if (env.config.env === 'production') throw notFound();
  const expected = Buffer.from(sandboxPageKey(env.config.authSecret, paymentId));
  const given = Buffer.from(k ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound();
  const [row] = await queryRows<{
    id: number;
    amount_cents: number;
    method: string | null;
    status: string;
    sandbox_status: string | null;
    order_number: string;
    seller_id: number;
    store_id: number | null;
    locale: string;
  }>(
    env.db,
    sql`SELECT p.id, p.amount_cents, p.method, p.status, p.raw -> 'sandbox' ->> 'status' AS sandbox_status,
          o.order_number, o.seller_id, ls.store_id, o.locale
        FROM payments p JOIN orders o ON o.id = p.order_id
        LEFT JOIN live_sessions ls ON ls.id = o.session_id
        WHERE p.id = ${paymentId} AND p.provider = 'sandbox' AND p.external_id IS NOT NULL`,
  );
  if (!row) throw notFound();
  const { storeName } = await storeContext(env.db, row.seller_id, row.store_id);
  const back = returnUrl(env, {
    orderNumber: row.order_number,
    storeName,
    locale: row.locale === 'en' ? 'en' : 'fr',
    paymentId: row.id,
    provider: 'sandbox',
  });
  return { row, storeName, back };
}

/** What the pay page shows. */
export async function sandboxPage(
  env: ConfirmEnv,
  paymentId: number,
  k: string | undefined,
): Promise<TSandboxPayment> {
  const { row, storeName, back } = await sandboxPayment(env, paymentId, k);
  return {
    id: row.id,
    amount: row.amount_cents / 100,
    currency: 'EUR',
    merchant: storeName,
    order_number: row.order_number,
    method: row.method,
    status: (row.sandbox_status ?? row.status) as never,
    returnUrl: back,
  };
}

/**
 * The pay page's buttons: settles the payment (a settled one stays as it is), confirms it as its
 * webhook would, and answers where the shopper goes back to.
 */
export async function settleSandbox(
  env: ConfirmEnv,
  paymentId: number,
  k: string | undefined,
  outcome: 'paid' | 'failed' | 'canceled',
) {
  const { back } = await sandboxPayment(env, paymentId, k);
  try {
    await sandboxProvider(env).settle(paymentId, outcome);
  } catch (err) {
    // Already settled with another outcome: the page goes back with the real status.
    if (!(err instanceof PaymentProviderError && err.kind === 'invalid_request')) throw err;
  }
  const result = await confirmPayment(env, paymentId);
  if (!result) throw notFound();
  return { redirectUrl: back, status: result.paymentStatus };
}
