import { MAX_PRODUCT_PHOTOS, MAX_PRODUCTS_PER_SELLER } from '@livecart/contract/constants';
import { SHOP_IMPORT_PAGE_SIZE } from '@livecart/contract/shops';
import type { TCurrentUser } from '@livecart/contract/user';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, startTestApp, type TestUser } from '../../../test/helpers.ts';
import { loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import { planIdOf } from '../../../test/subscription-fixtures.ts';
import { shops } from '../../db/schema/index.ts';
import {
  ShopCallError,
  type ShopPlatform,
  type ShopProduct,
  type ShopProductPage,
  type ShopVariant,
} from '../../integrations/shops/platform.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';
import { importJob, publishShopProducts, runShopImport, startShopImport } from './import.ts';

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db(), query);

/** A shop of the platform's catalogue held in memory: only `products` is called by the import. */
function memoryShop(
  catalogue: ShopProduct[],
  opts: { failAt?: number; onPage?: (start: number) => Promise<void> | void } = {},
) {
  const pages: number[] = [];
  const platform = {
    name: 'shopify',
    async products(cursor: string | null, pageSize: number): Promise<ShopProductPage> {
      const start = cursor ? Number(cursor) : 0;
      pages.push(start);
      await opts.onPage?.(start);
      if (opts.failAt === start)
        throw new ShopCallError('platform', 'Throttled: internal error 502 at /products', 502);
      const end = start + pageSize;
      return {
        items: catalogue.slice(start, end),
        next: end < catalogue.length ? String(end) : null,
        total: catalogue.length,
      };
    },
  } as unknown as ShopPlatform;
  return { platform, pages };
}

let n = 0;
const variant = (
  productId: string,
  options: [string, string][],
  patch: Partial<ShopVariant> = {},
): ShopVariant => ({
  productId,
  variantId: `v${++n}`,
  inventoryItemId: `inv${n}`,
  sku: `SKU-${n}`,
  priceCents: 1990,
  stock: 5,
  options: options.map(([name, value]) => ({ name, value })),
  imageUrl: null,
  ...patch,
});

const simpleProduct = (i: number, patch: Partial<ShopProduct> = {}): ShopProduct => {
  const id = `s${i}-${++n}`;
  return {
    id,
    title: `Foulard ${i}`,
    handle: `foulard-${i}`,
    description: 'Soie',
    imageUrls: [],
    variants: [variant(id, [['Title', 'Default Title']], { sku: `FOU${i}`, stock: i % 7 })],
    ...patch,
  };
};

async function sellerWithShop(): Promise<{ seller: TestUser; shopId: number }> {
  const seller = await makeSeller(rt);
  const [shop] = await db()
    .insert(shops)
    .values({
      seller_id: seller.id,
      platform: 'shopify',
      url: `https://s${seller.id}.myshopify.com`,
      key_encrypted: 'x',
      secret_encrypted: 'x',
    })
    .returning({ id: shops.id });
  return { seller, shopId: shop.id };
}

const ctxOf = (seller: TestUser): Ctx => ({
  db: db(),
  user: { id: seller.id, role_id: seller.role_id } as TCurrentUser,
  locale: 'fr',
  config: rt.deps.config,
  log: rt.app.log,
});

const deps = () => ({ database: rt.deps.database });

const productsOf = (sellerId: number) =>
  rows<{
    id: number;
    name: string;
    is_publish: boolean;
    configured: boolean;
    keywords: string;
    description: string;
  }>(
    sql`SELECT id, name, is_publish, configured, keywords, description FROM products
        WHERE seller_id = ${sellerId} AND deleted_at IS NULL ORDER BY id`,
  );
const configurationsOf = (productId: number) =>
  rows<{
    id: number;
    color_id: number | null;
    size_id: number | null;
    price_cents: number;
    sku: string;
    quantity: number;
  }>(
    sql`SELECT id, color_id, size_id, price_cents, sku, quantity FROM product_configurations
        WHERE product_id = ${productId} ORDER BY id`,
  );

