import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeShopify, startFakeShopify } from './fakes/shopify.ts';
import { ShopCallError } from './platform.ts';
import { shopifyPlatform } from './shopify.ts';
import {
  exchangeShopifyCode,
  isShopifyShopDomain,
  missingShopifyScopes,
  SHOPIFY_SCOPES,
  shopifyAuthorizeUrl,
  verifyShopifyQueryHmac,
} from './shopify-oauth.ts';

/* The Shopify app's install flow: the authorize address, the redirect's hmac, the code exchange. */

describe('authorize address', () => {
  it('sends the seller to the shop with the app, the scopes, the return address and the state', () => {
    const url = new URL(
      shopifyAuthorizeUrl({
        shop: 'boutique-lea.myshopify.com',
        apiKey: 'app-key',
        redirectUri: 'https://livecart.example/api/shops/shopify/callback',
        state: 'nonce-123',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://boutique-lea.myshopify.com/admin/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-key',
      scope: SHOPIFY_SCOPES.join(','),
      redirect_uri: 'https://livecart.example/api/shops/shopify/callback',
      state: 'nonce-123',
    });
    expect(SHOPIFY_SCOPES).toContain('write_merchant_managed_fulfillment_orders');
  });

  it('only a myshopify.com shop domain', () => {
    for (const shop of [
      'boutique.myshopify.com.evil.example',
      'evil.example/.myshopify.com',
      'Boutique.myshopify.com',
      '-boutique.myshopify.com',
      'boutique.myshopify.com:8443',
      'myshopify.com',
      '127.0.0.1',
    ]) {
      expect(isShopifyShopDomain(shop)).toBe(false);
      expect(() =>
        shopifyAuthorizeUrl({ shop, apiKey: 'k', redirectUri: 'https://x.example/cb', state: 's' }),
      ).toThrow(ShopCallError);
    }
    expect(isShopifyShopDomain('boutique-2.myshopify.com')).toBe(true);
  });
});

describe('redirect hmac', () => {
  it('checks Shopify’s documented example', () => {
    const query =
      'code=0907a61c0c8d55e99db179b68161bc00&hmac=700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173';
    expect(verifyShopifyQueryHmac(query, 'hush')).toBe(true);
    expect(verifyShopifyQueryHmac(`?${query}`, 'hush')).toBe(true);
    expect(verifyShopifyQueryHmac(new URLSearchParams(query), 'hush')).toBe(true);
    expect(verifyShopifyQueryHmac(Object.fromEntries(new URLSearchParams(query)), 'hush')).toBe(true);
    expect(verifyShopifyQueryHmac(query, 'another secret')).toBe(false);
    expect(verifyShopifyQueryHmac(query.replace('some-shop', 'other-shop'), 'hush')).toBe(false);
    expect(verifyShopifyQueryHmac(query.replace(/hmac=[^&]+&/, ''), 'hush')).toBe(false);
    expect(verifyShopifyQueryHmac(query.replace(/hmac=[^&]+/, 'hmac=zz'), 'hush')).toBe(false);
    expect(verifyShopifyQueryHmac(query, '')).toBe(false);
  });

  it('signs the parameters sorted, whatever their order, with values that need escaping', () => {
    const secret = 'app-secret';
    const params = {
      timestamp: '1732834800',
      shop: 'boutique.myshopify.com',
      host: 'YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvYm91dGlxdWU=',
      code: 'a&b%c',
    };
    const message = Object.keys(params)
      .sort()
      .map((k) => `${k}=${new URLSearchParams({ v: params[k as keyof typeof params] }).toString().slice(2)}`)
      .join('&');
    const hmac = createHmac('sha256', secret).update(message).digest('hex');
    expect(verifyShopifyQueryHmac({ ...params, hmac }, secret)).toBe(true);
    const legacy = createHmac('sha256', secret)
      .update(
        'code=a%26b%25c&host=YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvYm91dGlxdWU=&shop=boutique.myshopify.com&timestamp=1732834800',
      )
      .digest('hex');
    expect(verifyShopifyQueryHmac({ ...params, hmac: legacy }, secret)).toBe(true);
    expect(verifyShopifyQueryHmac({ ...params, code: 'a&b', hmac }, secret)).toBe(false);
  });

  it('a repeated parameter is signed as a list', () => {
    const secret = 'app-secret';
    const hmac = createHmac('sha256', secret)
      .update('ids=["1", "2"]&shop=boutique.myshopify.com')
      .digest('hex');
    expect(verifyShopifyQueryHmac(`ids[]=1&ids[]=2&shop=boutique.myshopify.com&hmac=${hmac}`, secret)).toBe(
      true,
    );
  });
});

describe('code exchange', () => {
  let shop: FakeShopify;
  beforeEach(async () => {
    shop = await startFakeShopify({ seed: 'empty' });
  });
  afterEach(async () => {
    expect(shop.unexpected).toEqual([]);
    await shop.close();
  });

  const exchange = (code: string, over: Partial<Parameters<typeof exchangeShopifyCode>[0]> = {}) =>
    exchangeShopifyCode({
      shop: 'boutique-demo.myshopify.com',
      apiKey: shop.apiKey,
      apiSecret: shop.secret,
      code,
      allowLocalHttp: true,
      baseUrl: shop.url,
      ...over,
    });

  it('a code becomes the shop’s token, which the adapter then uses', async () => {
    const answer = await exchange(shop.authorizationCode());
    expect(answer.accessToken).toBe(shop.token);
    expect(missingShopifyScopes(answer.scopes)).toEqual([]);
    const info = await shopifyPlatform({
      url: shop.url,
      key: answer.accessToken,
      secret: shop.secret,
      extra: {},
      allowLocalHttp: true,
    }).check();
    expect(info.name).toBe('Boutique Démo');
  });

  it('a used or unknown code, or the wrong secret, is refused as credentials', async () => {
    const code = shop.authorizationCode();
    await exchange(code);
    for (const call of [
      () => exchange(code),
      () => exchange('unknown'),
      () => exchange(shop.authorizationCode(), { apiSecret: 'wrong' }),
    ]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ShopCallError);
      expect(err).toMatchObject({ kind: 'credentials', status: 400 });
      expect((err as Error).message).not.toContain('wrong');
    }
  });

  it('calls https://{shop} only: a bad shop domain or a refused address is never called', async () => {
    const bad = await exchange(shop.authorizationCode(), { shop: 'evil.example' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ kind: 'invalid' });
    const local = await exchange(shop.authorizationCode(), { allowLocalHttp: false }).catch(
      (e: unknown) => e,
    );
    expect(local).toMatchObject({ kind: 'unreachable' });
    expect(shop.requests).toEqual([]);
  });

  it('missing scopes are named; a write scope grants its read', () => {
    expect(missingShopifyScopes(['write_inventory', 'write_orders', 'read_products'])).toEqual([
      'read_locations',
      'read_merchant_managed_fulfillment_orders',
      'write_merchant_managed_fulfillment_orders',
    ]);
  });
});
