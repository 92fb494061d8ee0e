import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mergeCookies, startTestApp } from '../../../test/helpers.ts';
import { sellerApi } from '../../../test/product-fixtures.ts';
import { type FakeShopify, startFakeShopify } from '../../integrations/shops/fakes/shopify.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * Connecting Shopify by approving the platform's app (SHOPIFY_API_KEY / SHOPIFY_API_SECRET): the
 * state bound to the seller's browser, Shopify's signature of the redirect, the code exchanged at
 * the fake shop, nothing saved on any refusal.
 */

let rt: Runtime;
let fake: FakeShopify;

beforeAll(async () => {
  fake = await startFakeShopify({ seed: 'empty' });
  rt = await startTestApp({
    shopSync: {
      allowLocalHttp: true,
      sandbox: false,
      shopifyApp: { apiKey: fake.apiKey, apiSecret: fake.secret, adminUrl: fake.url },
    },
  });
});
afterAll(async () => {
  await rt.close();
  await fake.close();
});

/** Shopify's redirect back: the query it signs with the app's secret. */
function signed(params: Record<string, string>, secret = fake.secret) {
  const message = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  const hmac = createHmac('sha256', secret).update(message).digest('hex');
  return new URLSearchParams({ ...params, hmac }).toString();
}

const shopsOf = async (sellerId: number) =>
  (
    await queryRows<{ n: number }>(
      rt.deps.database.db,
      sql`SELECT count(*)::int AS n FROM shops WHERE seller_id = ${sellerId}`,
    )
  )[0].n;

it('connects the shop after its approval, and refuses a forged or replayed redirect', async () => {
  const { seller, api } = await sellerApi(rt);
  expect((await api.get('/api/shops')).json().shopify_app).toBe(true);
  expect((await api.get('/api/shops/shopify/install?shop=http://10.0.0.1')).statusCode).toBe(400);

  const start = await api.get('/api/shops/shopify/install?shop=boutique-demo');
  expect(start.statusCode, start.body).toBe(200);
  const url = new URL(start.json().url);
  expect(url.origin).toBe('https://boutique-demo.myshopify.com');
  expect(url.pathname).toBe('/admin/oauth/authorize');
  expect(url.searchParams.get('client_id')).toBe(fake.apiKey);
  expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/shops\/shopify\/callback$/);
  const state = url.searchParams.get('state') as string;
  mergeCookies(api.jar, start.headers['set-cookie']);

  const query = (patch: Record<string, string> = {}, secret?: string) =>
    signed(
      {
        code: fake.authorizationCode(),
        shop: 'boutique-demo.myshopify.com',
        state,
        timestamp: '1790000000',
        ...patch,
      },
      secret,
    );
  // forged: not signed by Shopify's secret, or another seller's state
  for (const q of [query({}, 'not-the-app-secret'), query({ state: `${state.slice(0, -2)}xx` })]) {
    const res = await api.get(`/api/shops/shopify/callback?${q}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/inventory?tab=shops&connect=error&error=shop_credentials_invalid');
  }
  expect(await shopsOf(seller.id)).toBe(0);

  const ok = await api.get(`/api/shops/shopify/callback?${query()}`);
  expect(ok.headers.location).toBe('/inventory?tab=shops&connect=ok');
  const list = (await api.get('/api/shops')).json();
  expect(list.items).toMatchObject([
    { platform: 'shopify', url: fake.url, name: fake.state.name, webhooks: true },
  ]);

  // the cookie went with the first use: the same redirect again saves nothing more
  const again = await api.get(`/api/shops/shopify/callback?${query()}`);
  expect(again.headers.location).toContain('connect=error');
  expect(await shopsOf(seller.id)).toBe(1);
});
