import { eq } from 'drizzle-orm';
import { colors, sizes, users } from '../../server/src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../../server/src/db/seed-demo.ts';
import { insertMany } from '../../server/src/lib/bulk.ts';
import { CONFIGURATION_COLUMNS, PRODUCT_COLUMNS } from '../../server/src/modules/products/import.ts';
import type { Runtime } from '../../server/src/runtime.ts';
import { cookieHeader, signIn } from '../../server/test/helpers.ts';
import { type Row, timePerRun } from './table.ts';

const PRODUCTS = 100_000;
const WORDS = ['Robe', 'Pull', 'Jupe', 'Chemise', 'Gilet', 'Manteau', 'Foulard', 'Bottine', 'Sac', 'Top'];
const ADJECTIVES = ['rouge', 'bleu', 'fleuri', 'léger', 'long', 'court', 'doux', 'chic', 'rayé', 'uni'];

/**
 * Creates 100,000 products for the demo seller, each with two configurations (two colours, one
 * size) and one keyword, by multi-row INSERTs; answers how long that took.
 */
async function seedCatalogue(rt: Runtime, sellerId: number): Promise<number> {
  const db = rt.deps.database.db;
  const colorIds = (await db.select({ id: colors.id }).from(colors)).map((c) => c.id);
  const sizeIds = (await db.select({ id: sizes.id }).from(sizes)).map((s) => s.id);
  const started = performance.now();
  const [{ first }] = await rt.deps.database.raw<{ first: number }>(
    `SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS first`,
  );
  await rt.deps.database.raw(`SELECT setval(pg_get_serial_sequence('products', 'id'), $1)`, [
    first + PRODUCTS,
  ]);
  const day = 24 * 3600_000;
  const now = Date.now();
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({
    id: first + i + 1,
    seller_id: sellerId,
    name: `${WORDS[i % 10]} ${ADJECTIVES[Math.floor(i / 10) % 10]} ${i}`,
    description: `Article ${i}`,
    is_publish: i % 3 !== 0,
    configured: true,
    keywords: `p${i}`,
    sku: `SKU${i}`,
    price_cents: 500 + ((i * 37) % 20_000),
    quantity: i % 40,
    created_at: new Date(now - (PRODUCTS - i) * (day / 1000)).toISOString(),
  }));
  await insertMany(db, 'products', PRODUCT_TYPES, products);
  const configurations = products.flatMap((p, i) =>
    [0, 1].map((k) => ({
      product_id: p.id,
      seller_id: sellerId,
      color_id: colorIds[(i + k) % colorIds.length],
      size_id: sizeIds[i % sizeIds.length],
      price_cents: p.price_cents + k * 100,
      sku: `${p.sku}C${k}`,
      quantity: (i + k) % 20,
    })),
  );
  await insertMany(db, 'product_configurations', CONFIGURATION_COLUMNS, configurations);
  await insertMany(
    db,
    'product_keywords',
    { seller_id: 'int', product_id: 'int', keyword: 'text' },
    products
      .filter((p) => p.is_publish)
      .map((p) => ({ seller_id: sellerId, product_id: p.id, keyword: p.keywords })),
  );
  for (const table of ['products', 'product_configurations', 'product_keywords']) {
    await rt.deps.database.raw(`ANALYZE ${table}`);
  }
  return performance.now() - started;
}

const PRODUCT_TYPES = { ...PRODUCT_COLUMNS, created_at: 'timestamptz' } as const;

/**
 * The same page in raw SQL: the count, the page of products, then their configurations (with
 * colour and size) and first photo, as the list does. Names are matched and sorted on the stored
 * folded name as the list does (a per-row `ILIKE` / `lower(name)` sort costs 75 / 95 ms here).
 */
function rawPage(rt: Runtime, sellerId: number, where: string, params: unknown[], order: string) {
  return async () => {
    const all = [sellerId, ...params];
    const base = `FROM products p WHERE p.seller_id = $1 AND p.deleted_at IS NULL ${where}`;
    await rt.deps.database.raw(`SELECT count(*)::int AS count ${base}`, all);
    const page = await rt.deps.database.raw<{ id: number }>(
      `SELECT p.id, p.name, p.description, p.sku, p.keywords, p.is_publish, p.configured, p.price_cents, p.created_at
       ${base} ORDER BY ${order} LIMIT 25 OFFSET 0`,
      all,
    );
    const ids = page.map((r) => r.id);
    await rt.deps.database.raw(
      `SELECT c.*, co.name_fr, s.name_fr FROM product_configurations c
       LEFT JOIN colors co ON co.id = c.color_id LEFT JOIN sizes s ON s.id = c.size_id
       WHERE c.product_id = ANY($1::int[])`,
      [ids],
    );
    await rt.deps.database.raw(
      `SELECT DISTINCT ON (product_id) * FROM product_photos WHERE product_id = ANY($1::int[])
       ORDER BY product_id, position, id`,
      [ids],
    );
  };
}

/** The inventory list (GET fetch-products) on 100,000 products, against the raw SQL of the same page. */
export async function productsBench(rt: Runtime): Promise<Row[]> {
  const db = rt.deps.database.db;
  const [seller] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'seller@demo.test'));
  const seedMs = await seedCatalogue(rt, seller.id);
  const { jar } = await signIn(rt, 'seller@demo.test', DEMO_PASSWORD, { ip: '10.200.0.1' });
  const headers = { cookie: cookieHeader(jar) };
  const fetchList = (query: string) => async () => {
    const res = await rt.app.inject({ url: `/api/fetch-products?${query}`, headers });
    if (res.statusCode !== 200) throw new Error(`fetch-products ${res.statusCode}: ${res.body}`);
  };
  const filter = (f: unknown) => `queryFilter=${encodeURIComponent(JSON.stringify(f))}`;
  const n = 50;
  const cases: [string, string, ReturnType<typeof rawPage>][] = [
    ['default page (created_at DESC)', '', rawPage(rt, seller.id, '', [], 'p.created_at DESC, p.id DESC')],
    [
      'name filter "rouge"',
      filter({ product_name: 'rouge' }),
      rawPage(rt, seller.id, `AND p.name_search LIKE $2`, ['%rouge%'], 'p.created_at DESC, p.id DESC'),
    ],
    [
      'price filter 20–40 €',
      filter({ price: { min: 20, max: 40 } }),
      rawPage(
        rt,
        seller.id,
        'AND p.price_cents BETWEEN $2 AND $3',
        [2000, 4000],
        'p.created_at DESC, p.id DESC',
      ),
    ],
    [
      'sorted by products.name ASC',
      'column=products.name&sort=ASC',
      rawPage(rt, seller.id, '', [], 'p.name_search ASC, p.id ASC'),
    ],
  ];
  const rows: Row[] = [
    {
      case: `create ${PRODUCTS.toLocaleString('en')} products + ${(2 * PRODUCTS).toLocaleString('en')} configurations`,
      n: 1,
      productMs: seedMs,
      baselineMs: seedMs,
      note: 'multi-row INSERT (unnest), one run',
    },
  ];
  for (const [label, query, baseline] of cases) {
    rows.push({
      case: `fetch-products: ${label}`,
      n,
      productMs: await timePerRun(n, fetchList(query)),
      baselineMs: await timePerRun(n, baseline),
      note: 'inject (HTTP, session, JSON) vs raw SQL',
    });
  }
  return rows;
}
