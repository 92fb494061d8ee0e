/** What the product editor and the inventory filters look up: products and tags by name, reference data, ranges. */
import { SIZE_TABLES } from '@livecart/contract/constants';
import {
  FIND_PRODUCT_LIMIT,
  type TFindProductResult,
  type TProductAdditional,
  type TTag,
} from '@livecart/contract/products';
import { asc, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../lib/http.ts';
import { toEuros } from '../../lib/money.ts';
import {
  containsAny,
  containsFolded,
  queryRows,
  startsWithAny,
  startsWithFolded,
  whereOf,
} from '../../lib/sql.ts';
import { referenceData } from '../reference/service.ts';
import { firstPhotos } from './photos.ts';
import { sellerOf } from './service.ts';
import { tags } from './tables.ts';
// ---------------------------------------------------------------------------------------------
// Pickers and reference data

/** GET products/find: the seller's products by name, keyword or SKU (those starting with it first). */
export async function findProducts(ctx: Ctx, term: string | undefined): Promise<TFindProductResult> {
  const sellerId = sellerOf(ctx);
  const t = term?.trim() ?? '';
  const fields = [sql`p.name_search`, sql`p.keywords`, sql`lower(p.sku)`];
  const rows = await queryRows<{ id: number; name: string; keywords: string }>(
    ctx.db,
    sql`SELECT p.id, p.name, p.keywords FROM products p
        ${whereOf([sql`p.seller_id = ${sellerId}`, sql`p.deleted_at IS NULL`, !!t && containsFolded(fields, t)])}
        ORDER BY ${t ? sql`${startsWithFolded(fields, t)} DESC,` : sql.empty()} p.name_search, p.id
        LIMIT ${FIND_PRODUCT_LIMIT}`,
  );
  const photos = await firstPhotos(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    result: rows.map((r) => ({ ...r, photo: photos.get(r.id)?.thumb_url ?? null })),
  };
}

/** GET tags/find: the seller's tags containing `term`. */
export async function findTags(ctx: Ctx, term: string | undefined): Promise<{ result: TTag[] }> {
  const sellerId = sellerOf(ctx);
  const t = term?.trim() ?? '';
  const result = await queryRows<TTag>(
    ctx.db,
    sql`SELECT t.id, t.name FROM tags t
        ${whereOf([sql`t.seller_id = ${sellerId}`, !!t && containsAny([sql`t.name`], t)])}
        ORDER BY ${t ? sql`${startsWithAny([sql`t.name`], t)} DESC,` : sql.empty()} t.name
        LIMIT ${FIND_PRODUCT_LIMIT}`,
  );
  return { result };
}

/** GET products/fetch-additional: what the editor and the filters offer. */
export async function fetchAdditional(ctx: Ctx): Promise<TProductAdditional> {
  const sellerId = sellerOf(ctx);
  const ref = await referenceData(ctx.db);
  const tagRows = await ctx.db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(eq(tags.seller_id, sellerId))
    .orderBy(asc(tags.name));
  const [b] = await queryRows<{ min_price: number; max_price: number; min_qty: number; max_qty: number }>(
    ctx.db,
    sql`SELECT coalesce(min(p.price_cents), 0)::int AS min_price, coalesce(max(p.price_cents), 0)::int AS max_price,
               coalesce(min(q.total), 0)::int AS min_qty, coalesce(max(q.total), 0)::int AS max_qty
        FROM products p
        LEFT JOIN (
          SELECT product_id, sum(quantity) AS total FROM product_configurations
          WHERE seller_id = ${sellerId} GROUP BY product_id
        ) q ON q.product_id = p.id
        WHERE p.seller_id = ${sellerId} AND p.deleted_at IS NULL`,
  );
  const sizesTable = Object.fromEntries(
    SIZE_TABLES.map((table) => [table, ref.sizes.filter((s) => s.size_table === table)]),
  ) as TProductAdditional['sizesTable'];
  return {
    colors: ref.colors,
    sizes: ref.sizes,
    sizesTable,
    materials: ref.materials,
    styles: ref.styles,
    tags: tagRows,
    priceRange: { min: toEuros(b.min_price), max: toEuros(b.max_price) },
    qtyRange: { min: Number(b.min_qty), max: Number(b.max_qty) },
  };
}
