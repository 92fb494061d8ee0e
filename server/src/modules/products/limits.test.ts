import { CSV_MAX_BYTES, MAX_PRODUCTS_PER_SELLER } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.ts';
import {
  type Api,
  createProduct,
  loadRefs,
  multipart,
  type Refs,
  sellerApi,
  simpleBody,
} from '../../../test/product-fixtures.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

const HEADER = 'name,description,hashtags,styles,photo links,publish,price,quantity,sku,color,size';

const upload = (api: Api, csv: string | Buffer, query = '') => {
  const { body, headers } = multipart([
    { field: 'file', filename: 'products.csv', data: csv, type: 'text/csv' },
  ]);
  return api.post(`/api/products/import${query}`, body, headers);
};

/** The seller's products not deleted. */
const countOf = async (sellerId: number) =>
  (
    await queryRows<{ n: number }>(
      rt.deps.database.db,
      sql`SELECT count(*)::int AS n FROM products WHERE seller_id = ${sellerId} AND deleted_at IS NULL`,
    )
  )[0].n;

/** Adds `n` plain products straight in the database (the limit is about counts, not contents). */
const fill = (sellerId: number, n: number) =>
  rt.deps.database.db.execute(
    sql`INSERT INTO products (seller_id, name, sku, price_cents, quantity)
        SELECT ${sellerId}, 'Stock ' || g, 'SKU' || g, 100, 1 FROM generate_series(1, ${n}) AS g`,
  );

const limitMessage =
  "Un vendeur peut avoir au plus 10\u202f000 produits : supprimez-en avant d'en ajouter. Rien n'a été ajouté.";

describe('trust #11: a seller has at most 10,000 products', () => {
  it('creating, copying, bulk-copying or importing past the limit is refused and adds nothing', {
    timeout: 60_000,
  }, async () => {
    expect(MAX_PRODUCTS_PER_SELLER).toBe(10_000);
    const { seller, api } = await sellerApi(rt);
    const original = await createProduct(api, simpleBody(refs));
    await fill(seller.id, MAX_PRODUCTS_PER_SELLER - 2);
    // the last place: a creation still passes
    const last = await createProduct(api, simpleBody(refs, { name: 'La dernière', sku: 'LAST1' }));
    expect(await countOf(seller.id)).toBe(MAX_PRODUCTS_PER_SELLER);

    const create = await api.post('/api/product', simpleBody(refs, { name: 'Une de trop', sku: 'MORE1' }));
    expect(create.statusCode).toBe(409);
    expect(create.json()).toMatchObject({ error: 'product_limit', message: limitMessage });
    const copy = await api.get(`/api/products/copy/${original.id}`);
    expect(copy.statusCode).toBe(409);
    expect(copy.json().error).toBe('product_limit');
    const bulk = await api.post('/api/products/bulk-copy', { ids: [original.id] });
    expect(bulk.statusCode).toBe(409);
    const csv = await upload(api, `${HEADER}\nImporté,,,,,FALSE,10,1,IMP1,red,\n`);
    expect(csv.statusCode).toBe(409);
    expect(csv.json().error).toBe('product_limit');
    const english = await api.post(
      '/api/product?locale=en',
      simpleBody(refs, { name: 'Extra', sku: 'MORE2' }),
    );
    expect(english.json().message).toBe(
      'A seller can have at most 10,000 products: delete some before adding more. Nothing was added.',
    );
    expect(await countOf(seller.id)).toBe(MAX_PRODUCTS_PER_SELLER);
    // updating a product is not adding one
    const update = await api.post(
      '/api/product',
      simpleBody(refs, { id: last.id, name: 'Renommée', sku: 'LAST1' }),
    );
    expect(update.statusCode).toBe(200);

    // deleted products do not count: one deleted makes room for one, an import of two stays refused whole
    expect((await api.delete(`/api/products/delete/${last.id}`)).statusCode).toBe(200);
    const two = await upload(api, `${HEADER}\nUn,,,,,FALSE,10,1,TWO1,red,\nDeux,,,,,FALSE,10,1,TWO2,red,\n`);
    expect(two.statusCode).toBe(409);
    expect(await countOf(seller.id)).toBe(MAX_PRODUCTS_PER_SELLER - 1);
    const again = await api.get(`/api/products/copy/${original.id}`);
    expect(again.statusCode).toBe(200);
    expect(await countOf(seller.id)).toBe(MAX_PRODUCTS_PER_SELLER);
  });

  it('two creations racing for the last place: exactly one gets it', { timeout: 60_000 }, async () => {
    const { seller, api } = await sellerApi(rt);
    await fill(seller.id, MAX_PRODUCTS_PER_SELLER - 1);
    const results = await Promise.all([
      api.post('/api/product', simpleBody(refs, { name: 'A', sku: 'RACEA' })),
      api.post('/api/product', simpleBody(refs, { name: 'B', sku: 'RACEB' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await countOf(seller.id)).toBe(MAX_PRODUCTS_PER_SELLER);
  });
});

describe('trust #11: a CSV file over the size limit answers 413 with a clear message', () => {
  const tooLarge =
    "Le fichier CSV dépasse 20 Mo, la taille maximale d'un import : découpez-le en fichiers plus petits. Rien n'a été importé.";

  /** A CSV of one product whose description makes the file `bytes` long. */
  const csvOf = (bytes: number) => {
    const head = `${HEADER}\nGrand fichier,"`;
    const tail = '",,,,FALSE,10,1,BIG1,red,\n';
    return Buffer.concat([
      Buffer.from(head),
      Buffer.alloc(bytes - head.length - tail.length, 'a'),
      Buffer.from(tail),
    ]);
  };

  it('a file announced well over 20 MB is refused before it is read', async () => {
    expect(CSV_MAX_BYTES).toBe(20 * 1024 * 1024);
    const { seller, api } = await sellerApi(rt);
    const res = await upload(api, csvOf(CSV_MAX_BYTES + 2 * 1024 * 1024));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'csv_too_large', message: tooLarge });
    expect(await countOf(seller.id)).toBe(0);
  });

  it('a file just over 20 MB is refused, never imported cut, in English too', {
    timeout: 60_000,
  }, async () => {
    const { seller, api } = await sellerApi(rt);
    const res = await upload(api, csvOf(CSV_MAX_BYTES + 100), '?locale=en');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'csv_too_large',
      message:
        'The CSV file is larger than 20 MB, the most an import takes: split it into smaller files. Nothing was imported.',
    });
    expect(await countOf(seller.id)).toBe(0);
  });
});
