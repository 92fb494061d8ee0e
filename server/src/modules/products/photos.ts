import { MAX_PRODUCT_PHOTOS, PRODUCT_PHOTO_MAX_BYTES, PRODUCT_THUMB_PX } from '@livecart/contract/constants';
import type { TProduct, TProductPhoto } from '@livecart/contract/products';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { DbOrTx } from '../../db/client.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Ctx, withDb } from '../../lib/http.ts';
import { reencodeImage, type TImageFormat } from '../../lib/images.ts';
import { getProduct, lockProduct, sellerOf } from './service.ts';
import { productPhotos } from './tables.ts';

/** Where an uploaded file is served: the API base plus its storage key. */
export const fileUrl = (key: string) => `/api/files/${key}`;

/** A photo row as the API shows it: the served file or the link, and the thumbnail for lists. */
export function photoOf(row: {
  id: number;
  path: string | null;
  url: string | null;
  thumb_path: string | null;
  position: number;
}): TProductPhoto {
  const url = row.path ? fileUrl(row.path) : (row.url ?? '');
  return {
    id: row.id,
    url,
    thumb_url: row.thumb_path ? fileUrl(row.thumb_path) : url,
    position: row.position,
    source: row.path ? 'upload' : 'link',
  };
}

const PHOTO_TYPES: Record<string, { ext: string; format: TImageFormat }> = {
  'image/jpeg': { ext: 'jpg', format: 'jpeg' },
  'image/png': { ext: 'png', format: 'png' },
  'image/webp': { ext: 'webp', format: 'webp' },
};

export const tooManyPhotos = () =>
  new AppError('too_many_photos', { photos: `too_many_photos:${MAX_PRODUCT_PHOTOS}` }, undefined, {
    params: { max: MAX_PRODUCT_PHOTOS },
  });

/** Refuses a product going over 10 photos with `adding` more. Takes the locked product's handle. */
export async function checkPhotoRoom(db: DbOrTx, productId: number, adding: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(productPhotos)
    .where(eq(productPhotos.product_id, productId));
  if (n + adding > MAX_PRODUCT_PHOTOS) throw tooManyPhotos();
  return n;
}

