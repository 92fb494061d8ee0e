import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { MollieProvider } from '../../integrations/payments/mollie.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type TPaymentProvider,
} from '../../integrations/payments/provider.ts';
import { SandboxProvider } from '../../integrations/payments/sandbox.ts';
import { StripePlatform } from '../../integrations/payments/stripe.ts';
import { notFound } from '../../lib/errors.ts';
import { decryptSecret } from '../../lib/secrets.ts';
import { queryRows } from '../../lib/sql.ts';
import { derivedToken } from '../../lib/tokens.ts';
import { drizzleSandboxStore } from './sandbox-store.ts';

/**
 * Which provider object pays a seller (issue 5, "payment to the merchant's own account").
 *
 * - sandbox: needs nothing; its state lives in `payments.raw.sandbox` (`drizzleSandboxStore`).
 * - mollie: the seller's own API key, from `payment_methods.credentials_encrypted` of one of
 *   their Mollie rows (decrypted with AUTH_SECRET); `MOLLIE_API_URL` points elsewhere in tests.
 * - stripe: the platform's keys (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET) and the seller's
 *   connected account id (`acct_…`), kept in the same column; the platform fee is the seller's
 *   percent (`users.seller_percent_bp`) else their current plan's (`plans.percent_bp`).
 *
 * The stored credential may be the bare value or a JSON object (`{"apiKey": …}` for Mollie,
 * `{"accountId": …}` for Stripe), whichever the payment settings store.
 *
 * `db` must not be inside an open transaction when the provider is then called (the sandbox
 * store writes through it).
 */
export interface ProviderEnv {
  db: DbOrTx;
  config: Config;
}

let platform: { key: string; value: StripePlatform } | null = null;

/** The Stripe Connect platform of this server, or null when STRIPE_SECRET_KEY is not set. */
export function stripePlatform(config: Config): StripePlatform | null {
  const s = config.payments?.stripe;
  if (!s) return null;
  const key = `${s.secretKey}|${s.webhookSecret ?? ''}|${s.clientId ?? ''}`;
  if (platform?.key !== key) {
    platform = {
      key,
      value: new StripePlatform({
        secretKey: s.secretKey,
        webhookSecret: s.webhookSecret,
        clientId: s.clientId,
        maxNetworkRetries: config.env === 'test' ? 0 : 1,
      }),
    };
  }
  return platform.value;
}

/** The seller's decrypted credential of a provider (the first of their rows that has one). */
export async function sellerCredential(
  env: ProviderEnv,
  sellerId: number,
  provider: TPaymentProvider,
): Promise<string | null> {
  const [row] = await queryRows<{ credentials_encrypted: string }>(
    env.db,
    sql`SELECT credentials_encrypted FROM payment_methods
        WHERE seller_id = ${sellerId} AND provider = ${provider} AND credentials_encrypted IS NOT NULL
        ORDER BY status DESC, updated_at DESC, id DESC LIMIT 1`,
  );
  if (!row) return null;
  try {
    return decryptSecret(env.config.authSecret, row.credentials_encrypted);
  } catch (err) {
    throw new PaymentProviderError(provider, 'unauthorized', (err as Error).message);
  }
}

/** A stored credential as the bare value, whether it was kept plain or as JSON `{field: …}`. */
export function credentialValue(stored: string, field: 'apiKey' | 'accountId'): string {
  const text = stored.trim();
  if (!text.startsWith('{')) return text;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const value = parsed[field] ?? parsed.key ?? parsed.id;
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}

/** The platform's percent of a seller's sales (e.g. 5 for 5 %): theirs, else their plan's, else 0. */
export async function sellerFeePercent(db: DbOrTx, sellerId: number): Promise<number> {
  const [row] = await queryRows<{ bp: number | null }>(
    db,
    sql`SELECT coalesce(u.seller_percent_bp, (
          SELECT p.percent_bp FROM subscriptions s JOIN plans p ON p.id = s.plan_id
          WHERE s.user_id = u.id ORDER BY s.created_at DESC, s.id DESC LIMIT 1)) AS bp
        FROM users u WHERE u.id = ${sellerId}`,
  );
  return row?.bp == null ? 0 : Number(row.bp) / 100;
}

/** The provider that takes payments for `sellerId` through `provider`; throws when not set up. */
export async function providerFor(
  env: ProviderEnv,
  sellerId: number,
  provider: TPaymentProvider,
): Promise<PaymentProvider> {
  if (provider === 'sandbox') {
    return sandboxProvider(env);
  }
  const stored = await sellerCredential(env, sellerId, provider);
  if (provider === 'mollie') {
    const apiKey = stored ? credentialValue(stored, 'apiKey') : '';
    if (!apiKey) throw new PaymentProviderError('mollie', 'unauthorized', 'The seller has no Mollie API key');
    return new MollieProvider({
      apiKey,
      ...(env.config.payments?.mollieApiUrl ? { apiEndpoint: env.config.payments.mollieApiUrl } : {}),
    });
  }
  const stripe = stripePlatform(env.config);
  if (!stripe)
    throw new PaymentProviderError('stripe', 'unauthorized', 'Stripe is not configured on this server');
  const accountId = stored ? credentialValue(stored, 'accountId') : '';
  if (!accountId)
    throw new PaymentProviderError('stripe', 'unauthorized', 'The seller has no connected Stripe account');
  return stripe.forAccount(accountId, { feePercent: await sellerFeePercent(env.db, sellerId) });
}

/** The secret `k` of a sandbox pay page: only the shopper sent there can see or settle it. */
export const sandboxPageKey = (authSecret: string, paymentId: number) =>
  derivedToken(authSecret, `sandbox-pay:${paymentId}`);

/**
 * The sandbox provider (for its pay page, which settles payments). Never in production: its pay
 * page would mark orders paid with no money moved, so everything that reaches it answers 404.
 */
export const sandboxProvider = (env: ProviderEnv) => {
  if (env.config.env === 'production') throw notFound();
  return new SandboxProvider({
    publicUrl: env.config.publicUrl,
    store: drizzleSandboxStore(env.db),
    pageKey: (id) => sandboxPageKey(env.config.authSecret, id),
  });
};
