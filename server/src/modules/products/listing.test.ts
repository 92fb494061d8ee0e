import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.ts';
import {
  type Api,
  configuredBody,
  createProduct,
  loadRefs,
  type Refs,
  sellerApi,
  simpleBody,
} from '../../../test/product-fixtures.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
let refs: Refs;
let api: Api;
const ids: Record<string, number> = {};

/*
 * One seller's inventory shared by the list tests (read-only):
 *   Anorak    simple, red,  12.00 €, stock 5,  material wool, keyword anorak1
 *   bottine   configured red/blue × 38/39 shoes, 60–61 €, stock 0+1+1+2 = 4, SKU B38R…
 *   Chemise   simple, blue, 30.00 €, stock 20, unpublished
 *   Deleted   simple, red,  1 €, deleted (never listed)
 */
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
  ({ api } = await sellerApi(rt));
  const wool = (await api.get('/api/products/fetch-additional'))
    .json()
    .materials.find((m: { code: string }) => m.code === 'wool').id;
  ids.anorak = (
    await createProduct(
      api,
      simpleBody(refs, {
        name: 'Anorak',
        price: 12,
        quantity: 5,
        sku: 'ANO1',
        material: wool,
        keywords: 'anorak1',
        isPublish: true,
      }),
    )
  ).id;
  const shoes = [refs.size['shoes:38'], refs.size['shoes:39']];
  ids.bottine = (
    await createProduct(
      api,
      configuredBody([refs.color.red, refs.color.blue], shoes, {
        name: 'bottine',
        isPublish: true,
        configurations: [
          { color_id: refs.color.red, size_id: shoes[0], price: 60, sku: 'B38R', quantity: 0 },
          { color_id: refs.color.red, size_id: shoes[1], price: 61, sku: 'B39R', quantity: 1 },
          { color_id: refs.color.blue, size_id: shoes[0], price: 60, sku: 'B38B', quantity: 1 },
          { color_id: refs.color.blue, size_id: shoes[1], price: 61, sku: 'B39B', quantity: 2 },
        ],
      }),
    )
  ).id;
  ids.chemise = (
    await createProduct(
      api,
      simpleBody(refs, {
        name: 'Chemise',
        price: 30,
        quantity: 20,
        sku: 'CHE1',
        selectedColors: [refs.color.blue],
      }),
    )
  ).id;
  const deleted = await createProduct(api, simpleBody(refs, { name: 'Deleted', price: 1 }));
  await api.delete(`/api/products/delete/${deleted.id}`);
});
afterAll(() => rt.close());

async function list(params: Record<string, unknown> = {}) {
  const qs = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
  const res = await api.get(`/api/fetch-products?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; items: { id: number; name: string; [k: string]: unknown }[] };
}
const names = async (params: Record<string, unknown> = {}) => (await list(params)).items.map((i) => i.name);

describe('fetch-products', () => {
  it('lists the seller’s products newest first with prices, stock, colours, sizes', async () => {
    const page = await list();
    expect(page.count).toBe(3);
    expect(page.items.map((i) => i.name)).toEqual(['Chemise', 'bottine', 'Anorak']);
    expect(page.items[1]).toMatchObject({
      id: ids.bottine,
      isPublish: true,
      configured: true,
      price: 60,
      price_max: 61,
      quantity: 4,
      colors: [{ code: 'blue' }, { code: 'red' }],
      sizes: [
        { code: '38', size_table: 'shoes' },
        { code: '39', size_table: 'shoes' },
      ],
      photo: null,
    });
    expect(page.items[2]).toMatchObject({
      name: 'Anorak',
      keywords: 'anorak1',
      sku: 'ANO1',
      price: 12,
      quantity: 5,
    });
  });

  it('sorts by products.name both ways, case ignored', async () => {
    expect(await names({ column: 'products.name', sort: 'ASC' })).toEqual(['Anorak', 'bottine', 'Chemise']);
    expect(await names({ column: 'products.name', sort: 'DESC' })).toEqual(['Chemise', 'bottine', 'Anorak']);
  });

  it('sorts by price and by quantity', async () => {
    expect(await names({ column: 'price', sort: 'ASC' })).toEqual(['Anorak', 'Chemise', 'bottine']);
    expect(await names({ column: 'quantity', sort: 'DESC' })).toEqual(['Chemise', 'Anorak', 'bottine']);
    expect(await names({ column: 'quantity', sort: 'ASC' })).toEqual(['bottine', 'Anorak', 'Chemise']);
    // the stock sorted and filtered at once, counted as filtered
    const low = await list({ column: 'quantity', sort: 'ASC', queryFilter: { quantity: { max: 5 } } });
    expect(low.count).toBe(2);
    expect(low.items.map((i) => [i.name, i.quantity])).toEqual([
      ['bottine', 4],
      ['Anorak', 5],
    ]);
  });

  it('pages', async () => {
    const second = await list({ column: 'products.name', sort: 'ASC', limit: 10, offset: 2 });
    expect(second).toMatchObject({ count: 3, items: [{ name: 'Chemise' }] });
  });

  it('filters by each filter', async () => {
    const f = (queryFilter: Record<string, unknown>) =>
      names({ column: 'products.name', sort: 'ASC', queryFilter });
    expect(await f({ product_name: 'CHEM' })).toEqual(['Chemise']);
    expect(await f({ color_id: refs.color.red })).toEqual(['Anorak', 'bottine']);
    expect(await f({ color_id: refs.color.blue })).toEqual(['bottine', 'Chemise']);
    expect(await f({ size_id: refs.size['shoes:39'] })).toEqual(['bottine']);
    expect(await f({ price: { min: 12, max: 30 } })).toEqual(['Anorak', 'Chemise']);
    expect(await f({ price: { min: '30.5' } })).toEqual(['bottine']);
    expect(await f({ quantity: { max: 5 } })).toEqual(['Anorak', 'bottine']);
    expect(await f({ quantity: { min: 6 } })).toEqual(['Chemise']);
    const wool = (await api.get('/api/products/fetch-additional'))
      .json()
      .materials.find((m: { code: string }) => m.code === 'wool').id;
    expect(await f({ material_id: wool })).toEqual(['Anorak']);
    expect(await f({ isPublish: false })).toEqual(['Chemise']);
    expect(await f({ color_id: refs.color.red, price: { max: 20 } })).toEqual(['Anorak']);
  });

  it('query searches names, keywords and SKUs of configurations', async () => {
    expect(await names({ query: 'anorak1' })).toEqual(['Anorak']);
    expect(await names({ query: 'b39b' })).toEqual(['bottine']);
    expect(await names({ query: 'CHE' })).toEqual(['Chemise']);
    expect(await names({ query: 'nothing' })).toEqual([]);
  });

  it('refuses an unknown sort column or a bad filter', async () => {
    expect((await api.get('/api/fetch-products?column=seller_id')).statusCode).toBe(400);
    const bad = await api.get(
      `/api/fetch-products?queryFilter=${encodeURIComponent('{"price":{"min":"x"}}')}`,
    );
    expect(bad.statusCode).toBe(400);
  });
});
