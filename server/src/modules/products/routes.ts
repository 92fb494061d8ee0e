import {
  CSV_MAX_BYTES,
  MAX_PRODUCT_PHOTOS,
  PRODUCT_PHOTO_MAX_BYTES,
  ROLE,
} from '@livecart/contract/constants';
import { ZCheckedIdsBody } from '@livecart/contract/lists';
import {
  ZFindProductQuery,
  ZFindProductResult,
  ZFindTagQuery,
  ZFindTagResult,
  ZImportResult,
  ZPhotoDeleteBody,
  ZPhotoOrderBody,
  ZProductAdditional,
  ZProductBody,
  ZProductIdParams,
  ZProductIds,
  ZProductList,
  ZProductListQuery,
  ZProductResponse,
  ZSuccess,
} from '@livecart/contract/products';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { uploadError } from '../../lib/multipart.ts';
import { ctxOf } from '../context.ts';
import { copyProducts, deleteProducts } from './copies.ts';
import { CSV_EXAMPLE } from './example.ts';
import { importProducts } from './import.ts';
import { listProducts } from './listing.ts';
import { deletePhoto, orderPhotos, tooManyPhotos, uploadPhotos } from './photos.ts';
import { fetchAdditional, findProducts, findTags } from './search.ts';
import { getProduct, lockProduct, saveProduct, sellerOf } from './service.ts';

const sellers = { access: [ROLE.seller] } as const;

/** The uploaded photo files of a multipart request (any field name), at most 10 of 5 MB each. */
async function readPhotoFiles(req: FastifyRequest): Promise<Buffer[]> {
  if (!req.isMultipart()) throw new AppError('validation', { photos: 'required' });
  const files: Buffer[] = [];
  const limits = { fileSize: PRODUCT_PHOTO_MAX_BYTES, files: MAX_PRODUCT_PHOTOS + 1 };
  try {
    for await (const part of req.files({ limits })) {
      if (files.length >= MAX_PRODUCT_PHOTOS) throw tooManyPhotos();
      files.push(await part.toBuffer());
    }
  } catch (err) {
    throw uploadError(err, () => new AppError('product_photo_size', { photos: 'photo_size' }));
  }
  return files;
}

/** Room for the multipart envelope (boundaries, part headers) around an import file. */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

/**
 * The import file's chunks. The upload stops at CSV_MAX_BYTES (multipart `fileSize`), which would
 * leave a cut file: a file that reached the limit answers 413 `csv_too_large` instead, as soon as
 * it is seen, and nothing is imported.
 */
async function* wholeCsv(file: AsyncIterable<Buffer> & { truncated: boolean }): AsyncGenerator<Buffer> {
  for await (const chunk of file) {
    if (file.truncated) throw new AppError('csv_too_large');
    yield chunk;
  }
  if (file.truncated) throw new AppError('csv_too_large');
}

