import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countries,
  paymentMethods,
  shippingMethodCountries,
  shippingMethods,
} from '../src/db/schema/index.ts';
import { STREAM_ROUTES } from '../src/modules/events/routes.ts';
import { orderAccessToken } from '../src/modules/orders/cart.ts';
import { sandboxProvider } from '../src/modules/payments/providers.ts';
import type { Runtime } from '../src/runtime.ts';
import { client, cookieHeader, makeBuyer, makeSeller, ORIGIN, startTestApp } from './helpers.ts';
import { comment, liveSeller, reads, simpleProduct, viewer } from './live-fixtures.ts';
import { loadRefs, type Refs } from './product-fixtures.ts';
import { tenantRows } from './tenant-state.ts';

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

type Api = Awaited<ReturnType<typeof client>>;
type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const FOREIGN = 'https://evil.example';
/** Another subdomain of the app's site: `Sec-Fetch-Site: same-site`, still not the app. */
const SIBLING = 'http://shop.localhost:3000';

/**
 * The ways a browser tells a request another site made: a top-level navigation (link, GET form)
 * carries no Origin, a POST form or a fetch does; older browsers send no Sec-Fetch-Site, and a
 * few send neither Sec-Fetch-Site nor Origin but a Referer.
 */
function crossSite(method: Method): Record<string, string>[] {
  const carriesOrigin = method !== 'GET' && method !== 'HEAD';
  return [
    { 'sec-fetch-site': 'cross-site', ...(carriesOrigin && { origin: FOREIGN }) },
    { 'sec-fetch-site': 'same-site', ...(carriesOrigin && { origin: SIBLING }) },
    { origin: FOREIGN },
    { origin: 'null' },
    { referer: `${FOREIGN}/article.html` },
  ];
}

/** What the app's own pages send. */
const sameOrigin = (method: Method): Record<string, string> =>
  method === 'GET' || method === 'HEAD'
    ? { 'sec-fetch-site': 'same-origin', referer: `${ORIGIN}/dashboard` }
    : { 'sec-fetch-site': 'same-origin', origin: ORIGIN, referer: `${ORIGIN}/dashboard` };

function call(method: Method, url: string, api: Api | null, headers: Record<string, string>, stream = false) {
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  return rt.app.inject({
    method,
    url,
    headers: { ...(api && { cookie: cookieHeader(api.jar) }), ...headers },
    ...(hasBody && { payload: {} }),
    // A stream that is let through never ends: its status is read, then it is let go.
    ...(stream && { payloadAsStream: true }),
  });
}

const concrete = (url: string) => url.replace(/\*$/, 'x').replace(/:(\w+)/g, '1');

/** Routes that say why they may be reached from another site, and nothing else. */
const REACHABLE_FROM_OTHER_SITES = [
  'GET /api/auth/callback/:provider oauth_return',
  'GET /api/files/* link',
  'GET /api/invoices/:orderNumber.pdf link',
  'POST /api/add-live-messages server',
  'POST /api/payments/webhook/mollie server',
  'POST /api/payments/webhook/sandbox server',
  'POST /api/payments/webhook/stripe server',
  'GET /api/payments/settings/stripe/callback oauth_return',
  'GET /api/stores/facebook/callback oauth_return',
  'GET /api/shops/shopify/callback oauth_return',
  'POST /api/shops/webhooks/:id server',
  'POST /api/webhooks/stripe-billing server',
  'GET /api/webhooks/facebook server',
  'POST /api/webhooks/facebook server',
];

