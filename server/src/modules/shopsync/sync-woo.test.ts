import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cartOf,
  checkout,
  shop as liveShop,
  orderRow,
  type Shop,
  settle,
  useCheckoutFixtures,
} from '../../../test/checkout-fixtures.ts';
import { startTestApp } from '../../../test/helpers.ts';
import { comment, reads, viewer } from '../../../test/live-fixtures.ts';
import { loadRefs } from '../../../test/product-fixtures.ts';
import { LOCAL_SHOPS, linkVariant } from '../../../test/shop-fixtures.ts';
import { type FakeWoo, startFakeWoo, type WooDelivery } from '../../integrations/shops/fakes/woocommerce.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * Shop sync against the fake WooCommerce (REST wc/v3, HTTP Basic): connect, stock both ways,
 * reconciliation, a paid order created once without taking its stock again, completion both ways,
 * signatures. Any request the fake does not expect fails the test.
 */

let rt: Runtime;
let fake: FakeWoo;
let r: ReturnType<typeof reads>;

beforeAll(async () => {
  fake = await startFakeWoo({ seed: 'empty' });
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
const stockAtShop = (id: number) =>
  (fake.state.variations.get(id) ?? fake.state.products.get(id))?.stock_quantity ?? null;

async function connect(s: Shop): Promise<number> {
  const res = await s.api.post('/api/shops', {
    platform: 'woocommerce',
    url: fake.url,
    key: fake.key,
    secret: fake.secret,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().item.id as number;
}

/** A live seller's product linked to a simple WooCommerce product (as the import links them). */
async function linked(stock = 5) {
  const s = await liveShop({ stock });
  const shopId = await connect(s);
  const p = fake.addProduct({
    name: 'Sac Raphia',
    sku: `SR-${s.product.config.id}`,
    priceCents: 2500,
    stock,
  });
  await linkVariant(rt, {
    shopId,
    sellerId: s.seller.id,
    productId: s.product.product.id,
    configurationId: s.product.config.id,
    externalProductId: String(p.id),
    externalVariantId: String(p.id),
    sku: `SR-${s.product.config.id}`,
    known: stock,
  });
  fake.state.outbox.length = 0;
  return { s, shopId, productId: p.id, config: s.product.config.id };
}

async function deliver(shopId: number, deliveries: WooDelivery[]) {
  for (const d of deliveries.filter((x) => x.url.endsWith(`/api/shops/webhooks/${shopId}`))) {
    const res = await rt.app.inject({
      method: 'POST',
      url: new URL(d.url).pathname,
      headers: d.headers,
      payload: d.body,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('WooCommerce', () => {
  it('connects with the REST keys (Basic auth), subscribes its webhooks, refuses wrong keys', async () => {
    const s = await liveShop();
    const bad = await s.api.post('/api/shops', {
      platform: 'woocommerce',
      url: fake.url,
      key: 'ck_wrong',
      secret: 'cs_wrong',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('shop_credentials_invalid');
    const id = await connect(s);
    const hooks = [...fake.state.webhooks.values()].filter((w) =>
      w.delivery_url.endsWith(`/api/shops/webhooks/${id}`),
    );
    expect(hooks.map((h) => h.topic).sort()).toEqual(['order.created', 'order.updated', 'product.updated']);
    const basic = `Basic ${Buffer.from(`${fake.key}:${fake.secret}`).toString('base64')}`;
    expect(fake.requests.at(-1)?.auth).toBe(basic);
  });

  it('sends the live’s claims and applies the shop’s sales, notified or found at the reconciliation', async () => {
    const { s, shopId, productId, config } = await linked(5);
    await s.post([comment(`${s.product.keyword} x2`, viewer())]);
    await sync();
    expect(stockAtShop(productId)).toBe(3);
    await deliver(shopId, fake.sell(productId, 1));
    await sync();
    expect(await r.stockOf(config)).toBe(2);
    fake.sell(productId, 1); // not delivered
    const res = await s.api.post(`/api/shops/${shopId}/sync`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await r.stockOf(config)).toBe(1);
    expect(stockAtShop(productId)).toBe(1);
  });

  it('creates a paid live order once, without the shop taking its stock again; completion ships it here', async () => {
    const { s, shopId, productId } = await linked(3);
    const { cart, t } = await cartOf(s);
    const paymentId = await checkout(s, cart, t);
    expect((await settle(paymentId, 'paid')).statusCode).toBe(200);
    await sync();
    expect(stockAtShop(productId)).toBe(2);
    const ours = () =>
      [...fake.state.orders.values()].filter((o) =>
        o.meta_data.some((m) => m.key === '_livecart_reference' && m.value === cart.order_number),
      );
    expect(ours()).toHaveLength(1);
    expect(ours()[0].status).toBe('processing');
    expect(stockAtShop(productId)).toBe(2);
    await db().execute(
      sql`UPDATE shop_orders SET status = 'pending', external_id = NULL WHERE order_id = ${cart.id}`,
    );
    await sync();
    expect(ours()).toHaveLength(1);

    await deliver(shopId, fake.complete(ours()[0].id));
    await sync();
    expect((await orderRow(cart.id)).status).toBe('shipped');
  });

  it('refuses a notification with a wrong signature', async () => {
    const { shopId, productId, config } = await linked(5);
    const deliveries = fake
      .setStock(productId, 1)
      .filter((d) => d.url.endsWith(`/api/shops/webhooks/${shopId}`));
    expect(deliveries.length).toBeGreaterThan(0);
    for (const d of deliveries) {
      const res = await rt.app.inject({
        method: 'POST',
        url: new URL(d.url).pathname,
        headers: { ...d.headers, 'x-wc-webhook-signature': 'AAAA' },
        payload: d.body,
      });
      expect(res.statusCode).toBe(401);
    }
    const [n] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM shop_events WHERE shop_id = ${shopId}`,
    );
    expect(n.n).toBe(0);
    expect(await r.stockOf(config)).toBe(5);
  });
});
