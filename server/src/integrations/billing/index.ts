import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';
import { type BillingProvider, BillingProviderError } from './provider.ts';
import { SandboxBilling, type SandboxBillingStore } from './sandbox.ts';
import { StripeBilling } from './stripe.ts';

export * from './provider.ts';
export { SandboxBilling, type SandboxBillingStore } from './sandbox.ts';
export { StripeBilling } from './stripe.ts';

/** The secret `k` of a sandbox registration's card page: only the seller sent there can use it. */
export const sandboxBillingPageKey = (authSecret: string, intentId: string) =>
  createHmac('sha256', authSecret).update(`sandbox-billing:${intentId}`).digest('base64url');

/**
 * The billing provider of this server, by `config.billing.provider`. The sandbox is answered in
 * production too: callers refuse with `billing_unavailable` when `billingAvailable(config)` is false.
 */
export function createBillingProvider(
  config: Pick<Config, 'billing' | 'publicUrl' | 'authSecret'>,
  opts: {
    sandboxStore: SandboxBillingStore;
    pageKey?: (intentId: string) => string;
    now?: () => Date;
    /** Stripe's retries on network errors and 5xx (default 1). */
    maxNetworkRetries?: number;
  },
): BillingProvider {
  if (config.billing.provider === 'stripe') {
    const stripe = config.billing.stripe;
    if (!stripe) throw new BillingProviderError('stripe', 'unauthorized', 'STRIPE_SECRET_KEY is not set');
    return new StripeBilling({
      secretKey: stripe.secretKey,
      ...(stripe.webhookSecret ? { webhookSecret: stripe.webhookSecret } : {}),
      ...(opts.maxNetworkRetries !== undefined ? { maxNetworkRetries: opts.maxNetworkRetries } : {}),
    });
  }
  return new SandboxBilling({
    store: opts.sandboxStore,
    publicUrl: config.publicUrl,
    pageKey: opts.pageKey ?? ((id) => sandboxBillingPageKey(config.authSecret, id)),
    ...(opts.now ? { now: opts.now } : {}),
  });
}

/** Whether sellers can be billed: never by the sandbox in production (no money would move). */
export const billingAvailable = (config: Pick<Config, 'billing' | 'env'>) =>
  !(config.env === 'production' && config.billing.provider === 'sandbox');