describe('trust #5: every route refuses requests another site made, whatever their method', () => {
  it('only the webhooks, the capture tool, the OAuth returns, files and invoices may be reached from another site', () => {
    const declared = rt.app.accessTable
      .filter((r) => r.crossSite)
      .map((r) => `${r.method} ${r.url} ${r.crossSite}`);
    expect(declared.sort()).toEqual([...REACHABLE_FROM_OTHER_SITES].sort());
  });

  it('every other /api route answers a cross-site request 403 bad_origin, and an app page or a server-to-server call goes through', async () => {
    const seller = await client(rt, await makeSeller(rt));
    const routes = rt.app.accessTable.filter((r) => !r.crossSite);
    expect(routes.length).toBeGreaterThan(80);
    for (const route of routes) {
      const url = concrete(route.url);
      const methods: Method[] = route.method === 'GET' ? ['GET', 'HEAD'] : [route.method as Method];
      for (const method of methods) {
        for (const headers of crossSite(method)) {
          const res = await call(method, url, seller, headers);
          const label = `${method} ${url} ${JSON.stringify(headers)}`;
          expect(res.statusCode, label).toBe(403);
          if (method !== 'HEAD') expect(res.json().error, label).toBe('bad_origin');
        }
      }
      const method = route.method as Method;
      for (const headers of [sameOrigin(method), {}]) {
        const stream = STREAM_ROUTES.includes(url);
        const res = await call(method, url, seller, headers, stream);
        if (stream) {
          expect(res.statusCode, url).toBe(200);
          res.stream().destroy();
          continue;
        }
        const refused = res.statusCode === 403 && res.json().error;
        expect(refused, `${method} ${url} ${JSON.stringify(headers)}`).not.toBe('bad_origin');
      }
    }
  });

  it('the routes reached from other sites still answer a cross-site request', async () => {
    const reachable = rt.app.accessTable.filter((r) => r.crossSite);
    expect(reachable).toHaveLength(REACHABLE_FROM_OTHER_SITES.length);
    for (const route of reachable) {
      for (const headers of crossSite(route.method as Method)) {
        const res = await call(route.method as Method, concrete(route.url), null, headers);
        const refused = res.statusCode === 403 ? res.json().error : null;
        expect(refused, `${route.method} ${route.url}`).not.toBe('bad_origin');
      }
    }
  });

  it('a typed address, the app under another host name, and calls without browser headers go through', async () => {
    const buyer = await client(rt, await makeBuyer(rt));
    const cases: Record<string, string>[] = [
      { 'sec-fetch-site': 'none' },
      { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
      { host: '127.0.0.1:3000', referer: 'http://127.0.0.1:3000/account' },
      { 'sec-fetch-site': 'same-site', origin: ORIGIN },
      {},
    ];
    for (const headers of cases) {
      const res = await call('GET', '/api/profile/set-locale?locale=en', buyer, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('a link on another site stops no live, touches no cart, copies nothing, links nothing, confirms nothing; the app does all of it', async () => {
    const shop = await liveSeller(rt);
    const db = rt.deps.database.db;
    const r = reads(rt);
    const { product, keyword } = await simpleProduct(rt, refs, shop.api, 20);
    const buyer = await makeBuyer(rt);
    const buyerApi = await client(rt, buyer);

    // Carts: one with 2 units, one with 1, one to expire, one to link, one to pay.
    const cartOf = async (message: string) => {
      const from = viewer();
      const c = comment(message, from);
      await shop.post([c]);
      const cart = await r.cartOfViewer(shop.seller.id, from);
      if (!cart) throw new Error('no cart');
      return { cart, commentId: c.id, t: orderAccessToken(rt.deps.config.authSecret, cart.order_number) };
    };
    const two = await cartOf(`${keyword} x2`);
    expect(two.cart.lines[0].quantity).toBe(2);
    const one = await cartOf(keyword);
    const toExpire = await cartOf(keyword);
    const toLink = await cartOf(keyword);
    const toPay = await cartOf(keyword);

    // The cart to pay is checked out and paid at the provider, not yet confirmed here.
    const [fr] = await db.select().from(countries).where(eq(countries.iso, 'FR'));
    const [colissimo] = await db
      .insert(shippingMethods)
      .values({ seller_id: shop.seller.id, name: 'Colissimo' })
      .returning();
    await db.insert(shippingMethodCountries).values({
      shipping_method_id: colissimo.id,
      seller_id: shop.seller.id,
      country_id: fr.id,
      price_cents: 490,
    });
    await db
      .insert(paymentMethods)
      .values({ seller_id: shop.seller.id, provider: 'sandbox', method: 'card', status: true });
    const checkout = await rt.app.inject({
      method: 'POST',
      url: '/api/checkout?locale=fr',
      headers: { origin: ORIGIN },
      payload: {
        orderNumber: toPay.cart.order_number,
        t: toPay.t,
        address: {
          first_name: 'Marie',
          last_name: 'Curie',
          email: 'marie@example.com',
          phone: '0612345678',
          country_id: fr.id,
          state: 'Ile-de-France',
          post_code: '75005',
          city: 'Paris',
          address1: '12 rue Pierre et Marie Curie',
          address2: null,
        },
        shipping_method_id: colissimo.id,
        payment_method: 'sandbox:card',
        accept_terms: true,
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const paymentId = Number(new URL(checkout.json().redirectUrl).pathname.split('/').pop());
    await sandboxProvider({ db, config: rt.deps.config }).settle(paymentId, 'paid');

    const schedule = async () => {
      const res = await shop.api.post('/api/livesession', {
        event_date: '2026-12-24',
        event_time: '18:00',
        order_timer: 15,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().item.id as number;
    };
    const toStart = await schedule();
    const toRemove = await schedule();

    const calls: [Api, string][] = [
      [shop.api, `/api/orders/minus-item-order?orderItemId=${two.cart.lines[0].id}`],
      [shop.api, `/api/orders/remove-item-order?orderItemId=${one.cart.lines[0].id}`],
      [shop.api, `/api/orders/expire?orderId=${toExpire.cart.id}`],
      [shop.api, `/api/products/copy/${product.id}`],
      [shop.api, '/api/profile/set-locale?locale=en'],
      [buyerApi, `/api/orders/connect-bycomment?commentId=${toLink.commentId}&t=${toLink.t}`],
      [buyerApi, `/api/orders/insert-status?orderId=${toPay.cart.id}&status=payed&locale=fr&t=${toPay.t}`],
      [shop.api, `/api/livesession/start/${toStart}`],
      [shop.api, `/api/livesession/remove/${toRemove}`],
      [shop.api, `/api/livesession/stop/${shop.sessionId}`],
    ];
    const accounts = [shop.seller.id, buyer.id];
    for (const [api, url] of calls) {
      const before = await tenantRows(rt, accounts);
      for (const method of ['GET', 'HEAD'] as const) {
        for (const headers of crossSite(method)) {
          const res = await call(method, url, api, headers);
          expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
          if (method === 'GET') expect(res.json().error).toBe('bad_origin');
        }
      }
      expect(await tenantRows(rt, accounts), url).toEqual(before);

      const fromApp = await call('GET', url, api, sameOrigin('GET'));
      expect(fromApp.statusCode, `${url} ${fromApp.body}`).toBe(200);
      expect(await tenantRows(rt, accounts), url).not.toEqual(before);
    }
    const sessions = (await shop.api.get('/api/livesession/fetch-items')).json().items as {
      id: number;
      status: string;
    }[];
    expect(sessions.find((s) => s.id === shop.sessionId)?.status).toBe('closed');
  });
});
