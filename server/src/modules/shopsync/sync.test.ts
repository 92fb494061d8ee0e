import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReply } from '../../../test/chatbot-fixtures.ts';
import {
  cartOf,
  checkout,
  shop as liveShop,
  orderRow,
  type Shop,
  settle,
  useCheckoutFixtures,
} from '../../../test/checkout-fixtures.ts';
import { client, makeSeller, startTestApp } from '../../../test/helpers.ts';
import { comment, reads, viewer } from '../../../test/live-fixtures.ts';
import { loadRefs } from '../../../test/product-fixtures.ts';
import { LOCAL_SHOPS, linkVariant, settleShop, shopLogOf } from '../../../test/shop-fixtures.ts';
import { planIdOf } from '../../../test/subscription-fixtures.ts';
import {
  type FakeShopify,
  type FakeShopifyDelivery,
  startFakeShopify,
} from '../../integrations/shops/fakes/shopify.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';
import { syncShop } from './worker.ts';

/*
 * Shop sync against the fake Shopify (GraphQL Admin API): connect, the plan, stock both ways
 * (the live's claims pushed, the shop's sales applied, the last unit, reconciliation after missed
 * notifications), paid orders created once, shipments both ways, prices, signatures. Any request
 * the fake does not expect fails the test.
 */

let rt: Runtime;
let fake: FakeShopify;
let r: ReturnType<typeof reads>;

beforeAll(async () => {
  fake = await startFakeShopify({ seed: 'empty' });
  rt = await startTestApp(LOCAL_SHOPS);
  r = reads(rt);
  await useCheckoutFixtures(rt, await loadRefs(rt));
});
afterAll(async () => {
  await rt.close();
  await fake.close();
});
afterEach(() => expect(fake.unexpected).toEqual([]));

