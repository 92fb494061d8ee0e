/**
 * Where a payment sends the shopper back and where its provider calls: the return page carries
 * `hash` = `{paymentId}.{hmac}`, so only whoever was sent back by the provider can ask how it went.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TLocale } from '@livecart/contract/constants';
import type { Config } from '../../config.ts';
import type { TPaymentProvider } from '../../integrations/payments/provider.ts';
import { orderAccessToken } from '../orders/cart.ts';

type WithConfig = { config: Pick<Config, 'authSecret' | 'publicUrl'> };

const hashMac = (secret: string, paymentId: number) =>
  createHmac('sha256', secret).update(`payment-return:${paymentId}`).digest('base64url').slice(0, 24);

export const paymentHash = (secret: string, paymentId: number) =>
  `${paymentId}.${hashMac(secret, paymentId)}`;

/** The payment id of a return hash, or null when it is not one of ours. */
export function paymentIdOfHash(secret: string, hash: string): number | null {
  const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{24})$/.exec(hash);
  if (!m) return null;
  const id = Number(m[1]);
  const a = Buffer.from(hashMac(secret, id));
  const b = Buffer.from(m[2]);
  return a.length === b.length && timingSafeEqual(a, b) ? id : null;
}

/** Where the provider sends the shopper back: the checkout page with `hash` and `type`. */
export function returnUrl(
  ctx: WithConfig,
  o: {
    orderNumber: string;
    storeName: string;
    locale: TLocale;
    paymentId: number;
    provider: TPaymentProvider;
  },
): string {
  const q = new URLSearchParams({
    storeName: o.storeName,
    t: orderAccessToken(ctx.config.authSecret, o.orderNumber),
    hash: paymentHash(ctx.config.authSecret, o.paymentId),
    type: o.provider,
  });
  return `${ctx.config.publicUrl}${o.locale === 'en' ? '/en' : ''}/checkout/${o.orderNumber}?${q}`;
}

export const webhookUrl = (ctx: WithConfig, provider: TPaymentProvider, paymentId: number) =>
  provider === 'stripe'
    ? `${ctx.config.publicUrl}/api/payments/webhook/stripe`
    : `${ctx.config.publicUrl}/api/payments/webhook/${provider}?paymentId=${paymentId}`;