/** The position after the product's last photo. */
async function nextPosition(db: DbOrTx, productId: number): Promise<number> {
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${productPhotos.position}) + 1, 0)::int` })
    .from(productPhotos)
    .where(eq(productPhotos.product_id, productId));
  return next;
}

/** Adds link photos (http/https addresses) after the product's photos. */
export async function addLinkPhotos(db: DbOrTx, sellerId: number, productId: number, urls: string[]) {
  if (!urls.length) return;
  await checkPhotoRoom(db, productId, urls.length);
  const next = await nextPosition(db, productId);
  await db
    .insert(productPhotos)
    .values(urls.map((url, i) => ({ product_id: productId, seller_id: sellerId, url, position: next + i })));
}

interface PreparedPhoto {
  ext: string;
  data: Buffer;
  thumb: Buffer;
}

/**
 * Checks an uploaded photo by its content (.jpg, .png or .webp, at most 5 MB, really decodable),
 * re-encodes it (upright, no metadata such as GPS positions, nothing appended: `reencodeImage`)
 * and makes its thumbnail: fits in 320 px, WebP.
 */
export async function preparePhoto(data: Buffer): Promise<PreparedPhoto> {
  if (data.length > PRODUCT_PHOTO_MAX_BYTES)
    throw new AppError('product_photo_size', { photos: 'photo_size' });
  const type = await fileTypeFromBuffer(data);
  const kind = type && PHOTO_TYPES[type.mime];
  if (!kind) throw new AppError('product_photo_type', { photos: 'photo_type' });
  try {
    const clean = await reencodeImage(data, kind.format);
    const thumb = await sharp(clean)
      .resize(PRODUCT_THUMB_PX, PRODUCT_THUMB_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { ext: kind.ext, data: clean, thumb };
  } catch {
    throw new AppError('product_photo_type', { photos: 'photo_type' });
  }
}

/**
 * POST products/photos/{id}: adds uploaded photos after the product's photos. Every file is
 * checked before any is kept; the files are stored under generated names in `products/`.
 */
export async function uploadPhotos(
  ctx: Ctx,
  storage: Storage,
  productId: number,
  files: Buffer[],
): Promise<TProduct> {
  const sellerId = sellerOf(ctx);
  await lockProduct(ctx.db, sellerId, productId);
  if (!files.length) throw new AppError('validation', { photos: 'required' });
  await checkPhotoRoom(ctx.db, productId, files.length);
  const prepared = [];
  for (const file of files) prepared.push(await preparePhoto(file));
  const stored: string[] = [];
  try {
    const rows: { path: string; thumb_path: string }[] = [];
    for (const p of prepared) {
      const path = await storage.put('products', p.ext, p.data);
      stored.push(path);
      const thumb_path = await storage.put('products', 'webp', p.thumb);
      stored.push(thumb_path);
      rows.push({ path, thumb_path });
    }
    return await ctx.db.transaction(async (tx) => {
      await lockProduct(tx, sellerId, productId);
      await checkPhotoRoom(tx, productId, rows.length);
      const next = await nextPosition(tx, productId);
      await tx
        .insert(productPhotos)
        .values(
          rows.map((r, i) => ({ ...r, product_id: productId, seller_id: sellerId, position: next + i })),
        );
      await touch(tx, productId);
      return getProduct(withDb(ctx, tx), productId);
    });
  } catch (err) {
    for (const key of stored) await storage.remove(key);
    throw err;
  }
}

const touch = (db: DbOrTx, productId: number) =>
  db.execute(sql`UPDATE products SET updated_at = now() WHERE id = ${productId}`);

/**
 * POST products/photo-delete/{id}: removes one photo of the product. The file goes too unless a
 * copy of the product still shows it (copies share uploaded files).
 */
export async function deletePhoto(
  ctx: Ctx,
  storage: Storage,
  productId: number,
  photoId: number,
): Promise<TProduct> {
  const sellerId = sellerOf(ctx);
  const { product, removed } = await ctx.db.transaction(async (tx) => {
    await lockProduct(tx, sellerId, productId);
    const [removed] = await tx
      .delete(productPhotos)
      .where(and(eq(productPhotos.id, photoId), eq(productPhotos.product_id, productId)))
      .returning();
    if (!removed) throw notFound();
    await touch(tx, productId);
    return { product: await getProduct(withDb(ctx, tx), productId), removed };
  });
  for (const key of [removed.path, removed.thumb_path]) {
    if (!key) continue;
    const [{ n }] = await ctx.db
      .select({ n: count() })
      .from(productPhotos)
      .where(sql`${productPhotos.path} = ${key} OR ${productPhotos.thumb_path} = ${key}`);
    if (n === 0) await storage.remove(key);
  }
  return product;
}

/**
 * POST products/photos-order/{id}: the photos in the given order (the first is the main photo);
 * photos not named keep their order after them.
 */
export async function orderPhotos(ctx: Ctx, productId: number, photoIds: number[]): Promise<TProduct> {
  const sellerId = sellerOf(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockProduct(tx, sellerId, productId);
    const rows = await tx
      .select({ id: productPhotos.id })
      .from(productPhotos)
      .where(eq(productPhotos.product_id, productId))
      .orderBy(asc(productPhotos.position), asc(productPhotos.id));
    const own = new Set(rows.map((r) => r.id));
    if (photoIds.some((id) => !own.has(id))) throw notFound();
    const wanted = [...new Set(photoIds)];
    const order = [...wanted, ...rows.map((r) => r.id).filter((id) => !wanted.includes(id))];
    await tx.execute(
      sql`UPDATE product_photos ph SET position = o.position
          FROM unnest(${sql.param(order)}::int[]) WITH ORDINALITY AS o(id, position)
          WHERE ph.id = o.id AND ph.product_id = ${productId}`,
    );
    await touch(tx, productId);
    return getProduct(withDb(ctx, tx), productId);
  });
}

/** Keeps only the first photo of each product, for lists. */
export async function firstPhotos(db: DbOrTx, productIds: number[]) {
  if (!productIds.length) return new Map<number, TProductPhoto>();
  const rows = await db
    .selectDistinctOn([productPhotos.product_id])
    .from(productPhotos)
    .where(inArray(productPhotos.product_id, productIds))
    .orderBy(asc(productPhotos.product_id), asc(productPhotos.position), asc(productPhotos.id));
  return new Map(rows.map((r) => [r.product_id, photoOf(r)]));
}
