import type { TProductList, TProductListItem, TProductListQuery } from '@livecart/contract/products';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../lib/http.ts';
import { type ListDef, runList } from '../../lib/list.ts';
import { toEuros } from '../../lib/money.ts';
import { containsFolded, inRange, toIso } from '../../lib/sql.ts';
import { firstPhotos } from './photos.ts';
import { colorsAndSizes, sellerOf, variantsOf } from './service.ts';

/*
 * The inventory list. A product's price for filtering and sorting is its lowest configuration
 * price (kept on the product row by every save, the only place prices change); its quantity is
 * the live stock of its configurations, summed when asked for (stock moves with every cart): the
 * seller's configurations grouped once, not a sum per product (a large inventory's sort by stock).
 */

const TOTAL_STOCK = sql`coalesce(s.stock, 0)`;

/** Whether the query filters or sorts by the total stock. */
function byStock(q: TProductListQuery): boolean {
  const f = q.queryFilter;
  return q.column === 'quantity' || f.quantity?.min !== undefined || f.quantity?.max !== undefined;
}

/** The products, with their total stock (`s.stock`) when the query filters or sorts by it. */
function productsFrom(sellerId: number, q: TProductListQuery) {
  if (!byStock(q)) return sql`products p`;
  return sql`products p LEFT JOIN (
      SELECT c.product_id, sum(c.quantity) AS stock FROM product_configurations c
      WHERE c.seller_id = ${sellerId} GROUP BY c.product_id) s ON s.product_id = p.id`;
}

interface ProductRow {
  id: number;
  name: string;
  description: string;
  sku: string | null;
  keywords: string;
  is_publish: boolean;
  configured: boolean;
  price_cents: number;
  created_at: Date | string;
}

/** Products of the seller having a configuration that matches `cond` (a semi-join on the seller's index). */
const withConfiguration = (sellerId: number, cond: ReturnType<typeof sql>) =>
  sql`p.id IN (SELECT c.product_id FROM product_configurations c WHERE c.seller_id = ${sellerId} AND ${cond})`;

function productList(
  sellerId: number,
  q: TProductListQuery,
): ListDef<TProductListQuery, ProductRow, TProductListItem> {
  return {
    select: sql`p.id, p.name, p.description, p.sku, p.keywords, p.is_publish, p.configured, p.price_cents, p.created_at`,
    from: productsFrom(sellerId, q),
    // by stock, every product is ranked: the page is cut as ids, then its 25 rows read (not 20,000
    // descriptions sorted)
    ...(byStock(q) && { pageBy: { key: sql`p.id`, rows: sql`products p` } }),
    where: ({ queryFilter: f, query }) => {
      const term = query?.trim();
      return [
        sql`p.seller_id = ${sellerId}`,
        sql`p.deleted_at IS NULL`,
        !!f.product_name?.trim() && containsFolded([sql`p.name_search`], f.product_name),
        f.color_id && withConfiguration(sellerId, sql`c.color_id = ${f.color_id}`),
        f.size_id && withConfiguration(sellerId, sql`c.size_id = ${f.size_id}`),
        f.material_id && sql`p.material_id = ${f.material_id}`,
        f.isPublish !== undefined && sql`p.is_publish = ${f.isPublish}`,
        ...inRange(sql`p.price_cents`, f.price, 100),
        ...inRange(TOTAL_STOCK, f.quantity),
        // `query`: the name, the keywords (stored normalised) or a SKU (the product's or a
        // configuration's: letters and digits, so lower case is their folded form).
        !!term &&
          sql`(${containsFolded([sql`p.name_search`, sql`p.keywords`, sql`lower(p.sku)`], term)} OR ${withConfiguration(
            sellerId,
            containsFolded([sql`lower(c.sku)`], term),
          )})`,
      ];
    },
    order: {
      columns: {
        'products.name': sql`p.name_search`,
        created_at: sql`p.created_at`,
        price: sql`p.price_cents`,
        quantity: TOTAL_STOCK,
      },
      tieBreaker: sql`p.id`,
      notNull: ['products.name', 'created_at', 'price', 'quantity'],
    },
    map: (r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      sku: r.sku,
      keywords: r.keywords,
      isPublish: r.is_publish,
      configured: r.configured,
      price: toEuros(r.price_cents),
      price_max: toEuros(r.price_cents),
      quantity: 0,
      colors: [],
      sizes: [],
      photo: null,
      created_at: toIso(r.created_at) as string,
    }),
  };
}

/**
 * GET fetch-products: a page of the seller's products, then, for that page only, their
 * configurations (colours, sizes, stock, highest price) and first photo.
 */
export async function listProducts(ctx: Ctx, q: TProductListQuery): Promise<TProductList> {
  const sellerId = sellerOf(ctx);
  const page = await runList(ctx.db, productList(sellerId, q), q);
  const ids = page.items.map((i) => i.id);
  const variants = await variantsOf(ctx.db, ids);
  const photos = await firstPhotos(ctx.db, ids);
  const byProduct = new Map<number, typeof variants>();
  for (const v of variants) {
    const list = byProduct.get(v.product_id);
    if (list) list.push(v);
    else byProduct.set(v.product_id, [v]);
  }
  for (const item of page.items) {
    const own = byProduct.get(item.id) ?? [];
    const { colors, sizes } = colorsAndSizes(own);
    item.colors = colors;
    item.sizes = sizes;
    item.quantity = own.reduce((sum, v) => sum + v.quantity, 0);
    if (own.length) {
      item.price = toEuros(Math.min(...own.map((v) => v.price_cents)));
      item.price_max = toEuros(Math.max(...own.map((v) => v.price_cents)));
    }
    item.photo = photos.has(item.id)
      ? { url: photos.get(item.id)?.url ?? '', thumb_url: photos.get(item.id)?.thumb_url ?? '' }
      : null;
  }
  return page;
}