/** A dress in red and navy, S and M; a 'Vermillon' nobody knows; a material option; photos. */
function dress(): ShopProduct {
  const id = `d${++n}`;
  return {
    id,
    title: 'Robe fleurie',
    handle: 'robe-fleurie',
    description: 'Coton léger',
    imageUrls: Array.from({ length: 12 }, (_, i) => `https://cdn.example.com/robe-${i}.jpg`),
    variants: [
      variant(
        id,
        [
          ['Couleur', 'Rouge'],
          ['Taille', 'S'],
        ],
        { sku: 'ROBE-R-S', stock: 3, priceCents: 3990 },
      ),
      variant(
        id,
        [
          ['Couleur', 'Rouge'],
          ['Taille', 'M'],
        ],
        { sku: 'ROBE-R-M', stock: null, priceCents: 3990 },
      ),
      variant(
        id,
        [
          ['Couleur', 'Bleu marine'],
          ['Taille', 'S'],
        ],
        { sku: 'ROBE-N-S', stock: 7, priceCents: 4290 },
      ),
      variant(
        id,
        [
          ['Couleur', 'Vermillon'],
          ['Taille', 'M'],
        ],
        { sku: 'ROBE-V-M', stock: 2 },
      ),
    ],
  };
}

describe('shop import', () => {
  it('imports products with their variants, photos and proposed keywords, unpublished, and reports unknown options', async () => {
    const { seller, shopId } = await sellerWithShop();
    const jacket: ShopProduct = {
      id: `j${++n}`,
      title: 'Veste',
      handle: 'veste',
      description: '',
      imageUrls: ['https://cdn.example.com/veste.jpg', 'not a link'],
      variants: [],
    };
    jacket.variants = [
      variant(jacket.id, [['Matière', 'Lin']], { sku: 'VESTE1' }),
      variant(jacket.id, [['Matière', 'Coton']], { sku: 'VESTE2' }),
    ];
    const unknownOnly: ShopProduct = { ...simpleProduct(1), title: 'Jupe', handle: 'jupe' };
    unknownOnly.variants = [variant(unknownOnly.id, [['Color', 'Vermillon']])];
    const { platform } = memoryShop([dress(), simpleProduct(2), jacket, unknownOnly]);
    const job = await runShopImport(deps(), { sellerId: seller.id, shopId, platform });

    expect(job).toMatchObject({ status: 'done', done: 4, total: 4, created: 3, updated: 0, error: null });
    expect(job.unknown_options).toEqual([
      { product: 'Robe fleurie', option: 'Couleur', value: 'Vermillon' },
      { product: 'Veste', option: 'Matière', value: 'Lin' },
      { product: 'Veste', option: 'Matière', value: 'Coton' },
      { product: 'Jupe', option: 'Color', value: 'Vermillon' },
    ]);
    expect(job.skipped).toEqual([
      { product: 'Veste (Coton)', reason: 'duplicate_variant' },
      { product: 'Jupe', reason: 'no_variant_mapped' },
    ]);
    expect(job.products.map((p) => [p.name, p.keyword, p.is_publish, p.variants, p.created])).toEqual([
      ['Robe fleurie', 'robe-fleurie', false, 3, true],
      ['Foulard 2', 'foulard-2', false, 1, true],
      ['Veste', 'veste', false, 1, true],
    ]);

    const [robe, foulard, veste] = await productsOf(seller.id);
    expect(robe).toMatchObject({
      is_publish: false,
      configured: true,
      keywords: 'robe-fleurie',
      description: 'Coton léger',
    });
    expect(foulard).toMatchObject({ is_publish: false, configured: false, keywords: 'foulard-2' });
    expect(veste).toMatchObject({ configured: false });
    expect(await rows(sql`SELECT 1 FROM product_keywords WHERE seller_id = ${seller.id}`)).toEqual([]);
    expect((await configurationsOf(robe.id)).map(({ id: _id, ...c }) => c)).toEqual([
      {
        color_id: refs.color.red,
        size_id: refs.size['letters:S'],
        price_cents: 3990,
        sku: 'ROBERS',
        quantity: 3,
      },
      // Stock the shop does not track: 0 here.
      {
        color_id: refs.color.red,
        size_id: refs.size['letters:M'],
        price_cents: 3990,
        sku: 'ROBERM',
        quantity: 0,
      },
      {
        color_id: refs.color.navy,
        size_id: refs.size['letters:S'],
        price_cents: 4290,
        sku: 'ROBENS',
        quantity: 7,
      },
    ]);
    expect((await configurationsOf(foulard.id)).map(({ id: _id, ...c }) => c)).toEqual([
      { color_id: null, size_id: null, price_cents: 1990, sku: 'FOU2', quantity: 2 },
    ]);
    const photos = await rows<{ product_id: number; url: string; position: number }>(
      sql`SELECT product_id, url, position FROM product_photos WHERE seller_id = ${seller.id} ORDER BY product_id, position`,
    );
    expect(photos.filter((p) => p.product_id === robe.id)).toHaveLength(MAX_PRODUCT_PHOTOS);
    expect(photos.filter((p) => p.product_id === robe.id)[0].url).toBe('https://cdn.example.com/robe-0.jpg');
    expect(photos.filter((p) => p.product_id === veste.id).map((p) => p.url)).toEqual([
      'https://cdn.example.com/veste.jpg',
    ]);

    const links = await rows<{
      product_id: number;
      external_variant_id: string;
      inventory_item_id: string;
      sku: string;
      shop_known: number;
      price_cents: number;
    }>(
      sql`SELECT product_id, external_variant_id, inventory_item_id, sku, shop_known, price_cents FROM shop_variants
          WHERE shop_id = ${shopId} ORDER BY id`,
    );
    expect(links).toHaveLength(5);
    expect(
      links.filter((l) => l.product_id === robe.id).map((l) => [l.sku, l.shop_known, l.price_cents]),
    ).toEqual([
      ['ROBE-R-S', 3, 3990],
      ['ROBE-R-M', 0, 3990],
      ['ROBE-N-S', 7, 4290],
    ]);
    expect(links[0].inventory_item_id).toMatch(/^inv/);
    const log = await rows<{ kind: string; status: string; params: unknown }>(
      sql`SELECT kind, status, params FROM shop_log WHERE shop_id = ${shopId}`,
    );
    expect(log).toEqual([{ kind: 'import', status: 'ok', params: { created: 3, updated: 0, skipped: 2 } }]);
    expect(await importJob(db(), seller.id, shopId)).toEqual(job);
  });

  it('reads the shop page by page and writes progress after each', async () => {
    const { seller, shopId } = await sellerWithShop();
    const catalogue = Array.from({ length: 120 }, (_, i) => simpleProduct(i));
    const seen: { done: number; status: string }[] = [];
    const { platform, pages } = memoryShop(catalogue, {
      onPage: async () => {
        const job = await importJob(db(), seller.id, shopId);
        seen.push({ done: job?.done ?? -1, status: job?.status ?? '' });
      },
    });
    const job = await runShopImport(deps(), { sellerId: seller.id, shopId, platform });
    expect(pages).toEqual([0, SHOP_IMPORT_PAGE_SIZE, 2 * SHOP_IMPORT_PAGE_SIZE]);
    expect(seen).toEqual([
      { done: 0, status: 'running' },
      { done: 50, status: 'running' },
      { done: 100, status: 'running' },
    ]);
    expect(job).toMatchObject({ status: 'done', done: 120, total: 120, created: 120 });
    expect(await productsOf(seller.id)).toHaveLength(120);
    // Keywords proposed unique in the batch: two products of one handle get -2.
    expect(new Set(job.products.map((p) => p.keyword)).size).toBe(120);
  });

  it('a re-import updates linked products, adds new variants, never touches stock nor duplicates', async () => {
    const { seller, shopId } = await sellerWithShop();
    const robe = dress();
    const { platform } = memoryShop([robe]);
    await runShopImport(deps(), { sellerId: seller.id, shopId, platform });
    const [product] = await productsOf(seller.id);
    const [first] = await configurationsOf(product.id);
    // A live sold one here meanwhile.
    await db().execute(sql`UPDATE product_configurations SET quantity = quantity - 1 WHERE id = ${first.id}`);

    robe.title = 'Robe fleurie longue';
    robe.description = 'Nouvelle description';
    robe.variants[0].priceCents = 4990;
    robe.variants[0].sku = 'ROBE-R-S2';
    robe.variants[0].stock = 40;
    robe.variants.push(
      variant(
        robe.id,
        [
          ['Couleur', 'Bleu marine'],
          ['Taille', 'M'],
        ],
        { sku: 'ROBE-N-M', stock: 4 },
      ),
    );
    const job = await runShopImport(deps(), { sellerId: seller.id, shopId, platform });
    expect(job).toMatchObject({ status: 'done', created: 0, updated: 1 });
    expect(job.products).toEqual([
      {
        id: product.id,
        name: 'Robe fleurie longue',
        keyword: 'robe-fleurie',
        is_publish: false,
        variants: 4,
        created: false,
      },
    ]);
    const products = await productsOf(seller.id);
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({
      name: 'Robe fleurie longue',
      description: 'Nouvelle description',
      keywords: 'robe-fleurie',
    });
    const configurations = await configurationsOf(product.id);
    expect(configurations.map((c) => [c.sku, c.price_cents, c.quantity])).toEqual([
      ['ROBERS2', 4990, 2],
      ['ROBERM', 3990, 0],
      ['ROBENS', 4290, 7],
      ['ROBENM', 1990, 4],
    ]);
    const links = await rows<{ configuration_id: number; shop_known: number; sku: string }>(
      sql`SELECT configuration_id, shop_known, sku FROM shop_variants WHERE shop_id = ${shopId} ORDER BY id`,
    );
    expect(links).toHaveLength(4);
    expect(links[0]).toEqual({ configuration_id: first.id, shop_known: 3, sku: 'ROBE-R-S2' });
    expect(links[3].shop_known).toBe(4);
    const [row] = await rows<{ price_cents: number; configured: boolean }>(
      sql`SELECT price_cents, configured FROM products WHERE id = ${product.id}`,
    );
    expect(row).toEqual({ price_cents: 1990, configured: true });

    // A variant the shop replaced (a new id for the same colour and size) takes the old one's link.
    robe.variants[1] = { ...robe.variants[1], variantId: 'replaced-1', inventoryItemId: 'inv-replaced-1' };
    await runShopImport(deps(), { sellerId: seller.id, shopId, platform });
    const relinked = await rows<{ configuration_id: number; external_variant_id: string }>(
      sql`SELECT configuration_id, external_variant_id FROM shop_variants WHERE shop_id = ${shopId} ORDER BY id`,
    );
    expect(relinked).toHaveLength(4);
    expect(relinked.find((l) => l.external_variant_id === 'replaced-1')?.configuration_id).toBe(
      configurations[1].id,
    );
    expect(await configurationsOf(product.id)).toHaveLength(4);

    // A simple product keeps its SKU with its configuration's.
    const foulard = simpleProduct(9);
    const shop2 = memoryShop([foulard]);
    const made = await runShopImport(deps(), { sellerId: seller.id, shopId, platform: shop2.platform });
    foulard.variants[0].sku = 'FOU-9B';
    await runShopImport(deps(), { sellerId: seller.id, shopId, platform: shop2.platform });
    const [simple] = await rows<{ sku: string; configured: boolean }>(
      sql`SELECT sku, configured FROM products WHERE id = ${made.products[0].id}`,
    );
    expect(simple).toEqual({ sku: 'FOU9B', configured: false });
  });

  it('a linked product deleted here is created again by the next import', async () => {
    const { seller, shopId } = await sellerWithShop();
    const robe = dress();
    const { platform } = memoryShop([robe]);
    const first = await runShopImport(deps(), { sellerId: seller.id, shopId, platform });
    await db().execute(sql`UPDATE products SET deleted_at = now() WHERE id = ${first.products[0].id}`);
    const again = await runShopImport(deps(), { sellerId: seller.id, shopId, platform });
    expect(again).toMatchObject({ status: 'done', created: 1, updated: 0 });
    const [product] = await productsOf(seller.id);
    expect(product.id).not.toBe(first.products[0].id);
    // The deleted product's keyword is free again.
    expect(product.keywords).toBe('robe-fleurie');
    const links = await rows<{ product_id: number }>(
      sql`SELECT DISTINCT product_id FROM shop_variants WHERE shop_id = ${shopId}`,
    );
    expect(links).toEqual([{ product_id: product.id }]);
  });

  it('a failing page fails the job with the platform message and keeps the pages before it', async () => {
    const { seller, shopId } = await sellerWithShop();
    const catalogue = Array.from({ length: 120 }, (_, i) => simpleProduct(i));
    const { platform } = memoryShop(catalogue, { failAt: 50 });
    const job = await runShopImport(deps(), { sellerId: seller.id, shopId, platform });
    expect(job).toMatchObject({
      status: 'failed',
      done: 50,
      created: 50,
      error: 'Throttled: internal error 502 at /products',
    });
    expect(job.finished_at).not.toBeNull();
    expect(await productsOf(seller.id)).toHaveLength(50);
    const log = await rows<{ status: string; platform_message: string }>(
      sql`SELECT status, platform_message FROM shop_log WHERE shop_id = ${shopId}`,
    );
    expect(log).toEqual([
      { status: 'failed', platform_message: 'Throttled: internal error 502 at /products' },
    ]);
    // Started again, it goes through: the first 50 are updated, not duplicated.
    const again = await runShopImport(deps(), {
      sellerId: seller.id,
      shopId,
      platform: memoryShop(catalogue).platform,
    });
    expect(again).toMatchObject({ status: 'done', created: 70, updated: 50 });
    expect(await productsOf(seller.id)).toHaveLength(120);
  });

  it('an error of our own fails the job without its details; a shop giving the same page again stops', async () => {
    const { seller, shopId } = await sellerWithShop();
    const broken = {
      name: 'shopify',
      products: async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=…');
      },
    } as unknown as ShopPlatform;
    const job = await runShopImport(deps(), { sellerId: seller.id, shopId, platform: broken });
    expect(job).toMatchObject({ status: 'failed', error: 'The import stopped on an error of the server' });
    const one = simpleProduct(1);
    const looping = {
      name: 'shopify',
      products: async () => ({ items: [one], next: 'again', total: null }),
    } as unknown as ShopPlatform;
    const again = await runShopImport(deps(), { sellerId: seller.id, shopId, platform: looping });
    expect(again).toMatchObject({
      status: 'failed',
      done: 2,
      created: 1,
      updated: 1,
      error: 'The shop gave the same page of products twice',
    });
  });

  it('one import at a time per shop: 409 while one runs, a stale one failed by the next start', async () => {
    const { seller, shopId } = await sellerWithShop();
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { platform } = memoryShop([simpleProduct(1)], { onPage: () => gate });
    const started = await startShopImport(deps(), { sellerId: seller.id, shopId, platform });
    expect(started).toMatchObject({ status: 'running', done: 0, total: null });
    const refused = await startShopImport(deps(), { sellerId: seller.id, shopId, platform }).catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'shop_import_running', status: 409 });
    // Another seller cannot start one on this shop.
    const other = await makeSeller(rt);
    await expect(startShopImport(deps(), { sellerId: other.id, shopId, platform })).rejects.toMatchObject({
      code: 'not_found',
    });

    // Its process died: no heartbeat for over 2 minutes.
    await db().execute(
      sql`UPDATE shop_imports SET heartbeat_at = now() - interval '3 minutes' WHERE id = ${started.id}`,
    );
    const next = await runShopImport(deps(), {
      sellerId: seller.id,
      shopId,
      platform: memoryShop([simpleProduct(2)]).platform,
    });
    expect(next).toMatchObject({ status: 'done', created: 1 });
    const [stale] = await rows<{ status: string; error: string }>(
      sql`SELECT status, error FROM shop_imports WHERE id = ${started.id}`,
    );
    expect(stale.status).toBe('failed');
    // Coming back to life, the stale run stops at its next page and writes nothing more.
    release();
    await new Promise((r) => setTimeout(r, 300));
    const [after] = await rows<{ status: string }>(
      sql`SELECT status FROM shop_imports WHERE id = ${started.id}`,
    );
    expect(after.status).toBe('failed');
    expect(await productsOf(seller.id)).toHaveLength(1);
    expect(await rows(sql`SELECT 1 FROM shop_log WHERE shop_id = ${shopId}`)).toHaveLength(1);
  });

  it('the product limit stops the import with its message; nothing of that page is written', async () => {
    const { seller, shopId } = await sellerWithShop();
    await db().execute(
      sql`INSERT INTO products (seller_id, name, sku, price_cents, quantity)
          SELECT ${seller.id}, 'Stock ' || g, 'SKU' || g, 100, 1 FROM generate_series(1, ${MAX_PRODUCTS_PER_SELLER - 2}) AS g`,
    );
    const { platform } = memoryShop([simpleProduct(1), simpleProduct(2), simpleProduct(3)]);
    const job = await runShopImport(deps(), { sellerId: seller.id, shopId, platform });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/10,000/);
    expect(job.created).toBe(0);
    expect(await productsOf(seller.id)).toHaveLength(MAX_PRODUCTS_PER_SELLER - 2);
    expect(await rows(sql`SELECT 1 FROM shop_variants WHERE shop_id = ${shopId}`)).toEqual([]);
  });
});

