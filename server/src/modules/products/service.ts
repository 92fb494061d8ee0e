import { SIZE_TABLES } from '@livecart/contract/constants';
import { joinKeywords, parseKeywords } from '@livecart/contract/keywords';
import type { TColorRef, TProduct, TProductBody, TSizeRef, TTag } from '@livecart/contract/products';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, invalidFields, notFound } from '../../lib/errors.ts';
import { type Ctx, withDb } from '../../lib/http.ts';
import { toEuros } from '../../lib/money.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { queryRows, toIso } from '../../lib/sql.ts';
import { serveWaitingList } from '../orders/waiting.ts';
import { setProductKeywords } from './keywords.ts';
import { checkProductRoom } from './limits.ts';
import { addLinkPhotos, photoOf } from './photos.ts';
import { productConfigurations, productPhotos, products, productTags, tags } from './tables.ts';

/** The calling seller's id: every product query is scoped by it. */
export function sellerOf(ctx: Ctx): number {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user.id;
}

/**
 * The seller's product (not deleted), locked for the rest of the transaction when `db` is one;
 * any other id answers 404.
 */
export async function lockProduct(db: DbOrTx, sellerId: number, id: number) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.seller_id, sellerId), isNull(products.deleted_at)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reading

interface VariantRow {
  product_id: number;
  id: number;
  color_id: number | null;
  size_id: number | null;
  price_cents: number;
  sku: string | null;
  quantity: number;
  color_code: string | null;
  color_name_fr: string | null;
  color_name_en: string | null;
  color_hex: string | null;
  color_sort: number | null;
  size_code: string | null;
  size_name_fr: string | null;
  size_name_en: string | null;
  size_table: TSizeRef['size_table'] | null;
  size_sort: number | null;
}

/** Configurations of products with their colour and size, in the editor's order (colour, then size). */
export async function variantsOf(db: DbOrTx, productIds: number[]): Promise<VariantRow[]> {
  if (!productIds.length) return [];
  const rows = await queryRows<VariantRow>(
    db,
    sql`SELECT c.product_id, c.id, c.color_id, c.size_id, c.price_cents, c.sku, c.quantity,
          co.code AS color_code, co.name_fr AS color_name_fr, co.name_en AS color_name_en,
          co.hex AS color_hex, co.sort AS color_sort,
          s.code AS size_code, s.name_fr AS size_name_fr, s.name_en AS size_name_en,
          s.size_table, s.sort AS size_sort
        FROM product_configurations c
        LEFT JOIN colors co ON co.id = c.color_id
        LEFT JOIN sizes s ON s.id = c.size_id
        WHERE c.product_id = ANY(${sql.param(productIds)}::int[])`,
  );
  const tableRank = (t: string | null) => (t ? SIZE_TABLES.indexOf(t as TSizeRef['size_table']) : -1);
  return rows.sort(
    (a, b) =>
      a.product_id - b.product_id ||
      (a.color_sort ?? -1) - (b.color_sort ?? -1) ||
      (a.color_id ?? 0) - (b.color_id ?? 0) ||
      tableRank(a.size_table) - tableRank(b.size_table) ||
      (a.size_sort ?? -1) - (b.size_sort ?? -1) ||
      (a.size_id ?? 0) - (b.size_id ?? 0),
  );
}

/** The distinct colours and sizes of a product's configurations, in order. */
export function colorsAndSizes(rows: VariantRow[]): { colors: TColorRef[]; sizes: TSizeRef[] } {
  const colorMap = new Map<number, TColorRef>();
  const sizeMap = new Map<number, TSizeRef & { rank: number }>();
  for (const r of rows) {
    if (r.color_id !== null && !colorMap.has(r.color_id)) {
      colorMap.set(r.color_id, {
        id: r.color_id,
        code: r.color_code ?? '',
        name_fr: r.color_name_fr ?? '',
        name_en: r.color_name_en ?? '',
        hex: r.color_hex ?? '',
      });
    }
    if (r.size_id !== null && r.size_table && !sizeMap.has(r.size_id)) {
      sizeMap.set(r.size_id, {
        id: r.size_id,
        code: r.size_code ?? '',
        name_fr: r.size_name_fr ?? '',
        name_en: r.size_name_en ?? '',
        size_table: r.size_table,
        rank: SIZE_TABLES.indexOf(r.size_table) * 1000 + (r.size_sort ?? 0),
      });
    }
  }
  return {
    colors: [...colorMap.values()],
    sizes: [...sizeMap.values()].sort((a, b) => a.rank - b.rank).map(({ rank: _r, ...s }) => s),
  };
}

