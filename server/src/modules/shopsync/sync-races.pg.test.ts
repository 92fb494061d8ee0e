import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.ts';
import { comment, liveSeller, reads, simpleProduct, viewer } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import { LOCAL_SHOPS, linkVariant, settleShop } from '../../../test/shop-fixtures.ts';
import {
  type FakeShopify,
  type FakeShopifyDelivery,
  startFakeShopify,
} from '../../integrations/shops/fakes/shopify.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';
import { ShopSyncWorker, syncShop } from './worker.ts';

/*
 * Shop sync when connections meet on a PostgreSQL server: two workers (two processes) syncing the
 * same shop at once push each change once; live claims committing while the worker pushes lose
 * none; the shop's sales and the live's claims on the same units never leave either side below
 * zero. Selected by vitest.config.ts when DATABASE_URL is set.
 */

let rt: Runtime;
let fake: FakeShopify;
let refs: Refs;
beforeAll(async () => {
  fake = await startFakeShopify({ seed: 'empty' });
  rt = await startTestApp(LOCAL_SHOPS);
  refs = await loadRefs(rt);
});
afterAll(async () => {
  await rt.close();
  await fake.close();
});
afterEach(() => expect(fake.unexpected).toEqual([]));

const db = () => rt.deps.database.db;

async function linkedLive(stock: number) {
  const live = await liveSeller(rt);
  const { config, keyword } = await simpleProduct(rt, refs, live.api, stock);
  const connected = await live.api.post('/api/shops', {
    platform: 'shopify',
    url: fake.url,
    key: fake.token,
    secret: fake.secret,
  });
  expect(connected.statusCode, connected.body).toBe(200);
  const shopId = connected.json().item.id as number;
  const p = fake.addProduct({ title: 'Robe', variants: [{ sku: `R${config.id}`, priceCents: 2500, stock }] });
  const v = p.variants[0];
  await linkVariant(rt, {
    shopId,
    sellerId: live.seller.id,
    productId: config.product_id,
    configurationId: config.id,
    externalProductId: `gid://shopify/Product/${p.id}`,
    externalVariantId: `gid://shopify/ProductVariant/${v.id}`,
    inventoryItemId: `gid://shopify/InventoryItem/${v.inventoryItemId}`,
    known: stock,
  });
  return { ...live, shopId, config, keyword, variantId: v.id };
}

it('two processes syncing the same shop push every claim once, while claims keep committing', async () => {
  const l = await linkedLive(400);
  const other = new ShopSyncWorker(rt.deps.database, rt.deps.config, rt.app.log);
  const env = rt.shopSync.env;
  let stop = false;
  const pushing = (async () => {
    while (!stop) {
      await Promise.all([syncShop(env, l.shopId), syncShop(other.env, l.shopId)]);
    }
  })();
  for (let i = 0; i < 10; i++) {
    await l.post(Array.from({ length: 20 }, () => comment(l.keyword, viewer())));
  }
  stop = true;
  await pushing;
  await syncShop(env, l.shopId);
  const stock = await reads(rt).stockOf(l.config.id);
  expect(stock).toBe(200);
  expect(fake.stockOf(l.variantId)).toBe(200);
  const [left] = await queryRows<{ n: number }>(
    db(),
    sql`SELECT count(*)::int AS n FROM shop_stock_changes WHERE shop_id = ${l.shopId}`,
  );
  expect(left.n).toBe(0);
});

it('the shop’s sales and the live’s claims on the last units leave neither side below zero', async () => {
  const l = await linkedLive(10);
  const sales: FakeShopifyDelivery[] = [];
  await Promise.all([
    ...Array.from({ length: 4 }, () => l.post(Array.from({ length: 4 }, () => comment(l.keyword, viewer())))),
    (async () => {
      for (let i = 0; i < 6; i++) {
        if ((fake.stockOf(l.variantId) ?? 0) > 0) sales.push(...fake.sell(l.variantId, 1));
        await syncShop(rt.shopSync.env, l.shopId);
      }
    })(),
  ]);
  for (const d of sales) {
    const res = await rt.app.inject({
      method: 'POST',
      url: `/api/shops/webhooks/${l.shopId}`,
      headers: d.headers,
      payload: d.body,
    });
    expect(res.statusCode).toBe(200);
  }
  await settleShop(rt, l.shopId, () => syncShop(rt.shopSync.env, l.shopId));
  const live = await reads(rt).stockOf(l.config.id);
  const shop = fake.stockOf(l.variantId) as number;
  expect(live).toBeGreaterThanOrEqual(0);
  expect(shop).toBeGreaterThanOrEqual(0);
  expect(shop).toBe(live);
  const inCarts = (await reads(rt).linesOf(l.seller.id)).reduce((n, x) => n + x.quantity, 0);
  const soldInShop = fake.state.orders
    .filter((o) => !o.tags.includes('livecart'))
    .flatMap((o) => o.lines)
    .filter((x) => x.variantId === l.variantId)
    .reduce((n, x) => n + x.quantity, 0);
  const [debt] = await queryRows<{ shop_debt: number }>(
    db(),
    sql`SELECT shop_debt FROM shop_variants WHERE configuration_id = ${l.config.id}`,
  );
  expect(live + inCarts + soldInShop - debt.shop_debt).toBe(10);
});
