import sharp, { type Metadata } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeBuyer, startTestApp } from '../../test/helpers.ts';
import {
  createProduct,
  loadRefs,
  multipart,
  type Refs,
  sellerApi,
  simpleBody,
} from '../../test/product-fixtures.ts';
import type { Runtime } from '../runtime.ts';

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

/** Bytes hidden after the end of the image (a polyglot file, a payload): must not be kept. */
const APPENDED = Buffer.from('LIVECART-APPENDED-AFTER-THE-IMAGE-END <script>alert(1)</script>');

/** Where the photo was taken: what a shopper must not learn from a product photo. */
const GPS_EXIF = {
  IFD0: { Copyright: 'Boutique secrète', Artist: 'Sophie Martin' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '48/1 51/1 24/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '2/1 21/1 3/1',
  },
};

/**
 * A 40 × 20 photo as a phone writes it: GPS position and author in EXIF, stored sideways with
 * orientation 6 (shown upright, 20 × 40), then bytes appended after its end.
 */
async function phonePhoto(format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const image = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c0392b' } })
    .withExif(GPS_EXIF)
    .withMetadata({ orientation: 6 })
    .toFormat(format)
    .toBuffer();
  // the upload really carries what must go: author, GPS directory (tag 0x8825), orientation
  const { exif, orientation } = await sharp(image).metadata();
  expect(exif?.includes(Buffer.from('Sophie Martin'))).toBe(true);
  expect(exif?.includes(Buffer.from([0x25, 0x88])) || exif?.includes(Buffer.from([0x88, 0x25]))).toBe(true);
  expect(orientation).toBe(6);
  return Buffer.concat([image, APPENDED]);
}

/** What the stored file holds, read back through the files the API serves. */
async function storedImage(url: string) {
  const res = await rt.app.inject({ url });
  expect(res.statusCode).toBe(200);
  const bytes = res.rawPayload;
  return { bytes, meta: await sharp(bytes).metadata() };
}

function expectClean({ bytes, meta }: { bytes: Buffer; meta: Metadata }) {
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  expect(bytes.includes(Buffer.from('LIVECART-APPENDED'))).toBe(false);
  expect(bytes.includes(Buffer.from('Boutique secrète'))).toBe(false);
  expect(bytes.includes(Buffer.from('Sophie Martin'))).toBe(false);
  // turned upright from the orientation tag
  expect([meta.width, meta.height]).toEqual([20, 40]);
}

describe('trust #10: uploaded photos are re-encoded, without metadata or appended bytes', () => {
  for (const format of ['jpeg', 'png', 'webp'] as const) {
    it(`a product photo (${format}) is stored upright, without EXIF/GPS and without what followed its end`, async () => {
      const { api } = await sellerApi(rt);
      const product = await createProduct(api, simpleBody(refs));
      const upload = await phonePhoto(format);
      const ext = { jpeg: 'jpg', png: 'png', webp: 'webp' }[format];
      const { body, headers } = multipart([
        { field: 'photos', filename: `shop.${ext}`, data: upload, type: `image/${format}` },
      ]);
      const res = await api.post(`/api/products/photos/${product.id}`, body, headers);
      expect(res.statusCode, res.body).toBe(200);
      const [photo] = res.json().product.photos;
      expect(photo.url).toMatch(new RegExp(`\\.${ext}$`));
      const stored = await storedImage(photo.url);
      expect(stored.meta.format).toBe(format);
      expectClean(stored);
      if (format === 'jpeg') expect(stored.bytes.subarray(-2).toString('hex')).toBe('ffd9');
      const thumb = await storedImage(photo.thumb_url);
      expect(thumb.meta.exif).toBeUndefined();
      expect(thumb.bytes.includes(Buffer.from('LIVECART-APPENDED'))).toBe(false);
    });
  }

  for (const format of ['jpeg', 'png'] as const) {
    it(`a profile picture (${format}) is stored the same way`, async () => {
      const api = await client(rt, await makeBuyer(rt));
      const { body, headers } = multipart([
        { field: 'photo', filename: 'me.jpg', data: await phonePhoto(format), type: `image/${format}` },
      ]);
      const res = await api.post('/api/profile/photo', body, headers);
      expect(res.statusCode, res.body).toBe(200);
      const stored = await storedImage(`/api${res.json().user.photo}`);
      expect(stored.meta.format).toBe(format);
      expectClean(stored);
    });
  }

  it('a file that only starts like a JPEG is refused', async () => {
    const api = await client(rt, await makeBuyer(rt));
    const fake = Buffer.concat([Buffer.from('ffd8ffe000104a46494600', 'hex'), Buffer.alloc(200, 7)]);
    const { body, headers } = multipart([
      { field: 'photo', filename: 'me.jpg', data: fake, type: 'image/jpeg' },
    ]);
    const res = await api.post('/api/profile/photo', body, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('photo_type');
  });
});