/** GET fetch-product/{id}: the product as the editor loads it. */
export async function getProduct(ctx: Ctx, id: number): Promise<TProduct> {
  const sellerId = sellerOf(ctx);
  const [p] = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.seller_id, sellerId), isNull(products.deleted_at)));
  if (!p) throw notFound();
  const variants = await variantsOf(ctx.db, [id]);
  const photos = await ctx.db
    .select()
    .from(productPhotos)
    .where(eq(productPhotos.product_id, id))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id));
  const tagRows = await ctx.db
    .select({ id: tags.id, name: tags.name })
    .from(productTags)
    .innerJoin(tags, eq(tags.id, productTags.tag_id))
    .where(eq(productTags.product_id, id))
    .orderBy(asc(tags.name));
  const { colors: colorRefs, sizes: sizeRefs } = colorsAndSizes(variants);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    isPublish: p.is_publish,
    configured: p.configured,
    keywords: p.keywords,
    price: toEuros(variants.length ? Math.min(...variants.map((v) => v.price_cents)) : p.price_cents),
    quantity: variants.reduce((sum, v) => sum + v.quantity, 0),
    sku: p.sku,
    style: p.style_id,
    material: p.material_id,
    selectedColors: colorRefs.map((c) => c.id),
    selectedSizes: sizeRefs.map((s) => s.id),
    colors: colorRefs,
    sizes: sizeRefs,
    configurations: variants.map((v) => ({
      id: v.id,
      color_id: v.color_id,
      size_id: v.size_id,
      price: toEuros(v.price_cents),
      sku: v.sku,
      quantity: v.quantity,
    })),
    photos: photos.map(photoOf),
    tags: tagRows,
    created_at: toIso(p.created_at) as string,
    updated_at: toIso(p.updated_at) as string,
  };
}

// ---------------------------------------------------------------------------------------------
// Saving

/** A configuration as stored. */
interface Variant {
  color_id: number | null;
  size_id: number | null;
  price_cents: number;
  sku: string | null;
  quantity: number;
  /** The stock the editor loaded: the change is applied to the stock as it is now. */
  quantity_loaded?: number;
}

const cents = (euros: number | undefined) => Math.round((euros ?? 0) * 100);
const pairKey = (color: number | null, size: number | null) => `${color ?? ''}:${size ?? ''}`;

/** The configurations a valid body describes (a simple product's single one from its own fields). */
function variantsFromBody(body: TProductBody): Variant[] {
  if (!body.configured) {
    const row = body.configurations[0];
    return [
      {
        color_id: body.selectedColors[0] ?? null,
        size_id: body.selectedSizes[0] ?? null,
        price_cents: cents(row ? row.price : body.price),
        sku: row ? row.sku : (body.sku ?? null),
        quantity: row ? row.quantity : (body.quantity ?? 0),
        quantity_loaded: row ? row.quantity_loaded : body.quantity_loaded,
      },
    ];
  }
  return body.configurations.map((c) => ({
    color_id: c.color_id,
    size_id: c.size_id,
    price_cents: cents(c.price),
    sku: c.sku,
    quantity: c.quantity,
    quantity_loaded: c.quantity_loaded,
  }));
}

