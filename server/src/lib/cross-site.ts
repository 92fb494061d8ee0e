import type { IncomingHttpHeaders } from 'node:http';

/**
 * Why a route may be reached from another site. Every /api route without one refuses a request
 * another site made, whatever its method (403 `bad_origin`).
 * - `server`: called by other servers (payment webhooks, the comment capture tool); its authority
 *   is a signature, a token, or the provider read back, never the browser's cookie.
 * - `oauth_return`: where an OAuth provider sends the browser back, with its own signed state.
 * - `link`: a read-only address opened from an e-mail or another site (uploaded images, invoices).
 */
export type CrossSite = 'server' | 'oauth_return' | 'link';

/** A header's value; an empty one counts as absent. */
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a browser made this request from another site. The browser's `Sec-Fetch-Site` decides
 * when it sends one (`same-origin` and `none`, a typed address or a bookmark, pass; `same-site`
 * and `cross-site` pass only with the app's own Origin); else the `Origin` header; else the
 * `Referer`. A page of the app is one whose origin is `appOrigin` (PUBLIC_URL's) or whose host is
 * the request's own `Host`. A request with none of these headers (another server, curl) is not a
 * browser's: it passes. X-Forwarded-* headers are never read.
 */
export function isCrossSite(headers: IncomingHttpHeaders, appOrigin: string): boolean {
  const host = first(headers.host)?.toLowerCase();
  const fromApp = (url: string) => {
    const origin = originOf(url);
    return origin !== null && (origin === appOrigin || new URL(origin).host === host);
  };
  const fetchSite = first(headers['sec-fetch-site'])?.toLowerCase();
  const origin = first(headers.origin);
  if (fetchSite) {
    if (fetchSite === 'same-origin' || fetchSite === 'none') return false;
    return origin !== appOrigin;
  }
  if (origin !== undefined) return !fromApp(origin);
  const referer = first(headers.referer);
  if (referer !== undefined) return !fromApp(referer);
  return false;
}
