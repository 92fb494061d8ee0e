/**
 * Connecting a Shopify shop by approving the platform's own Shopify app (when the operator set
 * `SHOPIFY_API_KEY` and `SHOPIFY_API_SECRET`), instead of pasting a custom app's token: the seller
 * names the shop, approves the app at Shopify, and comes back with a code exchanged for the shop's
 * access token. The app's secret signs the shop's notifications.
 */

import { ShopCallError } from '../../integrations/shops/platform.ts';
import {
  exchangeShopifyCode,
  isShopifyShopDomain,
  missingShopifyScopes,
  shopifyAuthorizeUrl,
  verifyShopifyQueryHmac,
} from '../../integrations/shops/shopify-oauth.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { checkOAuthState, signOAuthState } from '../../lib/oauth-state.ts';
import { randomToken } from '../../lib/tokens.ts';
import { shopSyncSeller } from './access.ts';
import { localHttpAllowed } from './platforms.ts';
import { saveShop } from './service.ts';

export const INSTALL_PATH = '/api/shops/shopify';
export const INSTALL_COOKIE = 'shopify_install';
export const INSTALL_TTL_MS = 15 * 60_000;
const PURPOSE = 'shopify-install';

function appOf(ctx: Ctx) {
  const app = ctx.config.shopSync.shopifyApp;
  if (!app) throw new AppError('not_found');
  return app;
}

/** `boutique` or `boutique.myshopify.com` or its address → `boutique.myshopify.com`. */
export function shopDomain(raw: string): string | null {
  const host = raw
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  const domain = host.includes('.') ? host : `${host}.myshopify.com`;
  return isShopifyShopDomain(domain) ? domain : null;
}

/** GET shops/shopify/install: the shop's approval page (and the nonce for the cookie). */
export async function startInstall(ctx: Ctx, shop: string): Promise<{ url: string; nonce: string }> {
  const app = appOf(ctx);
  const sellerId = await shopSyncSeller(ctx);
  const domain = shopDomain(shop);
  if (!domain) throw new AppError('shop_url_not_allowed', { shop: 'shop_url_not_allowed' });
  const nonce = randomToken(16);
  const state = signOAuthState(ctx.config.authSecret, PURPOSE, { sellerId, nonce, ttlMs: INSTALL_TTL_MS });
  const url = shopifyAuthorizeUrl({
    shop: domain,
    apiKey: app.apiKey,
    redirectUri: `${ctx.config.publicUrl}${INSTALL_PATH}/callback`,
    state,
  });
  return { url, nonce };
}

/**
 * GET shops/shopify/callback: Shopify's signature of the redirect, the state of this seller and
 * browser, the code exchanged for the token, every scope granted; then the shop is saved like
 * one connected by hand. Nothing is saved on a refusal.
 */
export async function finishInstall(
  ctx: Ctx,
  query: Record<string, string | string[] | undefined>,
  nonce: string | undefined,
): Promise<number> {
  const app = appOf(ctx);
  const sellerId = await shopSyncSeller(ctx);
  const shop = typeof query.shop === 'string' ? shopDomain(query.shop) : null;
  const code = typeof query.code === 'string' ? query.code : '';
  const state = typeof query.state === 'string' ? query.state : undefined;
  if (
    !shop ||
    !code ||
    !verifyShopifyQueryHmac(query, app.apiSecret) ||
    !checkOAuthState(ctx.config.authSecret, PURPOSE, { sellerId, state, nonce })
  ) {
    throw new AppError('shop_credentials_invalid');
  }
  const url = app.adminUrl ?? `https://${shop}`;
  let token: string;
  try {
    const granted = await exchangeShopifyCode({
      shop,
      apiKey: app.apiKey,
      apiSecret: app.apiSecret,
      code,
      allowLocalHttp: localHttpAllowed(ctx.config, url),
      baseUrl: app.adminUrl,
    });
    if (missingShopifyScopes(granted.scopes).length) throw new AppError('shop_credentials_invalid');
    token = granted.accessToken;
  } catch (err) {
    if (err instanceof ShopCallError)
      throw err.kind === 'credentials' || err.kind === 'invalid'
        ? new AppError('shop_credentials_invalid')
        : new AppError('shop_unreachable', undefined, err.message);
    throw err;
  }
  const saved = await saveShop(ctx, sellerId, {
    platform: 'shopify',
    url,
    key: token,
    secret: app.apiSecret,
  });
  return saved.id;
}
