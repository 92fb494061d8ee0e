/**
 * The payment providers' webhooks. Whatever a webhook says, the payment's status is read back from
 * the provider (confirm.ts): a forged call changes nothing.
 */
import { sql } from 'drizzle-orm';
import { PaymentProviderError, webhookIdOf } from '../../integrations/payments/provider.ts';
import { sandboxExternalId } from '../../integrations/payments/sandbox.ts';
import { AppError } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { type ConfirmEnv, confirmPayment } from './confirm.ts';
import { stripePlatform } from './providers.ts';

export interface WebhookReceipt {
  received: true;
  status: string | null;
}

const ignored: WebhookReceipt = { received: true, status: null };

/** Our payment of this provider's id (and of `paymentId` when the webhook URL carries it). */
async function paymentOf(env: ConfirmEnv, provider: string, externalId: string, paymentId?: number) {
  const [row] = await queryRows<{ id: number }>(
    env.db,
    sql`SELECT id FROM payments WHERE provider = ${provider} AND external_id = ${externalId}
        ${paymentId ? sql`AND id = ${paymentId}` : sql``}`,
  );
  return row?.id ?? null;
}

/** Reads the payment back and applies it; a provider that does not know it refuses the webhook. */
async function confirmFromWebhook(env: ConfirmEnv, paymentId: number): Promise<WebhookReceipt> {
  try {
    const result = await confirmPayment(env, paymentId);
    return { received: true, status: result?.paymentStatus ?? null };
  } catch (err) {
    if (err instanceof PaymentProviderError && (err.kind === 'not_found' || err.kind === 'unauthorized')) {
      throw new AppError('webhook_refused', undefined, err.message);
    }
    if (err instanceof PaymentProviderError)
      throw new AppError('payment_provider_error', undefined, err.message);
    throw err;
  }
}

/** Mollie posts `id=tr_…` (form body); an id that is not one of our payments is acknowledged. */
export async function mollieWebhook(
  env: ConfirmEnv,
  body: unknown,
  paymentId?: number,
): Promise<WebhookReceipt> {
  const id =
    typeof body === 'string' || Buffer.isBuffer(body)
      ? webhookIdOf(body)
      : typeof (body as { id?: unknown } | null)?.id === 'string'
        ? (body as { id: string }).id
        : undefined;
  if (!id || !/^tr_[A-Za-z0-9]+$/.test(id)) throw new AppError('webhook_refused');
  const found = await paymentOf(env, 'mollie', id, paymentId);
  return found ? confirmFromWebhook(env, found) : ignored;
}

/** The sandbox provider posts `id=sbx_…`, or its URL carries `paymentId`. */
export async function sandboxWebhook(
  env: ConfirmEnv,
  body: unknown,
  paymentId?: number,
): Promise<WebhookReceipt> {
  const given = (body as { id?: unknown } | undefined)?.id;
  const id = typeof given === 'string' ? given : paymentId ? sandboxExternalId(paymentId) : undefined;
  if (!id) throw new AppError('webhook_refused');
  const found = await paymentOf(env, 'sandbox', id, paymentId);
  return found ? confirmFromWebhook(env, found) : ignored;
}

/** Stripe signs the exact bytes of its body (`Stripe-Signature`, STRIPE_WEBHOOK_SECRET). */
export async function stripeWebhook(
  env: ConfirmEnv,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookReceipt> {
  const platform = stripePlatform(env.config);
  if (!platform) throw new AppError('webhook_refused', undefined, 'Stripe is not configured');
  let notice: Awaited<ReturnType<typeof platform.verifyWebhook>>;
  try {
    notice = await platform.verifyWebhook({ rawBody, headers });
  } catch (err) {
    throw new AppError('webhook_refused', undefined, (err as Error).message);
  }
  if (!notice) return ignored;
  const found = await paymentOf(env, 'stripe', notice.externalId);
  return found ? confirmFromWebhook(env, found) : ignored;
}
