/**
 * `npm run bench -- shopsync` (issue 19): the import of a shop's catalogue, 2,000 products of 10
 * variants each (5 colours × 2 sizes) read from an in-memory platform in pages of 50, timed
 * against the CSV import of the same catalogue (`importProducts`, one transaction) and against a
 * raw multi-row INSERT of the same rows, in the same process. It runs on PGlite, and on the
 * PostgreSQL server of `DATABASE_URL` too when it is set.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SHOP_IMPORT_PAGE_SIZE } from '@livecart/contract/shops';
import type { TCurrentUser } from '@livecart/contract/user';
import { loadConfig } from '../../server/src/config.ts';
import type {
  ShopPlatform,
  ShopProduct,
  ShopProductPage,
} from '../../server/src/integrations/shops/platform.ts';
import { insertMany } from '../../server/src/lib/bulk.ts';
import type { Ctx } from '../../server/src/lib/http.ts';
import {
  CONFIGURATION_COLUMNS,
  importProducts,
  PRODUCT_COLUMNS,
} from '../../server/src/modules/products/import.ts';
import { runShopImport } from '../../server/src/modules/shopsync/import.ts';
import { createRuntime, type Runtime } from '../../server/src/runtime.ts';
import { makeSeller } from '../../server/test/helpers.ts';
import { claimRateWithSync, printClaimRates } from './shopsync-claims.ts';
import { printTable, type Row } from './table.ts';

const PRODUCTS = 2_000;
const COLORS = [
  ['Rouge', 'red'],
  ['Noir', 'black'],
  ['Bleu marine', 'navy'],
  ['Écru', 'ecru'],
  ['Vert', 'green'],
] as const;
const SIZES = ['S', 'M'] as const;
const VARIANTS = COLORS.length * SIZES.length;

/** The catalogue as the shop gives it: options named in French, SKUs with dashes, one photo each. */
function catalogue(): ShopProduct[] {
  return Array.from({ length: PRODUCTS }, (_, i) => {
    const id = `gid://shopify/Product/${1000 + i}`;
    return {
      id,
      title: `Robe ${i}`,
      handle: `robe-${i}`,
      description: `Robe légère n° ${i}`,
      imageUrls: [`https://cdn.example.com/robe-${i}.jpg`],
      variants: COLORS.flatMap(([color], c) =>
        SIZES.map((size, s) => {
          const k = c * SIZES.length + s;
          return {
            productId: id,
            variantId: `gid://shopify/ProductVariant/${i * VARIANTS + k}`,
            inventoryItemId: `gid://shopify/InventoryItem/${i * VARIANTS + k}`,
            sku: `R${i}-${c}-${size}`,
            priceCents: 2990 + c * 100,
            stock: (i + k) % 9,
            options: [
              { name: 'Couleur', value: color },
              { name: 'Taille', value: size },
            ],
            imageUrl: null,
          };
        }),
      ),
    };
  });
}

/** A shop holding `products` in memory: only `products` is called by the import. */
function memoryShop(products: ShopProduct[]): ShopPlatform {
  return {
    name: 'shopify',
    async products(cursor: string | null, pageSize: number): Promise<ShopProductPage> {
      const start = cursor ? Number(cursor) : 0;
      const end = start + pageSize;
      return {
        items: products.slice(start, end),
        next: end < products.length ? String(end) : null,
        total: products.length,
      };
    },
  } as unknown as ShopPlatform;
}

