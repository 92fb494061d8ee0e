import { SIZE_TABLES } from '@livecart/contract/constants';
import { joinKeywords, parseKeywords } from '@livecart/contract/keywords';
import {
  FIND_PRODUCT_LIMIT,
  type TColorRef,
  type TFindProductResult,
  type TProduct,
  type TProductAdditional,
  type TProductBody,
  type TSizeRef,
  type TTag,
} from '@livecart/contract/products';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, invalidFields, notFound } from '../../lib/errors.ts';
import { type Ctx, withDb } from '../../lib/http.ts';
import { toEuros } from '../../lib/money.ts';
import {
  containsAny,
  containsFolded,
  queryRows,
  startsWithAny,
  startsWithFolded,
  toIso,
  whereOf,
} from '../../lib/sql.ts';
import { colors, materials, sizes, styles } from '../reference/tables.ts';
import { dropKeywords, setProductKeywords } from './keywords.ts';
import { checkProductRoom } from './limits.ts';
import { addLinkPhotos, firstPhotos, photoOf } from './photos.ts';
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
      },
    ];
  }
  return body.configurations.map((c) => ({
    color_id: c.color_id,
    size_id: c.size_id,
    price_cents: cents(c.price),
    sku: c.sku,
    quantity: c.quantity,
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
 * (order lines keep their snapshots), new pairs are added.
 */
async function syncConfigurations(tx: DbOrTx, sellerId: number, productId: number, variants: Variant[]) {
  const existing = await tx
    .select({
      id: productConfigurations.id,
      color_id: productConfigurations.color_id,
      size_id: productConfigurations.size_id,
    })
    .from(productConfigurations)
    .where(eq(productConfigurations.product_id, productId));
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
  if (kept.length) {
    await tx.execute(
      sql`UPDATE product_configurations c
          SET price_cents = v.price_cents, sku = v.sku, quantity = v.quantity, updated_at = now()
          FROM unnest(${sql.param(kept.map((k) => k.id))}::int[], ${sql.param(kept.map((k) => k.price_cents))}::int[],
                      ${sql.param(kept.map((k) => k.sku))}::text[], ${sql.param(kept.map((k) => k.quantity))}::int[])
            AS v(id, price_cents, sku, quantity)
          WHERE c.id = v.id`,
    );
  }
  if (added.length) {
    await tx
      .insert(productConfigurations)
      .values(added.map((v) => ({ ...v, product_id: productId, seller_id: sellerId })));
  }
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
 * tags and link photos; a keyword clash or any refusal leaves nothing changed.
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
  return ctx.db.transaction(async (tx) => {
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
    await syncConfigurations(tx, sellerId, id, variants);
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

// ---------------------------------------------------------------------------------------------
// Deleting and copying

/** Locks the seller's products of these ids; any id that is not one (another seller's) answers 404. */
async function lockOwn(tx: DbOrTx, sellerId: number, ids: number[]) {
  if (!ids.length) throw new AppError('select_item');
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.seller_id, sellerId), isNull(products.deleted_at)))
    .for('update');
  if (rows.length !== new Set(ids).size) throw notFound();
}

/**
 * DELETE products/delete/{id} and POST products/bulk-delete: the products leave the lists and
 * free their keywords; they stay in the database (deleted_at) so order lines keep pointing at them.
 */
export async function deleteProducts(ctx: Ctx, ids: number[]): Promise<number> {
  const sellerId = sellerOf(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockOwn(tx, sellerId, ids);
    await tx
      .update(products)
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where(inArray(products.id, ids));
    await dropKeywords(tx, ids);
    return ids.length;
  });
}

/**
 * GET products/copy/{id} and POST products/bulk-copy: each product copied unpublished, without
 * keywords, named with ' (copie)' / ' (copy)', with its configurations (new ids, same prices,
 * SKUs and stock), photos (uploaded files shared by path) and tags. Answers the new ids in the
 * order of `ids`.
 */
export async function copyProducts(ctx: Ctx, ids: number[]): Promise<number[]> {
  const sellerId = sellerOf(ctx);
  const unique = [...new Set(ids)];
  const suffix = ctx.locale === 'en' ? ' (copy)' : ' (copie)';
  return ctx.db.transaction(async (tx) => {
    await lockOwn(tx, sellerId, unique);
    await checkProductRoom(tx, sellerId, unique.length);
    const fresh = await queryRows<{ id: number }>(
      tx,
      sql`SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id
          FROM generate_series(1, ${unique.length})`,
    );
    const newIds = fresh.map((r) => r.id);
    const map = sql`unnest(${sql.param(unique)}::int[], ${sql.param(newIds)}::int[]) AS m(old_id, new_id)`;
    await tx.execute(
      sql`INSERT INTO products (id, seller_id, name, description, is_publish, configured, keywords, sku,
                                price_cents, quantity, material_id, style_id)
          SELECT m.new_id, p.seller_id, left(p.name, ${255 - suffix.length}) || ${suffix}, p.description,
                 false, p.configured, '', p.sku, p.price_cents, p.quantity, p.material_id, p.style_id
          FROM products p JOIN ${map} ON p.id = m.old_id`,
    );
    await tx.execute(
      sql`INSERT INTO product_configurations (product_id, seller_id, color_id, size_id, price_cents, sku, quantity)
          SELECT m.new_id, c.seller_id, c.color_id, c.size_id, c.price_cents, c.sku, c.quantity
          FROM product_configurations c JOIN ${map} ON c.product_id = m.old_id
          ORDER BY c.id`,
    );
    await tx.execute(
      sql`INSERT INTO product_photos (product_id, seller_id, path, url, thumb_path, position)
          SELECT m.new_id, ph.seller_id, ph.path, ph.url, ph.thumb_path, ph.position
          FROM product_photos ph JOIN ${map} ON ph.product_id = m.old_id
          ORDER BY ph.id`,
    );
    await tx.execute(
      sql`INSERT INTO product_tags (product_id, tag_id, seller_id)
          SELECT m.new_id, pt.tag_id, pt.seller_id
          FROM product_tags pt JOIN ${map} ON pt.product_id = m.old_id`,
    );
    const byOld = new Map(unique.map((id, i) => [id, newIds[i]]));
    return ids.map((id) => byOld.get(id) as number).filter((id, i, all) => all.indexOf(id) === i);
  });
}

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

/** Reference colours and sizes in their display order. */
export async function referenceData(db: DbOrTx) {
  const colorRows = await db
    .select({
      id: colors.id,
      code: colors.code,
      name_fr: colors.name_fr,
      name_en: colors.name_en,
      hex: colors.hex,
    })
    .from(colors)
    .orderBy(asc(colors.sort), asc(colors.id));
  const sizeRows = await db
    .select({
      id: sizes.id,
      code: sizes.code,
      name_fr: sizes.name_fr,
      name_en: sizes.name_en,
      size_table: sizes.size_table,
      sort: sizes.sort,
    })
    .from(sizes);
  const sizeRefs = sizeRows
    .sort(
      (a, b) =>
        SIZE_TABLES.indexOf(a.size_table) - SIZE_TABLES.indexOf(b.size_table) ||
        a.sort - b.sort ||
        a.id - b.id,
    )
    .map(({ sort: _s, ...s }) => s);
  const styleRows = await db
    .select({ id: styles.id, code: styles.code, name_fr: styles.name_fr, name_en: styles.name_en })
    .from(styles)
    .orderBy(asc(styles.id));
  return { colors: colorRows, sizes: sizeRefs, styles: styleRows };
}

/** GET products/fetch-additional: what the editor and the filters offer. */
export async function fetchAdditional(ctx: Ctx): Promise<TProductAdditional> {
  const sellerId = sellerOf(ctx);
  const ref = await referenceData(ctx.db);
  const materialRows = await ctx.db
    .select({
      id: materials.id,
      code: materials.code,
      name_fr: materials.name_fr,
      name_en: materials.name_en,
    })
    .from(materials)
    .orderBy(asc(materials.id));
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
    materials: materialRows,
    styles: ref.styles,
    tags: tagRows,
    priceRange: { min: toEuros(b.min_price), max: toEuros(b.max_price) },
    qtyRange: { min: Number(b.min_qty), max: Number(b.max_qty) },
  };
}
