import { createHmac, timingSafeEqual } from 'node:crypto';
import { jsonOf, shopRequest } from './http.ts';
import { ShopCallError } from './platform.ts';

/**
 * Installing the operator's Shopify app in a seller's shop (when `SHOPIFY_API_KEY` and
 * `SHOPIFY_API_SECRET` are configured), as Shopify documents its authorization code grant: send
 * the seller to `https://{shop}/admin/oauth/authorize`, check the `hmac` of the redirect back,
 * then exchange its `code` for an offline access token at `POST https://{shop}/admin/oauth/access_token`.
 */

/**
 * What the sync needs, and no more: read the catalogue; read and change stock at a location;
 * create and read orders; mark the merchant's own fulfilment orders shipped.
 */
export const SHOPIFY_SCOPES = [
  'read_products',
  'read_inventory',
  'write_inventory',
  'read_locations',
  'read_orders',
  'write_orders',
  'read_merchant_managed_fulfillment_orders',
  'write_merchant_managed_fulfillment_orders',
] as const;

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** A shop's permanent domain (`boutique.myshopify.com`), the only host the install flow calls. */
export function isShopifyShopDomain(shop: string): boolean {
  return SHOP_DOMAIN.test(shop);
}

function mustBeShop(shop: string): void {
  if (!isShopifyShopDomain(shop)) throw new ShopCallError('invalid', 'Not a myshopify.com shop domain');
}

/** Where to send the seller to approve the app (`state`: the nonce checked on the way back). */
export function shopifyAuthorizeUrl(input: {
  shop: string;
  apiKey: string;
  scopes?: readonly string[];
  redirectUri: string;
  state: string;
}): string {
  mustBeShop(input.shop);
  const url = new URL(`https://${input.shop}/admin/oauth/authorize`);
  url.searchParams.set('client_id', input.apiKey);
  url.searchParams.set('scope', (input.scopes ?? SHOPIFY_SCOPES).join(','));
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', input.state);
  return url.toString();
}

type Query = string | URLSearchParams | Record<string, string | string[] | undefined>;

function pairsOf(query: Query): [string, string | string[]][] {
  if (typeof query === 'string' || query instanceof URLSearchParams) {
    const params = typeof query === 'string' ? new URLSearchParams(query.replace(/^\?/, '')) : query;
    const grouped = new Map<string, string[]>();
    for (const [k, v] of params) grouped.set(k, [...(grouped.get(k) ?? []), v]);
    return [...grouped].map(([k, v]) => [k, v.length === 1 && !k.endsWith('[]') ? v[0] : v]);
  }
  return Object.entries(query).filter((e): e is [string, string | string[]] => e[1] !== undefined);
}

/**
 * The redirect's `hmac` (hex HMAC-SHA256 with the app's secret) signs every other parameter,
 * sorted by name and joined as `name=value&…`. Shopify documents the value escaping two ways
 * (`%` → `%25`, `&` → `%26`, and `=` → `%3D` in names; or form encoding, as its own libraries
 * do): either signature is accepted, compared in constant time. A repeated name is signed as
 * `ids=["1", "2"]`.
 */
export function verifyShopifyQueryHmac(query: Query, apiSecret: string): boolean {
  const pairs = pairsOf(query);
  const given = pairs.find(([k]) => k === 'hmac')?.[1];
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given) || !apiSecret) return false;
  const rest = pairs
    .filter(([k]) => k !== 'hmac' && k !== 'signature')
    .map(([k, v]): [string, string] => [
      k.replace(/\[\]$/, ''),
      Array.isArray(v) ? `[${v.map((x) => JSON.stringify(x)).join(', ')}]` : v,
    ])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const legacy = rest
    .map(
      ([k, v]) =>
        `${k.replace(/%/g, '%25').replace(/&/g, '%26').replace(/=/g, '%3D')}=${v.replace(/%/g, '%25').replace(/&/g, '%26')}`,
    )
    .join('&');
  const form = new URLSearchParams(rest).toString();
  const received = Buffer.from(given.toLowerCase(), 'hex');
  let ok = false;
  for (const message of new Set([legacy, form])) {
    const expected = createHmac('sha256', apiSecret).update(message).digest();
    if (timingSafeEqual(received, expected)) ok = true;
  }
  return ok;
}

/** The scopes of `SHOPIFY_SCOPES` the shop did not grant (a `write_` scope grants its `read_`). */
export function missingShopifyScopes(
  granted: string[],
  wanted: readonly string[] = SHOPIFY_SCOPES,
): string[] {
  const have = new Set(granted.map((s) => s.trim()));
  return wanted.filter((s) => !have.has(s) && !(s.startsWith('read_') && have.has(`write_${s.slice(5)}`)));
}

/**
 * The redirect's `code` exchanged for the shop's offline access token. `baseUrl` replaces
 * `https://{shop}` (the sandbox's fake shop, with `allowLocalHttp`). A refused code throws
 * `credentials`.
 */
export async function exchangeShopifyCode(input: {
  shop: string;
  apiKey: string;
  apiSecret: string;
  code: string;
  allowLocalHttp: boolean;
  baseUrl?: string;
  timeoutMs?: number;
}): Promise<{ accessToken: string; scopes: string[] }> {
  mustBeShop(input.shop);
  const base = (input.baseUrl ?? `https://${input.shop}`).replace(/\/+$/, '');
  const answer = await shopRequest({
    method: 'POST',
    url: `${base}/admin/oauth/access_token`,
    json: { client_id: input.apiKey, client_secret: input.apiSecret, code: input.code },
    allowLocalHttp: input.allowLocalHttp,
    timeoutMs: input.timeoutMs,
  });
  if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
    throw new ShopCallError('credentials', 'Shopify refused the authorization code', answer.status);
  }
  if (answer.status === 429) throw new ShopCallError('rate_limited', 'Shopify asked to try later', 429);
  if (answer.status !== 200)
    throw new ShopCallError('platform', `Shopify answered HTTP ${answer.status}`, answer.status);
  const body = jsonOf<{ access_token?: unknown; scope?: unknown }>(answer);
  if (typeof body.access_token !== 'string' || body.access_token === '') {
    throw new ShopCallError('invalid', 'Shopify answered no access token', answer.status);
  }
  const scopes = typeof body.scope === 'string' ? body.scope.split(',').filter(Boolean) : [];
  return { accessToken: body.access_token, scopes };
}