/** The inventory (SPEC §7 Products): sellers only, each on their own products. */
export async function productsModule(app: App, deps: Deps) {
  app.get(
    '/api/products/fetch-additional',
    {
      config: sellers,
      schema: {
        description:
          'Reference data of the editor and the filters: colours, sizes (and `sizesTable`, sizes by table: ' +
          'letters, eu, shoes, one_size), materials, styles, the seller’s tags, and `priceRange` (euros) / ' +
          '`qtyRange`, the bounds of the seller’s products for the filter sliders.',
        response: { 200: ZProductAdditional },
      },
    },
    (req) => fetchAdditional(ctxOf(req, deps)),
  );

  app.post(
    '/api/product',
    {
      config: sellers,
      schema: {
        description:
          'Creates a product, or updates it when `id` is given. `keywords` comma separated (normalised; a ' +
          'keyword of another published product answers 400 `keyword_taken` naming it); prices in euros; ' +
          '`configurations` the colour × size grid `{color_id, size_id, price, sku, quantity}` (a simple ' +
          'product: one row, or none and then its own price, sku and quantity); `photos` `[{url}]` links to ' +
          'add; `tags` names replacing its tags. A kept colour × size keeps its configuration id. Answers `{product}`.',
        body: ZProductBody,
        response: { 200: ZProductResponse },
      },
    },
    async (req) => ({ product: await saveProduct(ctxOf(req, deps), req.body) }),
  );

  app.post(
    '/api/products/import',
    {
      config: sellers,
      schema: {
        description:
          'CSV import (multipart, field `file`, UTF-8 or Windows-1252, `,` or `;` separated) with the columns ' +
          'of GET products/csv-example. All or nothing: a bad row answers 400 `{error: "csv_invalid", message, ' +
          'report: [{line, column, reason, message}]}` listing every problem; a file over 20 MB answers 413 ' +
          '`csv_too_large`; going past 10,000 products answers 409 `product_limit`. Answers `{success, imported, configurations}`.',
        response: { 200: ZImportResult },
      },
    },
    async (req) => {
      // a request announcing more than the file limit is refused before it is read
      if (Number(req.headers['content-length']) > CSV_MAX_BYTES + MULTIPART_ENVELOPE_BYTES) {
        throw new AppError('csv_too_large');
      }
      const file = req.isMultipart() ? await req.file({ limits: { fileSize: CSV_MAX_BYTES } }) : undefined;
      if (!file) throw new AppError('validation', { file: 'required' });
      return importProducts(ctxOf(req, deps), wholeCsv(file.file));
    },
  );

  app.get(
    '/api/products/csv-example',
    {
      config: { access: 'public' },
      schema: { description: 'An example import file (text/csv) that imports as it is.' },
    },
    (_req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products-example.csv"')
        .send(CSV_EXAMPLE),
  );

  app.get(
    '/api/fetch-products',
    {
      config: sellers,
      schema: {
        description:
          'The seller’s products, paged. Columns: products.name, created_at, price, quantity. queryFilter: ' +
          'product_name, color_id, size_id, material_id, isPublish, price {min, max} (euros, lowest price), ' +
          'quantity {min, max} (total stock). `query` searches name, keywords and SKUs.',
        querystring: ZProductListQuery,
        response: { 200: ZProductList },
      },
    },
    (req) => listProducts(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/fetch-product/:id',
    {
      config: sellers,
      schema: {
        description: 'One product as the editor loads it: `{product}`.',
        params: ZProductIdParams,
        response: { 200: ZProductResponse },
      },
    },
    async (req) => ({ product: await getProduct(ctxOf(req, deps), req.params.id) }),
  );

  app.get(
    '/api/products/find',
    {
      config: sellers,
      schema: {
        description:
          'Product picker: up to 20 products by name, keyword or SKU, `{result: [{id, name, keywords, photo}]}`.',
        querystring: ZFindProductQuery,
        response: { 200: ZFindProductResult },
      },
    },
    (req) => findProducts(ctxOf(req, deps), req.query.searchStr),
  );

  app.get(
    '/api/tags/find',
    {
      config: sellers,
      schema: {
        description: 'Tag picker: up to 20 of the seller’s tags containing `tag`, `{result: [{id, name}]}`.',
        querystring: ZFindTagQuery,
        response: { 200: ZFindTagResult },
      },
    },
    (req) => findTags(ctxOf(req, deps), req.query.tag),
  );

  app.delete(
    '/api/products/delete/:id',
    {
      config: sellers,
      schema: {
        description:
          'Deletes a product: it leaves the lists and frees its keywords; order lines keep their copy.',
        params: ZProductIdParams,
        response: { 200: ZSuccess },
      },
    },
    async (req) => ({
      success: true as const,
      count: await deleteProducts(ctxOf(req, deps), [req.params.id]),
    }),
  );

  app.get(
    '/api/products/copy/:id',
    {
      config: { ...sellers, changesState: true },
      schema: {
        description:
          'Copies a product: unpublished, keywords cleared, name + " (copie)" / " (copy)", with its ' +
          'configurations, photos and tags. Answers `{productIds: [newId]}`.',
        params: ZProductIdParams,
        response: { 200: ZProductIds },
      },
    },
    async (req) => ({ productIds: await copyProducts(ctxOf(req, deps), [req.params.id]) }),
  );

  app.post(
    '/api/products/bulk-delete',
    {
      config: sellers,
      schema: {
        description:
          'Deletes the checked products: body `{data}` (JSON of the checked ids) or `{ids: [...]}`; none ' +
          'answers 400 `select_item`, an id that is not the seller’s 404 and nothing is deleted.',
        body: ZCheckedIdsBody,
        response: { 200: ZSuccess },
      },
    },
    async (req) => ({ success: true as const, count: await deleteProducts(ctxOf(req, deps), req.body.ids) }),
  );

  app.post(
    '/api/products/bulk-copy',
    {
      config: sellers,
      schema: {
        description:
          'Copies the checked products (body as bulk-delete), answers `{productIds}` in the same order.',
        body: ZCheckedIdsBody,
        response: { 200: ZProductIds },
      },
    },
    async (req) => ({ productIds: await copyProducts(ctxOf(req, deps), req.body.ids) }),
  );

  app.post(
    '/api/products/photos/:id',
    {
      config: sellers,
      schema: {
        description:
          'Uploads photos (multipart, one or more files, any field name): .jpg, .png or .webp checked by ' +
          'content, at most 5 MB each and 10 photos per product; a thumbnail is made for lists. All or ' +
          'nothing. Answers `{product}`.',
        params: ZProductIdParams,
        response: { 200: ZProductResponse },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      await lockProduct(ctx.db, sellerOf(ctx), req.params.id);
      const files = await readPhotoFiles(req);
      return { product: await uploadPhotos(ctx, deps.storage, req.params.id, files) };
    },
  );

  app.post(
    '/api/products/photos-order/:id',
    {
      config: sellers,
      schema: {
        description:
          'Orders the product’s photos: body `{photoIds}` first in that order (the first is the main ' +
          'photo), the others after them. Answers `{product}`.',
        params: ZProductIdParams,
        body: ZPhotoOrderBody,
        response: { 200: ZProductResponse },
      },
    },
    async (req) => ({ product: await orderPhotos(ctxOf(req, deps), req.params.id, req.body.photoIds) }),
  );

  app.post(
    '/api/products/photo-delete/:id',
    {
      config: sellers,
      schema: {
        description: 'Deletes one photo of the product, body `{photoId}`. Answers `{product}`.',
        params: ZProductIdParams,
        body: ZPhotoDeleteBody,
        response: { 200: ZProductResponse },
      },
    },
    async (req) => ({
      product: await deletePhoto(ctxOf(req, deps), deps.storage, req.params.id, req.body.photoId),
    }),
  );
}
