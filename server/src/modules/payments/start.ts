/**
 * Starting a payment at the seller's provider, for the checkout (checkout/submit.ts decides the
 * amount; this module owns the payment rows). A shopper never has two payments of one order
 * running: a payment in progress asking the same (provider, method, amount) is resumed; any other
 * is read back from its provider (paid → the order is paid) and canceled there before a new one
 * starts; a provider that will not cancel it answers `payment_in_progress` with its page.
 */
import type { TCheckoutResult } from '@livecart/contract/checkout';
import type { TLocale } from '@livecart/contract/constants';
import { ERRORS } from '@livecart/contract/errors';
import type { TPaymentKind } from '@livecart/contract/payments';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type TPaymentProvider,
} from '../../integrations/payments/provider.ts';
import { applicationFee } from '../../integrations/payments/stripe.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { confirmPayment } from './confirm.ts';
import { providerFor, sellerFeePercent } from './providers.ts';
import { returnUrl, webhookUrl } from './return-link.ts';

/** A payment row made, to be created at its provider. */
export interface Started {
  paymentId: number;
  orderId: number;
  orderNumber: string;
  sellerId: number;
  provider: TPaymentProvider;
  method: string;
  amountCents: number;
  storeName: string;
  locale: TLocale;
  email: string;
}

/** A payment of the order still in progress at checkout time. */
export interface OpenPayment {
  id: number;
  seller_id: number;
  provider: TPaymentProvider;
  method: string | null;
  amount_cents: number;
  status: 'open' | 'pending';
  external_id: string | null;
  checkout_url: string | null;
  fresh: boolean;
}

/** What to do with the payments in progress of an order about to be paid `wanted`. */
export type PaymentDecision =
  /** The payment in progress asks exactly this: the shopper goes back to its page. */
  | { kind: 'resume'; payment: OpenPayment }
  /** Payments in progress to settle (read back, canceled) before a new one may start. */
  | { kind: 'settle'; open: OpenPayment[] }
  | { kind: 'new' };

/**
 * Locks the order's payments in progress and decides: resume the one asking exactly `wanted`,
 * settle the others first, or start a new one. A payment row the provider has not answered yet
 * means another checkout of this order is starting it: `payment_in_progress`.
 */
export async function decideOnOpenPayments(
  tx: DbOrTx,
  orderId: number,
  wanted: { provider: TPaymentKind; method: string; amountCents: number },
): Promise<PaymentDecision> {
  const open = await openPaymentsOf(tx, orderId);
  if (open.some((p) => p.external_id === null && p.fresh)) throw new AppError('payment_in_progress');
  const started = open.filter((p) => p.external_id !== null);
  const same = started.find(
    (p) =>
      p.status === 'open' &&
      p.checkout_url &&
      p.provider === wanted.provider &&
      p.method === wanted.method &&
      p.amount_cents === wanted.amountCents,
  );
  if (!started.length) return { kind: 'new' };
  if (started.length === 1 && same) return { kind: 'resume', payment: same };
  return { kind: 'settle', open: started };
}

/** Keeps what the shopper gave at checkout (e-mail, language) on the payment. */
export async function noteCheckout(
  tx: DbOrTx,
  paymentId: number,
  checkout: { email: string; locale: TLocale },
) {
  await tx.execute(
    sql`UPDATE payments SET raw = coalesce(raw, '{}'::jsonb) || ${JSON.stringify({ checkout })}::jsonb,
          updated_at = now()
        WHERE id = ${paymentId}`,
  );
}

/**
 * A new payment row (`open`, not yet at the provider) for the order, with the platform's fee; rows
 * that never reached their provider (a crash between the two steps) are failed first.
 */
