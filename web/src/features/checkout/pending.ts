import { REDIRECT_DELAY_MS, type TLocale } from '@livecart/contract/constants';
import { EN_PREFIX, localizePath } from '../../app/locale';

/*
 * The checkout a shopper left to sign in or sign up (issue 5 "Linking a shopper", SPEC §2, §4):
 * kept in localStorage so the sign-in page (also after the e-mailed verification link) and the
 * profile page can send the shopper back to it. Only paths of this site under /checkout or
 * /en/checkout are ever followed: never another site (no open redirect).
 */

/** localStorage key: `{path, at}` of the checkout to reopen. */
export const PENDING_CHECKOUT_KEY = 'pendingCheckout';
/** How long the shopper reads "taking you back to your cart…" before the checkout opens. */
export const CHECKOUT_RETURN_DELAY_MS = REDIRECT_DELAY_MS;
/** A pending checkout older than this is forgotten (carts are held for minutes, not days). */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

const CHECKOUT_PATH = /^(\/en)?\/checkout\/[A-Za-z0-9_-]{1,64}\/?$/;

/**
 * `raw` as a path (with its query) when it is a checkout page of this site, else null: refuses
 * other sites (`https://evil.example/checkout/…`, `//evil.example/…`, `/\evil.example`), other
 * schemes and every path that is not a checkout.
 */
export function checkoutPathOf(
  raw: string | null | undefined,
  origin = window.location.origin,
): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !CHECKOUT_PATH.test(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}

/** Keeps `path` (a checkout page, with its locale prefix and link token) to reopen later. */
export function rememberCheckout(path: string): void {
  const safe = checkoutPathOf(path);
  if (!safe) return;
  try {
    localStorage.setItem(PENDING_CHECKOUT_KEY, JSON.stringify({ path: safe, at: Date.now() }));
  } catch {
    // storage disabled: the callbackUrl of the sign-in link still brings the shopper back
  }
}

/** The pending checkout's path, or null (none, unreadable, foreign or too old). */
export function readPendingCheckout(now = Date.now()): string | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(PENDING_CHECKOUT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { path?: unknown; at?: unknown };
    const path = typeof value.path === 'string' ? checkoutPathOf(value.path) : null;
    const fresh = typeof value.at === 'number' && now - value.at < MAX_AGE_MS && value.at <= now + 60_000;
    if (path && fresh) return path;
  } catch {
    // not ours: dropped below
  }
  clearPendingCheckout();
  return null;
}

export function clearPendingCheckout(): void {
  try {
    localStorage.removeItem(PENDING_CHECKOUT_KEY);
  } catch {
    // nothing to clear
  }
}

/**
 * Where to send a shopper who just signed in: the `callbackUrl` when it is a checkout (put in
 * `locale` unless it already names one), else the pending checkout; null when neither.
 */
export function checkoutReturnTarget(callbackUrl: string | null | undefined, locale: TLocale): string | null {
  const callback = checkoutPathOf(callbackUrl);
  if (callback) {
    return callback.startsWith(`${EN_PREFIX}/`) ? callback : localizePath(callback, locale);
  }
  return readPendingCheckout();
}