/** The same catalogue as a CSV file of the import's format (first row named, variations below). */
function csvOf(products: ShopProduct[]): Buffer {
  const lines = ['name,description,hashtags,styles,photo links,publish,price,quantity,sku,color,size'];
  for (const p of products) {
    p.variants.forEach((v, k) => {
      const [color, size] = v.options.map((o) => o.value);
      lines.push(
        [
          k ? '' : p.title,
          k ? '' : p.description,
          '',
          '',
          k ? '' : p.imageUrls.join(' '),
          'false',
          (v.priceCents / 100).toFixed(2),
          String(v.stock ?? 0),
          (v.sku ?? '').replace(/[^A-Za-z0-9]/g, ''),
          color,
          size,
        ].join(','),
      );
    });
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function* chunks(data: Buffer): AsyncGenerator<Buffer> {
  for (let i = 0; i < data.length; i += 64 * 1024) yield data.subarray(i, i + 64 * 1024);
}

async function newShop(rt: Runtime, sellerId: number): Promise<number> {
  const [shop] = await rt.deps.database.raw<{ id: number }>(
    `INSERT INTO shops (seller_id, platform, url, key_encrypted, secret_encrypted)
     VALUES ($1, 'shopify', $2, 'bench', 'bench') RETURNING id`,
    [sellerId, `https://bench-${sellerId}.myshopify.com`],
  );
  return shop.id;
}

const ctxOf = (rt: Runtime, sellerId: number): Ctx => ({
  db: rt.deps.database.db,
  user: { id: sellerId } as TCurrentUser,
  locale: 'en',
  config: rt.deps.config,
  log: rt.app.log,
});

/** The raw baseline: the same products, configurations and photos by multi-row INSERTs, nothing else. */
async function rawInsert(rt: Runtime, sellerId: number, products: ShopProduct[]) {
  const db = rt.deps.database.db;
  const [{ first }] = await rt.deps.database.raw<{ first: number }>(
    `SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS first`,
  );
  await rt.deps.database.raw(`SELECT setval(pg_get_serial_sequence('products', 'id'), $1)`, [
    first + products.length,
  ]);
  const colorIds = await rt.deps.database.raw<{ id: number; code: string }>('SELECT id, code FROM colors');
  const sizeIds = await rt.deps.database.raw<{ id: number; code: string }>(
    `SELECT id, code FROM sizes WHERE size_table = 'letters'`,
  );
  const color = new Map(colorIds.map((c) => [c.code, c.id]));
  const size = new Map(sizeIds.map((s) => [s.code, s.id]));
  await db.transaction(async (tx) => {
    await insertMany(
      tx,
      'products',
      PRODUCT_COLUMNS,
      products.map((p, i) => ({
        id: first + i,
        seller_id: sellerId,
        name: p.title,
        description: p.description,
        is_publish: false,
        configured: true,
        keywords: p.handle,
        sku: null,
        price_cents: Math.min(...p.variants.map((v) => v.priceCents)),
        quantity: p.variants.reduce((n, v) => n + (v.stock ?? 0), 0),
        style_id: null,
      })),
    );
    await insertMany(
      tx,
      'product_configurations',
      CONFIGURATION_COLUMNS,
      products.flatMap((p, i) =>
        p.variants.map((v, k) => ({
          product_id: first + i,
          seller_id: sellerId,
          color_id: color.get(COLORS[Math.floor(k / SIZES.length)][1]) ?? null,
          size_id: size.get(SIZES[k % SIZES.length]) ?? null,
          price_cents: v.priceCents,
          sku: (v.sku ?? '').replace(/[^A-Za-z0-9]/g, ''),
          quantity: v.stock ?? 0,
        })),
      ),
    );
    await insertMany(
      tx,
      'product_photos',
      { product_id: 'int', seller_id: 'int', url: 'text', position: 'int' },
      products.map((p, i) => ({
        product_id: first + i,
        seller_id: sellerId,
        url: p.imageUrls[0],
        position: 0,
      })),
    );
  });
}

const time = async (fn: () => Promise<unknown>) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

async function benchOn(label: string, databaseUrl: string | undefined): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'livecart-bench-shopsync-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      // the claim rate's shop is a local fake
      SHOP_SYNC_ALLOW_LOCAL_HTTP: 'true',
    },
    { authSecret: 'bench-secret-bench-secret-bench-secret', pgliteDir: 'memory://' },
  );
  const rt = await createRuntime(config);
  try {
    const products = catalogue();
    const variants = PRODUCTS * VARIANTS;
    const csv = csvOf(products);

    // Warm-up: a small import of each kind, so the first timed run does not pay for plans and caches.
    const warm = await makeSeller(rt);
    await runShopImport(
      { database: rt.deps.database },
      { sellerId: warm.id, shopId: await newShop(rt, warm.id), platform: memoryShop(products.slice(0, 60)) },
    );

    const shopSeller = await makeSeller(rt);
    const shopId = await newShop(rt, shopSeller.id);
    let job: Awaited<ReturnType<typeof runShopImport>> | undefined;
    const importMs = await time(async () => {
      job = await runShopImport(
        { database: rt.deps.database },
        { sellerId: shopSeller.id, shopId, platform: memoryShop(products) },
      );
    });
    if (job?.status !== 'done' || job.created !== PRODUCTS) {
      throw new Error(`shop import: ${job?.status} ${job?.error ?? ''} created ${job?.created}`);
    }
    // A re-import of the same catalogue: every product and configuration updated, stock untouched.
    const reimportMs = await time(() =>
      runShopImport(
        { database: rt.deps.database },
        { sellerId: shopSeller.id, shopId, platform: memoryShop(products) },
      ),
    );

    const csvSeller = await makeSeller(rt);
    const csvMs = await time(async () => {
      const result = await importProducts(ctxOf(rt, csvSeller.id), chunks(csv));
      if (result.imported !== PRODUCTS) throw new Error(`CSV import: ${JSON.stringify(result)}`);
    });

    const rawSeller = await makeSeller(rt);
    const rawMs = await time(() => rawInsert(rt, rawSeller.id, products));

    const pages = Math.ceil(PRODUCTS / SHOP_IMPORT_PAGE_SIZE);
    const rate = (ms: number) =>
      `${Math.round(PRODUCTS / (ms / 1000)).toLocaleString('en')} products/s, ${Math.round(variants / (ms / 1000)).toLocaleString('en')} variants/s`;
    const what = `${PRODUCTS.toLocaleString('en')} products × ${VARIANTS} variants`;
    const rows: Row[] = [
      {
        case: `shop import of ${what} vs CSV import`,
        n: 1,
        productMs: importMs,
        baselineMs: csvMs,
        note: `${pages} pages of ${SHOP_IMPORT_PAGE_SIZE}, one transaction each; ${rate(importMs)} (CSV: ${rate(csvMs)})`,
      },
      {
        case: `shop import of ${what} vs raw INSERT`,
        n: 1,
        productMs: importMs,
        baselineMs: rawMs,
        note: `raw: products, configurations, photos by unnest INSERTs in one transaction, no links; ${rate(rawMs)}`,
      },
      {
        case: `shop re-import (updates) of ${what} vs raw INSERT`,
        n: 1,
        productMs: reimportMs,
        baselineMs: rawMs,
        note: `names, prices and SKUs rewritten where they changed, links unchanged kept, stock untouched; ${rate(reimportMs)}`,
      },
    ];
    printTable(`Shop sync import (${label})`, rows, { product: 'shop sync ms', baseline: 'baseline ms' });
    printClaimRates(await claimRateWithSync(rt), label);
  } finally {
    await rt.close();
  }
}

export async function shopsyncBench(): Promise<void> {
  await benchOn('pglite', undefined);
  if (process.env.DATABASE_URL) await benchOn('postgres', process.env.DATABASE_URL);
}