export async function openPayment(
  tx: DbOrTx,
  p: {
    orderId: number;
    sellerId: number;
    buyerId: number | null;
    provider: TPaymentProvider;
    method: string;
    amountCents: number;
    checkout: { email: string; locale: TLocale };
  },
): Promise<number> {
  await tx.execute(
    sql`UPDATE payments SET status = 'failed', updated_at = now(),
          raw = coalesce(raw, '{}'::jsonb) || '{"error": "never created at the provider"}'::jsonb
        WHERE order_id = ${p.orderId} AND status IN ('open', 'pending') AND external_id IS NULL`,
  );
  const feePercent = await sellerFeePercent(tx, p.sellerId);
  const [payment] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO payments (order_id, seller_id, buyer_id, provider, method, amount_cents, fee_cents, status, raw)
        VALUES (${p.orderId}, ${p.sellerId}, ${p.buyerId}, ${p.provider}, ${p.method}, ${p.amountCents},
          ${applicationFee(p.amountCents, feePercent)}, 'open', ${JSON.stringify({ checkout: p.checkout })}::jsonb)
        RETURNING id`,
  );
  return payment.id;
}

/** The order's payments in progress, locked; `fresh`: made in the last two minutes. */
export function openPaymentsOf(tx: DbOrTx, orderId: number) {
  return queryRows<OpenPayment>(
    tx,
    sql`SELECT id, seller_id, provider, method, amount_cents, status, external_id, checkout_url,
          created_at > now() - interval '2 minutes' AS fresh
        FROM payments WHERE order_id = ${orderId} AND status IN ('open', 'pending')
        ORDER BY id FOR UPDATE`,
  );
}

/**
 * Payments in progress that a new checkout replaces: each is read back from its provider (one
 * paid meanwhile pays the order), then canceled there. One the provider will not cancel answers
 * `payment_in_progress` with its page, so the shopper finishes it instead of paying twice.
 */
export async function settleOpenPayments(ctx: Ctx, open: OpenPayment[]): Promise<void> {
  for (const p of open) {
    const read = await confirmPayment(ctx, p.id).catch(() => null);
    if (read && read.paymentStatus !== 'open' && read.paymentStatus !== 'pending') continue;
    try {
      const provider = await providerFor(ctx, p.seller_id, p.provider);
      await provider.cancel(p.external_id as string);
      await ctx.db.execute(
        sql`UPDATE payments SET raw = coalesce(raw, '{}'::jsonb) || '{"replaced_at_checkout": true}'::jsonb
            WHERE id = ${p.id}`,
      );
      // Recorded as the provider now says (canceled; or paid, if it was paid at the last moment).
      await confirmPayment(ctx, p.id);
    } catch (err) {
      ctx.log.warn({ err, paymentId: p.id }, 'payment in progress could not be canceled');
      const again = await confirmPayment(ctx, p.id).catch(() => null);
      if (again && again.paymentStatus !== 'open' && again.paymentStatus !== 'pending') continue;
      throw new AppError('payment_in_progress', undefined, undefined, {
        body: { redirectUrl: p.status === 'open' ? p.checkout_url : null },
      });
    }
  }
}

/** Creates the started payment at its provider; a failure leaves the row `failed`. */
export async function startAtProvider(ctx: Ctx, started: Started): Promise<TCheckoutResult> {
  let provider: PaymentProvider;
  try {
    provider = await providerFor(ctx, started.sellerId, started.provider);
    const created = await provider.createPayment({
      paymentId: started.paymentId,
      orderNumber: started.orderNumber,
      amountCents: started.amountCents,
      currency: 'EUR',
      description: `${started.storeName} ${started.orderNumber}`.slice(0, 255),
      method: started.method,
      redirectUrl: returnUrl(ctx, { ...started }),
      webhookUrl: webhookUrl(ctx, started.provider, started.paymentId),
      locale: started.locale,
      customerEmail: started.email,
    });
    await ctx.db.execute(
      sql`UPDATE payments SET external_id = ${created.externalId}, checkout_url = ${created.checkoutUrl},
            status = ${created.status}, raw = coalesce(raw, '{}'::jsonb) || ${JSON.stringify(created.raw)}::jsonb,
            updated_at = now()
          WHERE id = ${started.paymentId}`,
    );
    return { redirectUrl: created.checkoutUrl };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.warn({ err, paymentId: started.paymentId }, 'payment creation failed');
    await ctx.db.execute(
      sql`UPDATE payments SET status = 'failed',
            raw = coalesce(raw, '{}'::jsonb) || jsonb_build_object('error', ${message}::text,
              'error_kind', ${err instanceof PaymentProviderError ? err.kind : 'internal'}::text),
            updated_at = now()
          WHERE id = ${started.paymentId}`,
    );
    return {
      redirectUrl: null,
      error: 'payment_provider_error',
      message: ERRORS.payment_provider_error[ctx.locale],
    };
  }
}