/** Refuses colours, sizes, a style or a material that are not reference rows. */
async function checkReferences(db: DbOrTx, body: TProductBody) {
  const ids = (list: number[]) => sql.param(list);
  const [found] = await queryRows<{ colors: number; sizes: number; style: number; material: number }>(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM colors WHERE id = ANY(${ids(body.selectedColors)}::int[])) AS colors,
          (SELECT count(*)::int FROM sizes WHERE id = ANY(${ids(body.selectedSizes)}::int[])) AS sizes,
          (SELECT count(*)::int FROM styles WHERE id = ${body.style ?? 0}) AS style,
          (SELECT count(*)::int FROM materials WHERE id = ${body.material ?? 0}) AS material`,
  );
  const fields: Record<string, string> = {};
  if (found.colors !== body.selectedColors.length) fields.selectedColors = 'invalid';
  if (found.sizes !== body.selectedSizes.length) fields.selectedSizes = 'invalid';
  if (body.style && !found.style) fields.style = 'invalid';
  if (body.material && !found.material) fields.material = 'invalid';
  if (Object.keys(fields).length) throw invalidFields(fields);
}

/**
 * Makes the product's configurations exactly `variants`: a configuration whose colour and size
 * stay keeps its id (its price, SKU and stock set to the given ones), removed pairs are deleted
 * (order lines keep their snapshots), new pairs are added. Answers the kept configurations whose
 * stock went up (their waiting lists are to be served).
 */
async function syncConfigurations(
  tx: DbOrTx,
  sellerId: number,
  productId: number,
  variants: Variant[],
): Promise<number[]> {
  const existing = await tx
    .select({
      id: productConfigurations.id,
      color_id: productConfigurations.color_id,
      size_id: productConfigurations.size_id,
      quantity: productConfigurations.quantity,
    })
    .from(productConfigurations)
    .where(eq(productConfigurations.product_id, productId))
    .orderBy(asc(productConfigurations.id))
    .for('update');
  const before = new Map(existing.map((c) => [c.id, c.quantity]));
  const byPair = new Map(existing.map((c) => [pairKey(c.color_id, c.size_id), c.id]));
  const kept: (Variant & { id: number })[] = [];
  const added: Variant[] = [];
  for (const v of variants) {
    const id = byPair.get(pairKey(v.color_id, v.size_id));
    if (id) kept.push({ ...v, id });
    else added.push(v);
  }
  const keptIds = new Set(kept.map((k) => k.id));
  const removed = existing.filter((c) => !keptIds.has(c.id)).map((c) => c.id);
  if (removed.length)
    await tx.delete(productConfigurations).where(inArray(productConfigurations.id, removed));
  let raised: number[] = [];
  if (kept.length) {
    // A stock the editor loaded moves by the seller's change only: articles reserved since it
    // loaded stay reserved (never below 0); without it, the stock given is the stock.
    const after = await queryRows<{ id: number; quantity: number }>(
      tx,
      sql`UPDATE product_configurations c
          SET price_cents = v.price_cents, sku = v.sku, updated_at = now(),
            quantity = CASE WHEN v.loaded IS NULL THEN v.quantity
                            ELSE greatest(0, c.quantity + v.quantity - v.loaded) END
          FROM unnest(${sql.param(kept.map((k) => k.id))}::int[], ${sql.param(kept.map((k) => k.price_cents))}::int[],
                      ${sql.param(kept.map((k) => k.sku))}::text[], ${sql.param(kept.map((k) => k.quantity))}::int[],
                      ${sql.param(kept.map((k) => k.quantity_loaded ?? null))}::int[])
            AS v(id, price_cents, sku, quantity, loaded)
          WHERE c.id = v.id
          RETURNING c.id, c.quantity`,
    );
    raised = after.filter((r) => r.quantity > (before.get(r.id) ?? 0)).map((r) => r.id);
  }
  if (added.length) {
    await tx.insert(productConfigurations).values(
      added.map(({ quantity_loaded: _loaded, ...v }) => ({
        ...v,
        product_id: productId,
        seller_id: sellerId,
      })),
    );
  }
  return raised.sort((a, b) => a - b);
}

/** Replaces the product's tags by these names, creating the seller's missing tags. */
export async function setProductTags(tx: DbOrTx, sellerId: number, productId: number, names: string[]) {
  await tx.delete(productTags).where(eq(productTags.product_id, productId));
  const unique = [...new Set(names)];
  if (!unique.length) return;
  const rows = await upsertTags(tx, sellerId, unique);
  await tx
    .insert(productTags)
    .values(rows.map((t) => ({ product_id: productId, tag_id: t.id, seller_id: sellerId })));
}

/** The seller's tags of these names, created when missing. */
export async function upsertTags(tx: DbOrTx, sellerId: number, names: string[]): Promise<TTag[]> {
  if (!names.length) return [];
  return tx
    .insert(tags)
    .values(names.map((name) => ({ seller_id: sellerId, name })))
    .onConflictDoUpdate({ target: [tags.seller_id, tags.name], set: { name: sql`excluded.name` } })
    .returning({ id: tags.id, name: tags.name });
}

/**
 * POST product: creates the product, or updates it when `id` is the seller's. Everything happens
 * in one transaction: the product, its configurations, its live keywords (only when published),
 * tags and link photos, and the waiting lists of configurations whose stock went up are served;
 * a keyword clash or any refusal leaves nothing changed.
 */
export async function saveProduct(ctx: Ctx, body: TProductBody): Promise<TProduct> {
  const sellerId = sellerOf(ctx);
  await checkReferences(ctx.db, body);
  const variants = variantsFromBody(body);
  const keywords = parseKeywords(body.keywords);
  const values = {
    name: body.name,
    description: body.description,
    is_publish: body.isPublish,
    configured: body.configured,
    keywords: joinKeywords(keywords),
    sku: body.configured ? (body.sku ?? null) : variants[0].sku,
    price_cents: Math.min(...variants.map((v) => v.price_cents)),
    quantity: variants.reduce((sum, v) => sum + v.quantity, 0),
    style_id: body.style ?? null,
    material_id: body.material ?? null,
  };
  // Serving waiting lists locks carts: a rare deadlock with an expiry is run again.
  return inRetriedTransaction(ctx.db, async (tx) => {
    let id = body.id ?? null;
    if (id) {
      await lockProduct(tx, sellerId, id);
      await tx
        .update(products)
        .set({ ...values, updated_at: new Date() })
        .where(eq(products.id, id));
    } else {
      await checkProductRoom(tx, sellerId, 1);
      [{ id }] = await tx
        .insert(products)
        .values({ ...values, seller_id: sellerId })
        .returning({ id: products.id });
    }
    await setProductKeywords(tx, sellerId, id, body.isPublish ? keywords : []);
    const raised = await syncConfigurations(tx, sellerId, id, variants);
    // Units the seller added go first to whoever waits for them, in comment order.
    for (const configurationId of raised) {
      await serveWaitingList(tx, { sellerId, configurationId, env: ctx.config });
    }
    if (body.tags) await setProductTags(tx, sellerId, id, body.tags);
    if (body.photos?.length) {
      await addLinkPhotos(
        tx,
        sellerId,
        id,
        body.photos.map((p) => p.url),
      );
    }
    return getProduct(withDb(ctx, tx), id);
  });
}
