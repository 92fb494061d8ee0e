import { timingSafeEqual } from 'node:crypto';
import { derivedToken } from './tokens.ts';

/**
 * The `state` of an OAuth round trip through another site (Facebook's dialog, a Shopify shop's
 * app approval): `<sellerId>.<expires ms>.<nonce>.<signature>`, signed with the server secret for
 * one `purpose`. The nonce is also kept in an httpOnly cookie of the seller's browser, so a state
 * works once, for that seller, in that browser, before it expires.
 */
const signature = (secret: string, purpose: string, payload: string) =>
  derivedToken(secret, `${purpose}:${payload}`);

export function signOAuthState(
  secret: string,
  purpose: string,
  p: { sellerId: number; nonce: string; ttlMs: number },
  now = Date.now(),
): string {
  const payload = `${p.sellerId}.${now + p.ttlMs}.${p.nonce}`;
  return `${payload}.${signature(secret, purpose, payload)}`;
}

/** True when `state` was signed here for `purpose` and this seller, has not expired and carries the browser's nonce. */
export function checkOAuthState(
  secret: string,
  purpose: string,
  p: { sellerId: number; state: string | undefined; nonce: string | undefined },
): boolean {
  const parts = p.state?.split('.') ?? [];
  if (parts.length !== 4 || !p.nonce) return false;
  const [seller, expires, stateNonce, sig] = parts;
  const expected = Buffer.from(signature(secret, purpose, `${seller}.${expires}.${stateNonce}`));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return Number(seller) === p.sellerId && Number(expires) > Date.now() && stateNonce === p.nonce;
}
