import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.ts';
import {
  createProduct,
  loadRefs,
  multipart,
  type Refs,
  sellerApi,
  simpleBody,
} from '../../../test/product-fixtures.ts';
import { productPhotos } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
let refs: Refs;
let PNG: Buffer;
let JPEG: Buffer;
let WEBP: Buffer;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
  const image = () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#D22B2B' } });
  PNG = await image().png().toBuffer();
  JPEG = await image().jpeg().toBuffer();
  WEBP = await image().webp().toBuffer();
});
afterAll(() => rt.close());

const photoRows = (productId: number) =>
  rt.deps.database.db.select().from(productPhotos).where(eq(productPhotos.product_id, productId));

async function productWithApi() {
  const { api } = await sellerApi(rt);
  const product = await createProduct(api, simpleBody(refs));
  return { api, product };
}

describe('product photos', () => {
  it('uploads several photos, stores them under generated names with a thumbnail, serves them', async () => {
    const { api, product } = await productWithApi();
    const { body, headers } = multipart([
      { field: 'photos', filename: 'robe rouge.png', data: PNG, type: 'image/png' },
      { field: 'photos', filename: 'dos.jpg', data: JPEG, type: 'image/jpeg' },
      { field: 'photos', filename: 'detail.webp', data: WEBP, type: 'image/webp' },
    ]);
    const res = await api.post(`/api/products/photos/${product.id}`, body, headers);
    expect(res.statusCode, res.body).toBe(200);
    const photos = res.json().product.photos;
    expect(photos).toHaveLength(3);
    expect(photos.map((p: { position: number }) => p.position)).toEqual([0, 1, 2]);
    expect(photos[0].url).toMatch(/^\/api\/files\/products\/[A-Za-z0-9_-]+\.png$/);
    expect(photos[1].url).toMatch(/\.jpg$/);
    expect(photos[2].url).toMatch(/\.webp$/);
    expect(photos[0].source).toBe('upload');
    expect(photos[0].thumb_url).toMatch(/^\/api\/files\/products\/[A-Za-z0-9_-]+\.webp$/);
    const original = await rt.app.inject({ url: photos[0].url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(PNG)).toBe(true);
    const thumb = await rt.app.inject({ url: photos[0].thumb_url });
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
    const list = (await api.get('/api/fetch-products')).json();
    expect(list.items[0].photo).toEqual({ url: photos[0].url, thumb_url: photos[0].thumb_url });
  });

  it('refuses a text file renamed .jpg, and keeps nothing of the request', async () => {
    const { api, product } = await productWithApi();
    const { body, headers } = multipart([
      { field: 'photos', filename: 'ok.png', data: PNG, type: 'image/png' },
      {
        field: 'photos',
        filename: 'holiday.jpg',
        data: '#!/bin/sh\necho not an image\n',
        type: 'image/jpeg',
      },
    ]);
    const res = await api.post(`/api/products/photos/${product.id}`, body, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'product_photo_type',
      message: 'Une photo de produit doit être une image .jpg, .png ou .webp',
    });
    expect(await photoRows(product.id)).toHaveLength(0);
  });

  it('a form cut short answers 400 bad_request, not a server error, and adds no photo', async () => {
    const { api, product } = await productWithApi();
    const { body, headers } = multipart([
      { field: 'photos', filename: 'a.png', data: PNG, type: 'image/png' },
    ]);
    const res = await api.post(`/api/products/photos/${product.id}`, body.subarray(0, 60), headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
    expect(await photoRows(product.id)).toHaveLength(0);
  });

  it('refuses a photo over 5 MB', async () => {
    const { api, product } = await productWithApi();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const { body, headers } = multipart([
      { field: 'photos', filename: 'big.png', data: big, type: 'image/png' },
    ]);
    const res = await api.post(`/api/products/photos/${product.id}`, body, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('product_photo_size');
    expect(await photoRows(product.id)).toHaveLength(0);
  });

  it('refuses an eleventh photo', async () => {
    const { api } = await sellerApi(rt);
    const urls = Array.from({ length: 9 }, (_, i) => ({ url: `https://cdn.example.com/${i}.jpg` }));
    const product = await createProduct(api, simpleBody(refs, { photos: urls }));
    const one = multipart([{ field: 'photos', filename: 'a.png', data: PNG, type: 'image/png' }]);
    expect((await api.post(`/api/products/photos/${product.id}`, one.body, one.headers)).statusCode).toBe(
      200,
    );
    const again = multipart([{ field: 'photos', filename: 'b.png', data: PNG, type: 'image/png' }]);
    const res = await api.post(`/api/products/photos/${product.id}`, again.body, again.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'too_many_photos',
      message: 'Un produit peut avoir au plus 10 photos',
    });
    const link = await api.post('/api/product', {
      ...simpleBody(refs, { photos: [{ url: 'https://cdn.example.com/x.jpg' }] }),
      id: product.id,
    });
    expect(link.json().error).toBe('too_many_photos');
    expect(await photoRows(product.id)).toHaveLength(10);
  });

  it('orders and deletes photos; a file shared with a copy stays while the copy shows it', async () => {
    const { api, product } = await productWithApi();
    const up = multipart([
      { field: 'photos', filename: 'a.png', data: PNG, type: 'image/png' },
      { field: 'photos', filename: 'b.jpg', data: JPEG, type: 'image/jpeg' },
    ]);
    const [a, b] = (await api.post(`/api/products/photos/${product.id}`, up.body, up.headers)).json().product
      .photos;
    const ordered = await api.post(`/api/products/photos-order/${product.id}`, { photoIds: [b.id] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().product.photos.map((p: { id: number }) => p.id)).toEqual([b.id, a.id]);

    const copyId = (await api.get(`/api/products/copy/${product.id}`)).json().productIds[0];
    const res = await api.post(`/api/products/photo-delete/${product.id}`, { photoId: a.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.photos.map((p: { id: number }) => p.id)).toEqual([b.id]);
    expect((await rt.app.inject({ url: a.url })).statusCode).toBe(200);

    const copy = (await api.get(`/api/fetch-product/${copyId}`)).json().product;
    const copyOfA = copy.photos.find((p: { url: string }) => p.url === a.url);
    await api.post(`/api/products/photo-delete/${copyId}`, { photoId: copyOfA.id });
    expect((await rt.app.inject({ url: a.url })).statusCode).toBe(404);
    expect((await rt.app.inject({ url: a.thumb_url })).statusCode).toBe(404);

    const missing = await api.post(`/api/products/photo-delete/${product.id}`, { photoId: a.id });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 400 without files and 404 for another seller’s product', async () => {
    const { api, product } = await productWithApi();
    expect((await api.post(`/api/products/photos/${product.id}`, {})).json().fields).toEqual({
      photos: 'required',
    });
    const { api: other } = await sellerApi(rt);
    const up = multipart([{ field: 'photos', filename: 'a.png', data: PNG, type: 'image/png' }]);
    expect((await other.post(`/api/products/photos/${product.id}`, up.body, up.headers)).statusCode).toBe(
      404,
    );
    expect(await photoRows(product.id)).toHaveLength(0);
  });
});