const db = () => rt.deps.database.db;
const sync = () => rt.shopSync.runNow();
const settleSync = (shopId: number) => settleShop(rt, shopId, sync);
const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`;

/** Connects the fake shop for the seller of `s`; answers the shop's id. */
async function connect(s: Shop): Promise<number> {
  const res = await s.api.post('/api/shops', {
    platform: 'shopify',
    url: fake.url,
    key: fake.token,
    secret: fake.secret,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().item.id as number;
}

/**
 * A seller live with a product of `stock` units here, the same product in the shop with
 * `shopStock`, linked (as the import links them).
 */
async function linked(stock = 5, shopStock = stock) {
  const s = await liveShop({ stock });
  const shopId = await connect(s);
  const p = fake.addProduct({
    title: 'Robe Lin',
    variants: [{ sku: `RL-${s.product.config.id}`, priceCents: 2500, stock: shopStock }],
  });
  const v = p.variants[0];
  await linkVariant(rt, {
    shopId,
    sellerId: s.seller.id,
    productId: s.product.product.id,
    configurationId: s.product.config.id,
    externalProductId: gid('Product', p.id),
    externalVariantId: gid('ProductVariant', v.id),
    inventoryItemId: gid('InventoryItem', v.inventoryItemId),
    sku: v.sku,
    known: shopStock,
  });
  fake.takeDeliveries();
  return { s, shopId, variantId: v.id, config: s.product.config.id };
}

/** The shop's notifications, delivered to the app as the platform posts them. */
async function deliver(shopId: number, deliveries: FakeShopifyDelivery[]) {
  for (const d of deliveries) {
    const res = await rt.app.inject({
      method: 'POST',
      url: `/api/shops/webhooks/${shopId}`,
      headers: d.headers,
      payload: d.body,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

const logOf = (shopId: number) => shopLogOf(rt, shopId);

/** The sum of the changes journaled for the shop and not sent yet. */
async function unsentOf(shopId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`SELECT coalesce(sum(delta), 0)::int AS n FROM shop_stock_changes WHERE shop_id = ${shopId}`,
  );
  return row.n;
}

describe('connecting a shop', () => {
  it('checks the credentials with a test call, keeps them encrypted and subscribes the notifications', async () => {
    const s = await liveShop();
    const bad = await s.api.post('/api/shops', {
      platform: 'shopify',
      url: fake.url,
      key: 'shpat_wrong',
      secret: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: 'shop_credentials_invalid',
      fields: { key: 'shop_credentials_invalid' },
    });
    expect((await s.api.get('/api/shops')).json().count).toBe(0);

    const id = await connect(s);
    const [row] = await queryRows<{
      key_encrypted: string;
      secret_encrypted: string;
      webhooks_at: Date | null;
    }>(db(), sql`SELECT key_encrypted, secret_encrypted, webhooks_at FROM shops WHERE id = ${id}`);
    expect(row.key_encrypted).toMatch(/^v1:/);
    expect(row.key_encrypted).not.toContain(fake.token);
    expect(row.secret_encrypted).not.toContain(fake.secret);
    expect(row.webhooks_at).not.toBeNull();
    const hooks = fake.state.webhooks.filter((w) => w.callbackUrl.endsWith(`/api/shops/webhooks/${id}`));
    expect(hooks.map((w) => w.topic).sort()).toEqual(
      ['INVENTORY_LEVELS_UPDATE', 'ORDERS_CREATE', 'ORDERS_FULFILLED', 'PRODUCTS_UPDATE'].sort(),
    );
    const list = (await s.api.get('/api/shops')).json();
    expect(list).toMatchObject({
      count: 1,
      items: [{ id, platform: 'shopify', state: 'connected', webhooks: true }],
    });
    expect(JSON.stringify(list)).not.toContain(fake.token);

    const again = await s.api.post('/api/shops', {
      platform: 'shopify',
      url: fake.url,
      key: fake.token,
      secret: fake.secret,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('shop_exists');
  });

  it('refuses shop addresses inside the network and other sellers’ shops', async () => {
    const s = await liveShop();
    for (const url of [
      'http://shop.example.com',
      'https://10.0.0.5',
      'https://169.254.169.254',
      'https://[fd00::1]',
      'https://[::127.0.0.1]',
      'https://user:pw@shop.example.com',
    ]) {
      const res = await s.api.post('/api/shops', {
        platform: 'woocommerce',
        url,
        key: 'ck_1',
        secret: 'cs_1',
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields, url).toHaveProperty('url');
    }
    expect((await s.api.get('/api/shops')).json().count).toBe(0);

    const { shopId } = await linked();
    for (const [method, url, payload] of [
      ['PATCH', `/api/shops/${shopId}`, { paused: true }],
      ['DELETE', `/api/shops/${shopId}`, undefined],
      ['POST', `/api/shops/${shopId}/sync`, undefined],
      ['GET', `/api/shops/${shopId}/log`, undefined],
      ['GET', `/api/shops/${shopId}/import`, undefined],
      ['POST', `/api/shops/${shopId}/import`, undefined],
    ] as const) {
      const res =
        method === 'GET'
          ? await s.api.get(url)
          : method === 'DELETE'
            ? await s.api.delete(url)
            : method === 'PATCH'
              ? await s.api.patch(url, payload)
              : await s.api.post(url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [still] = await queryRows<{ paused: boolean }>(
      db(),
      sql`SELECT paused FROM shops WHERE id = ${shopId}`,
    );
    expect(still.paused).toBe(false);
  });

  it('names the field of a bad connection request and keeps nothing', async () => {
    const s = await liveShop();
    const good = { platform: 'shopify', url: fake.url, key: fake.token, secret: fake.secret };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, platform: 'magento' }, 'platform'],
      [{ ...good, url: 'pas une adresse' }, 'url'],
      [{ ...good, url: `${fake.url}\u0000` }, 'url'],
      [{ ...good, key: 'shpat_\u0000abc' }, 'key'],
      [{ ...good, key: 'shpat_\ud800' }, 'key'],
      [{ ...good, secret: 'x'.repeat(501) }, 'secret'],
      [{ ...good, secret: undefined }, 'secret'],
      [{ ...good, extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await s.api.post('/api/shops', body);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), field).toContain(field);
    }
    for (const id of ['0', '-1', '99999999999', 'abc']) {
      const res = await s.api.patch(`/api/shops/${id}`, { paused: true });
      expect(res.statusCode, id).toBe(400);
    }
    expect((await s.api.get('/api/shops')).json().count).toBe(0);
  });

  it('is for Business and Platinum, and every plan during the trial', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    expect((await api.get('/api/shops')).statusCode).toBe(200); // trial
    const basic = await planIdOf(rt, 'basic');
    await db().execute(
      sql`UPDATE subscriptions SET status = 'active', plan_id = ${basic}, current_period_start = now() - interval '1 day',
            current_period_end = now() + interval '29 days'
          WHERE user_id = ${seller.id}`,
    );
    for (const res of [
      await api.get('/api/shops'),
      await api.post('/api/shops', {
        platform: 'shopify',
        url: fake.url,
        key: fake.token,
        secret: fake.secret,
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('shop_sync_plan_required');
    }
    expect(fake.state.webhooks.some((w) => w.callbackUrl.includes(`seller-${seller.id}`))).toBe(false);
    await db().execute(
      sql`UPDATE subscriptions SET plan_id = ${await planIdOf(rt, 'business')} WHERE user_id = ${seller.id}`,
    );
    expect((await api.get('/api/shops')).statusCode).toBe(200);
  });
});

describe('stock both ways', () => {
  it('sends the live’s claims to the shop, and the shop’s sales to the live', async () => {
    const { s, shopId, variantId, config } = await linked(5);
    await s.post([comment(`${s.product.keyword} x2`, viewer())]);
    expect(await r.stockOf(config)).toBe(3);
    expect(fake.stockOf(variantId)).toBe(5); // the live never waits for the shop
    await sync();
    expect(fake.stockOf(variantId)).toBe(3);

    await deliver(shopId, fake.sell(variantId, 1));
    await sync();
    expect(await r.stockOf(config)).toBe(2);
    expect(fake.stockOf(variantId)).toBe(2);
    const log = await logOf(shopId);
    expect(log.filter((l) => l.kind === 'stock_out')).toHaveLength(1);
    expect(log.find((l) => l.kind === 'stock_in')?.params).toMatchObject({ delta: -1, quantity: 2 });
  });

  it('finds the shop’s sales after missed notifications, at the reconciliation', async () => {
    const { s, shopId, variantId, config } = await linked(4);
    fake.sell(variantId, 3); // nothing delivered
    const res = await s.api.post(`/api/shops/${shopId}/sync`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await r.stockOf(config)).toBe(1);
    expect(res.json().item.last_reconciled_at).not.toBeNull();
  });

  it('gives the last unit sold on both sides to the earlier sale: the later live claim waits', async () => {
    const { s, shopId, variantId, config } = await linked(1);
    const sale = fake.sell(variantId, 1); // the shop sells first…
    await new Promise((ok) => setTimeout(ok, 20));
    const from = viewer();
    await s.post([comment(s.product.keyword, from)]); // …the live claims the same unit before hearing of it
    expect(await r.stockOf(config)).toBe(0);
    await deliver(shopId, sale);
    await sync();
    expect(await r.stockOf(config)).toBe(0);
    expect(fake.stockOf(variantId)).toBe(0);
    const cart = await r.cartOfViewer(s.seller.id, from);
    expect(cart?.lines ?? []).toHaveLength(0);
    const waiting = (await r.waitingOf(s.seller.id)).filter((w) => w.status === 'waiting');
    expect(waiting).toHaveLength(1);
    expect((await logOf(shopId)).some((l) => l.kind === 'conflict' && l.params.winner === 'shop')).toBe(true);
  });

  it('keeps the live’s earlier claim and brings an oversold shop back to zero', async () => {
    const { s, shopId, variantId, config } = await linked(1);
    const from = viewer();
    await s.post([comment(s.product.keyword, from)]);
    await new Promise((ok) => setTimeout(ok, 20));
    const sale = fake.sell(variantId, 1); // sold in the shop before the live's push arrived
    await deliver(shopId, sale);
    await sync();
    expect(await r.stockOf(config)).toBe(0);
    expect(fake.stockOf(variantId)).toBe(0);
    expect((await r.cartOfViewer(s.seller.id, from))?.lines).toHaveLength(1);
    expect((await logOf(shopId)).some((l) => l.kind === 'conflict' && l.params.winner === 'live')).toBe(true);
    // the seller cancels the shop's order: the unit is the live's, it does not come back twice
    await deliver(shopId, fake.setStock(variantId, 1));
    await sync();
    expect(await r.stockOf(config)).toBe(0);
    expect(fake.stockOf(variantId)).toBe(0);
  });

  it('brings an oversold shop back to zero once, when its correction has not reached it yet', async () => {
    const { s, shopId, variantId, config } = await linked(2);
    const from = [viewer(), viewer()];
    await s.post(from.map((v) => comment(s.product.keyword, v))); // the live takes both units…
    await new Promise((ok) => setTimeout(ok, 20));
    const sales = fake.sell(variantId, 2); // …the shop sells both before the live's push arrives
    // the claims reach the shop (it shows −2); its correction (+2) does not: the shop is down
    fake.failNext('LiveCartAdjustStock', 'ok');
    fake.failNext('LiveCartAdjustStock', 'throttled');
    await syncShop(rt.shopSync.env, shopId);
    expect(fake.stockOf(variantId)).toBe(-2);
    expect(await unsentOf(shopId)).toBe(2);
    // the shop's notifications of its sales come in, and the shop is back: brought to zero once
    await deliver(shopId, sales);
    await settleShop(rt, shopId, () => syncShop(rt.shopSync.env, shopId));
    expect(fake.stockOf(variantId)).toBe(0);
    expect(await r.stockOf(config)).toBe(0);
    for (const v of from) expect((await r.cartOfViewer(s.seller.id, v))?.lines).toHaveLength(1);
    const [link] = await queryRows<{ shop_known: number; shop_debt: number }>(
      db(),
      sql`SELECT shop_known, shop_debt FROM shop_variants WHERE shop_id = ${shopId}`,
    );
    expect(link).toEqual({ shop_known: 0, shop_debt: 2 });
  });

  it('never goes below zero on either side under concurrent claims and shop sales', async () => {
    const { s, shopId, variantId, config } = await linked(6);
    const viewers = Array.from({ length: 8 }, () => viewer());
    const shopSales: FakeShopifyDelivery[] = [];
    await Promise.all([
      s.post(viewers.slice(0, 4).map((v) => comment(s.product.keyword, v))),
      (async () => {
        for (let i = 0; i < 3; i++) {
          if ((fake.stockOf(variantId) ?? 0) > 0) shopSales.push(...fake.sell(variantId, 1));
          await sync();
        }
      })(),
      s.post(viewers.slice(4).map((v) => comment(s.product.keyword, v))),
    ]);
    await deliver(shopId, shopSales);
    await settleSync(shopId);
    const live = await r.stockOf(config);
    const shopStock = fake.stockOf(variantId) as number;
    expect(live).toBeGreaterThanOrEqual(0);
    expect(shopStock).toBeGreaterThanOrEqual(0);
    const inCarts = (await r.linesOf(s.seller.id)).reduce((n, l) => n + l.quantity, 0);
    const soldInShop = fake.state.orders
      .filter((o) => !o.tags.includes('livecart'))
      .flatMap((o) => o.lines)
      .filter((l) => l.variantId === variantId)
      .reduce((n, l) => n + l.quantity, 0);
    const [debt] = await queryRows<{ shop_debt: number }>(
      db(),
      sql`SELECT shop_debt FROM shop_variants WHERE configuration_id = ${config}`,
    );
    // every unit is in one place: free on both sides alike, in a live cart, or sold by the shop
    expect(shopStock).toBe(live);
    expect(live + inCarts + soldInShop - debt.shop_debt).toBe(6);
  });
});

describe('orders and shipments', () => {
  async function paidOrder(stock = 3) {
    const l = await linked(stock);
    const { cart, t } = await cartOf(l.s);
    const paymentId = await checkout(l.s, cart, t);
    expect((await settle(paymentId, 'paid')).statusCode).toBe(200);
    expect((await orderRow(cart.id)).status).toBe('payed');
    return { ...l, cart };
  }

  it('creates a paid live order in the shop once, even when retried after a lost answer', async () => {
    const { shopId, cart } = await paidOrder();
    await sync();
    const ours = () => fake.state.orders.filter((o) => o.tags.includes(`livecart-${cart.order_number}`));
    expect(ours()).toHaveLength(1);
    const order = ours()[0];
    expect(order.tags).toContain('livecart');
    expect(order.note).toContain(cart.order_number);
    expect(order.lines).toHaveLength(1);
    expect(order.shippingAddress).toMatchObject({ countryCode: 'FR' });

    // the shop created it but its answer was lost: the retry finds it instead of making another
    await db().execute(
      sql`UPDATE shop_orders SET status = 'pending', external_id = NULL WHERE order_id = ${cart.id}`,
    );
    await sync();
    expect(ours()).toHaveLength(1);
    expect((await logOf(shopId)).filter((l) => l.kind === 'order_out' && l.status === 'ok')).toHaveLength(2);
  });

  it('leaves out a paid order refunded before it reached the shop', async () => {
    const { cart, s } = await paidOrder();
    // refunded while its push waited (a paused shop, a shop down, a retry)
    const refunded = await s.api.post('/api/orders/bulk-cancel', { data: [cart.id] });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await orderRow(cart.id)).status).toBe('canceled');
    await sync();
    expect(fake.state.orders.filter((o) => o.tags.includes(`livecart-${cart.order_number}`))).toEqual([]);
    const [row] = await queryRows<{ status: string }>(
      db(),
      sql`SELECT status FROM shop_orders WHERE order_id = ${cart.id}`,
    );
    expect(row.status).toBe('skipped');
  });

  it('gives the shop the live’s discount: its sale is what the shopper paid', async () => {
    const l = await linked(3);
    await createReply(l.s.api, { keywords: ['promo'], product_id: l.s.product.product.id, discount: 10 });
    const from = viewer();
    const { cart, t } = await cartOf(l.s, from, `${l.s.product.keyword} x2`);
    await l.s.post([comment('une promo ?', from)]);
    expect(await orderRow(cart.id)).toMatchObject({ subtotal_cents: 5000, discount_cents: 500 });
    const paymentId = await checkout(l.s, cart, t);
    expect((await settle(paymentId, 'paid')).statusCode).toBe(200);
    const paid = await orderRow(cart.id);
    await sync();
    const order = fake.state.orders.find((o) => o.tags.includes(`livecart-${cart.order_number}`));
    expect(order?.lines.map((l) => [l.quantity, l.priceCents])).toEqual([[2, 2500]]);
    expect(order?.discount).toEqual({ code: 'LIVECART', cents: 500 });
    expect(order?.transactions).toMatchObject([
      { kind: 'SALE', amountSet: { shopMoney: { amount: (paid.total_amount_cents / 100).toFixed(2) } } },
    ]);
  });

  it('tells the shop of a shipment made here, and ships here what the shop shipped', async () => {
    const a = await paidOrder();
    await sync();
    const shipped = await a.s.api.post('/api/orders/bulk-shipping', {
      ids: [a.cart.id],
      shipments: [{ id: a.cart.id, carrier: 'Colissimo', tracking_number: '6A12345678901' }],
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    await sync();
    const order = fake.state.orders.find((o) => o.tags.includes(`livecart-${a.cart.order_number}`));
    expect(order?.fulfillments[0]).toMatchObject({ number: '6A12345678901', company: 'Colissimo' });

    const b = await paidOrder();
    await sync();
    const theirs = fake.state.orders.find((o) => o.tags.includes(`livecart-${b.cart.order_number}`));
    await deliver(
      b.shopId,
      fake.fulfil(theirs?.id as number, { number: 'LB123456789FR', company: 'La Poste' }),
    );
    await sync();
    const row = await orderRow(b.cart.id);
    expect(row.status).toBe('shipped');
    expect(row.tracking_number).toBe('LB123456789FR');
    // shipped once: the shop is not told back
    expect(fake.state.orders.find((o) => o.id === theirs?.id)?.fulfillments).toHaveLength(1);
  });

  it('a shipment whose tracking holds a NUL or half a character pair is kept without them', async () => {
    const b = await paidOrder();
    await sync();
    const theirs = fake.state.orders.find((o) => o.tags.includes(`livecart-${b.cart.order_number}`));
    await deliver(
      b.shopId,
      fake.fulfil(theirs?.id as number, { number: 'LB1234\u00005678FR', company: 'La Poste\ud800' }),
    );
    await sync();
    const row = await orderRow(b.cart.id);
    expect(row.status).toBe('shipped');
    expect(row.tracking_number).toBe('LB12345678FR');
  });
});

describe('prices and notifications', () => {
  it('follows the shop’s price; a cart already open keeps its own', async () => {
    const { s, shopId, variantId, config } = await linked(5);
    const { cart } = await cartOf(s);
    await deliver(shopId, fake.setPrice(variantId, 3190));
    await sync();
    const [c] = await queryRows<{ price_cents: number }>(
      db(),
      sql`SELECT price_cents FROM product_configurations WHERE id = ${config}`,
    );
    expect(c.price_cents).toBe(3190);
    const line = (await r.linesOf(s.seller.id)).find((l) => l.order_id === cart.id);
    expect(line?.unit_price_cents).toBe(2500);
  });

  it('refuses a notification whose signature is missing or wrong, and applies a delivery once', async () => {
    const { shopId, variantId, config } = await linked(5);
    const [d] = fake.setStock(variantId, 2);
    const tampered = await rt.app.inject({
      method: 'POST',
      url: `/api/shops/webhooks/${shopId}`,
      headers: d.headers,
      payload: d.body.replace('"available":2', '"available":0'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().error).toBe('webhook_signature_invalid');
    const unsigned = await rt.app.inject({
      method: 'POST',
      url: `/api/shops/webhooks/${shopId}`,
      headers: { ...d.headers, 'x-shopify-hmac-sha256': '' },
      payload: d.body,
    });
    expect(unsigned.statusCode).toBe(401);
    const unknownShop = await rt.app.inject({
      method: 'POST',
      url: '/api/shops/webhooks/999999',
      headers: d.headers,
      payload: d.body,
    });
    expect(unknownShop.statusCode).toBe(401);
    const [events] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM shop_events WHERE shop_id = ${shopId}`,
    );
    expect(events.n).toBe(0);

    await deliver(shopId, [d, d]);
    const [kept] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM shop_events WHERE shop_id = ${shopId}`,
    );
    expect(kept.n).toBe(1);
    await sync();
    expect(await r.stockOf(config)).toBe(2);
  });

  it('refuses a signed notification that does not read as documented, and keeps nothing', async () => {
    const { shopId, variantId } = await linked(5);
    const [d] = fake.setStock(variantId, 2);
    for (const body of ['{"inventory_item_id":{"x":1},"available":"lots"}', '[1,2', '{"line_items":null}']) {
      const hmac = createHmac('sha256', fake.secret).update(body).digest('base64');
      const res = await rt.app.inject({
        method: 'POST',
        url: `/api/shops/webhooks/${shopId}`,
        headers: { ...d.headers, 'x-shopify-hmac-sha256': hmac, 'x-shopify-topic': 'orders/create' },
        payload: body,
      });
      expect(res.statusCode, body).toBe(400);
      expect(res.json().error).toBe('webhook_refused');
    }
    const [n] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM shop_events WHERE shop_id = ${shopId}`,
    );
    expect(n.n).toBe(0);
  });

  it('a variant deleted at the shop is logged and left; the rest of the shop goes on', async () => {
    const { s, shopId, variantId } = await linked(5);
    const other = await linked(5);
    const gone = fake.state.products.find((p) => p.variants.some((v) => v.id === variantId));
    fake.state.products = fake.state.products.filter((p) => p !== gone);
    fake.state.stock.delete(gone?.variants[0].inventoryItemId as number);
    await s.post([comment(s.product.keyword, viewer())]);
    await other.s.post([comment(other.s.product.keyword, viewer())]);
    await sync();
    const failed = (await logOf(shopId)).find((l) => l.kind === 'stock_out');
    expect(failed?.status).toBe('failed');
    const [row] = await queryRows<{ last_error: string | null; pending: number }>(
      db(),
      sql`SELECT last_error, (SELECT count(*)::int FROM shop_stock_changes c WHERE c.shop_id = s.id) AS pending
          FROM shops s WHERE id = ${shopId}`,
    );
    expect(row).toEqual({ last_error: null, pending: 0 });
    expect(fake.stockOf(other.variantId)).toBe(4);
  });

  it('pauses: nothing goes to the shop until resumed', async () => {
    const { s, shopId, variantId } = await linked(5);
    expect((await s.api.patch(`/api/shops/${shopId}`, { paused: true })).json().item.state).toBe('paused');
    await s.post([comment(s.product.keyword, viewer())]);
    await sync();
    expect(fake.stockOf(variantId)).toBe(5);
    expect((await s.api.patch(`/api/shops/${shopId}`, { paused: false })).json().item.pending_changes).toBe(
      1,
    );
    await sync();
    expect(fake.stockOf(variantId)).toBe(4);
  });
});