describe('publishing imported products', () => {
  async function imported() {
    const { seller, shopId } = await sellerWithShop();
    const { platform } = memoryShop([dress(), simpleProduct(1), simpleProduct(2)]);
    const job = await runShopImport(deps(), { sellerId: seller.id, shopId, platform });
    return { seller, shopId, ids: job.products.map((p) => p.id) };
  }
  const published = (sellerId: number) =>
    rows<{ id: number; keywords: string }>(
      sql`SELECT id, keywords FROM products WHERE seller_id = ${sellerId} AND is_publish ORDER BY id`,
    );

  it('publishes with the keywords as edited', async () => {
    const { seller, shopId, ids } = await imported();
    const answer = await publishShopProducts(ctxOf(seller), shopId, {
      items: [
        { id: ids[0], keyword: '#Robe12' },
        { id: ids[1], keyword: 'foulard-1' },
      ],
    });
    expect(answer).toEqual({ success: true, published: 2 });
    expect(await published(seller.id)).toEqual([
      { id: ids[0], keywords: 'robe12' },
      { id: ids[1], keywords: 'foulard-1' },
    ]);
    const live = await rows<{ product_id: number; keyword: string }>(
      sql`SELECT product_id, keyword FROM product_keywords WHERE seller_id = ${seller.id} ORDER BY product_id`,
    );
    expect(live).toEqual([
      { product_id: ids[0], keyword: 'robe12' },
      { product_id: ids[1], keyword: 'foulard-1' },
    ]);
  });

  it('a keyword taken by another product, or twice in the list, is refused per item; nothing is published', async () => {
    const { seller, shopId, ids } = await imported();
    await publishShopProducts(ctxOf(seller), shopId, { items: [{ id: ids[2], keyword: 'robe12' }] });
    const err = await publishShopProducts(ctxOf(seller), shopId, {
      items: [
        { id: ids[0], keyword: 'ROBE12' },
        { id: ids[1], keyword: 'sac' },
        { id: ids[1], keyword: 'sac' },
      ],
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'validation', status: 400 });
    expect(err.fields).toEqual({ 'items.0.keyword': 'keyword_taken', 'items.2.id': 'invalid' });
    const clash = await publishShopProducts(ctxOf(seller), shopId, {
      items: [
        { id: ids[0], keyword: 'sac' },
        { id: ids[1], keyword: 'Sac' },
        { id: ids[2], keyword: 'robe12' },
      ],
    }).catch((e) => e);
    expect(clash.fields).toEqual({ 'items.1.keyword': 'keyword_taken' });
    const empty = await publishShopProducts(ctxOf(seller), shopId, {
      items: [
        { id: ids[0], keyword: ' # ' },
        { id: ids[1], keyword: 'x'.repeat(60) },
      ],
    }).catch((e) => e);
    expect(empty.fields).toEqual({ 'items.0.keyword': 'required', 'items.1.keyword': 'max_chars:50' });
    expect(await published(seller.id)).toEqual([{ id: ids[2], keywords: 'robe12' }]);
  });

  it('a seller whose plan no longer has shop sync is answered the upsell; nothing is published', async () => {
    const { seller, shopId, ids } = await imported();
    await db().execute(
      sql`UPDATE subscriptions SET status = 'active', plan_id = ${await planIdOf(rt, 'basic')},
            current_period_start = now() - interval '1 day', current_period_end = now() + interval '29 days'
          WHERE user_id = ${seller.id}`,
    );
    const err = await publishShopProducts(ctxOf(seller), shopId, {
      items: [{ id: ids[0], keyword: 'robe12' }],
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'shop_sync_plan_required', status: 403 });
    expect(await published(seller.id)).toEqual([]);
  });

  it("another seller's product, or one not of this shop, is refused at its item; nothing is published", async () => {
    const a = await imported();
    const b = await imported();
    const err = await publishShopProducts(ctxOf(a.seller), a.shopId, {
      items: [
        { id: a.ids[0], keyword: 'robe1' },
        { id: b.ids[0], keyword: 'robe2' },
      ],
    }).catch((e) => e);
    expect(err).toMatchObject({ code: 'validation', fields: { 'items.1.id': 'product' } });
    expect(await published(a.seller.id)).toEqual([]);
    expect(await published(b.seller.id)).toEqual([]);
    // The seller's own product, made here and not linked to the shop.
    const [own] = await rows<{ id: number }>(
      sql`INSERT INTO products (seller_id, name, price_cents) VALUES (${a.seller.id}, 'Sac', 100) RETURNING id`,
    );
    const notLinked = await publishShopProducts(ctxOf(a.seller), a.shopId, {
      items: [{ id: own.id, keyword: 'sac' }],
    }).catch((e) => e);
    expect(notLinked.fields).toEqual({ 'items.0.id': 'product' });
    // Nor through another seller's shop.
    await expect(
      publishShopProducts(ctxOf(a.seller), b.shopId, { items: [{ id: b.ids[0], keyword: 'x' }] }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
