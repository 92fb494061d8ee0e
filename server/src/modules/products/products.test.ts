import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authedClient, client, makeBuyer, signIn, startTestApp } from '../../../test/helpers.ts';
import {
  configuredBody,
  createProduct,
  loadRefs,
  type Refs,
  sellerApi,
  simpleBody,
  uniq,
} from '../../../test/product-fixtures.ts';
import { productConfigurations, productKeywords, products } from '../../db/schema/index.ts';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed-demo.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;
const productsOf = (sellerId: number) => db().select().from(products).where(eq(products.seller_id, sellerId));
const sizes3 = () => [refs.size['letters:S'], refs.size['letters:M'], refs.size['letters:L']];

describe('fetch-additional', () => {
  it('answers colours, sizes by table, materials, tags and the seller’s price and stock bounds', async () => {
    const { api } = await sellerApi(rt);
    const empty = (await api.get('/api/products/fetch-additional')).json();
    expect(empty.priceRange).toEqual({ min: 0, max: 0 });
    expect(empty.qtyRange).toEqual({ min: 0, max: 0 });
    await createProduct(api, simpleBody(refs, { price: 12.5, quantity: 3, tags: ['été'] }));
    await createProduct(api, configuredBody([refs.color.blue], sizes3()));
    const res = await api.get('/api/products/fetch-additional');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.colors.find((c: { code: string }) => c.code === 'red')).toMatchObject({
      id: refs.color.red,
      name_fr: 'Rouge',
      name_en: 'Red',
    });
    expect(body.sizes[0]).toMatchObject({ code: 'XXS', size_table: 'letters' });
    expect(Object.keys(body.sizesTable)).toEqual(['letters', 'eu', 'shoes', 'one_size']);
    expect(body.sizesTable.one_size).toEqual([expect.objectContaining({ name_fr: 'Taille unique' })]);
    expect(body.materials.length).toBeGreaterThan(5);
    expect(body.tags).toEqual([{ id: expect.any(Number), name: 'été' }]);
    // 12.50 € and 30 € (lowest configuration); stock 3 and 0+1+2.
    expect(body.priceRange).toEqual({ min: 12.5, max: 30 });
    expect(body.qtyRange).toEqual({ min: 3, max: 3 });
  });
});

describe('POST product', () => {
  it('creates a simple product whose own price, SKU and stock make its single configuration', async () => {
    const { api } = await sellerApi(rt);
    const res = await api.post('/api/product', simpleBody(refs, { price: '12,50', keywords: '#Foulard7' }));
    expect(res.statusCode, res.body).toBe(200);
    const product = res.json().product;
    expect(product).toMatchObject({
      name: 'Foulard en soie',
      isPublish: false,
      configured: false,
      keywords: 'foulard7',
      price: 12.5,
      quantity: 10,
      sku: 'FOULARD7',
      selectedColors: [refs.color.red],
      selectedSizes: [],
      colors: [{ id: refs.color.red, name_fr: 'Rouge', name_en: 'Red' }],
    });
    expect(product.configurations).toEqual([
      {
        id: expect.any(Number),
        color_id: refs.color.red,
        size_id: null,
        price: 12.5,
        sku: 'FOULARD7',
        quantity: 10,
      },
    ]);
    const fetched = await api.get(`/api/fetch-product/${product.id}`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json().product).toEqual(product);
  });

  it('creates a configured product with one configuration per colour × size', async () => {
    const { api } = await sellerApi(rt);
    const product = await createProduct(
      api,
      configuredBody([refs.color.red, refs.color.blue], sizes3(), { sku: 'ROBE12' }),
    );
    expect(product.configured).toBe(true);
    expect(product.configurations).toHaveLength(6);
    expect(new Set(product.configurations.map((c) => c.id)).size).toBe(6);
    expect(product.selectedSizes).toEqual(sizes3());
    expect(product.sizes.map((s) => s.code)).toEqual(['S', 'M', 'L']);
    // In the reference order of colours (blue before red) and sizes.
    expect(product.configurations[0]).toMatchObject({ color_id: refs.color.blue, size_id: sizes3()[0] });
    expect(product.configurations.find((c) => c.sku === 'R0S1')).toMatchObject({
      color_id: refs.color.red,
      size_id: sizes3()[1],
      price: 31,
      quantity: 1,
    });
    expect(product.price).toBe(30);
    expect(product.quantity).toBe(0 + 1 + 2 + 1 + 2 + 3);
  });

  it('accepts exactly 15 colours and 37 sizes', async () => {
    const { api } = await sellerApi(rt);
    expect(refs.sizeIds).toHaveLength(37);
    const body = configuredBody(refs.colorIds.slice(0, 15), refs.sizeIds);
    const res = await api.post('/api/product', body);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().product.configurations).toHaveLength(15 * 37);
  });

  it('updates in place: a kept colour × size keeps its id and takes the new stock; removed pairs go', async () => {
    const { api } = await sellerApi(rt);
    const [s, m, l] = sizes3();
    const created = await createProduct(api, configuredBody([refs.color.red], [s, m]));
    const keptId = created.configurations.find((c) => c.size_id === m)?.id;
    const goneId = created.configurations.find((c) => c.size_id === s)?.id as number;
    const res = await api.post('/api/product', {
      ...configuredBody([refs.color.red], [m, l]),
      id: created.id,
      name: 'Robe fleurie longue',
      configurations: [
        { color_id: refs.color.red, size_id: m, price: 45, sku: 'NEWM', quantity: 7 },
        { color_id: refs.color.red, size_id: l, price: 46, sku: 'NEWL', quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().product;
    expect(updated.id).toBe(created.id);
    expect(updated.name).toBe('Robe fleurie longue');
    expect(updated.configurations).toEqual([
      { id: keptId, color_id: refs.color.red, size_id: m, price: 45, sku: 'NEWM', quantity: 7 },
      { id: expect.any(Number), color_id: refs.color.red, size_id: l, price: 46, sku: 'NEWL', quantity: 1 },
    ]);
    const gone = await db().select().from(productConfigurations).where(eq(productConfigurations.id, goneId));
    expect(gone).toHaveLength(0);
  });

  it('adds link photos and tags given with the product', async () => {
    const { api } = await sellerApi(rt);
    const product = await createProduct(
      api,
      simpleBody(refs, {
        photos: [{ url: 'https://cdn.example.com/a.jpg' }, { url: 'http://cdn.example.com/b.png' }],
        tags: [' Été ', 'soie'],
      }),
    );
    expect(product.photos).toEqual([
      {
        id: expect.any(Number),
        url: 'https://cdn.example.com/a.jpg',
        thumb_url: 'https://cdn.example.com/a.jpg',
        position: 0,
        source: 'link',
      },
      {
        id: expect.any(Number),
        url: 'http://cdn.example.com/b.png',
        thumb_url: 'http://cdn.example.com/b.png',
        position: 1,
        source: 'link',
      },
    ]);
    expect(product.tags.map((t) => t.name)).toEqual(['soie', 'été']);
    const bad = await api.post('/api/product', simpleBody(refs, { photos: [{ url: 'ftp://x/y.jpg' }] }));
    expect(bad.json().fields['photos.0.url']).toBe('url');
  });

  describe('each SPEC §5 rule answers its message and saves nothing', () => {
    const red = () => refs.color.red;
    const cases: [string, () => Record<string, unknown>, string, string][] = [
      [
        'missing price on a configuration',
        () =>
          configuredBody([red()], sizes3().slice(0, 1), {
            configurations: [{ color_id: red(), size_id: sizes3()[0], price: '', sku: 'A1', quantity: 1 }],
          }),
        'configurations.0.price',
        'required',
      ],
      [
        'missing SKU on a configuration',
        () =>
          configuredBody([red()], sizes3().slice(0, 1), {
            configurations: [{ color_id: red(), size_id: sizes3()[0], price: 10, sku: '', quantity: 1 }],
          }),
        'configurations.0.sku',
        'required',
      ],
      [
        'missing quantity on a configuration',
        () =>
          configuredBody([red()], sizes3().slice(0, 1), {
            configurations: [{ color_id: red(), size_id: sizes3()[0], price: 10, sku: 'A1', quantity: null }],
          }),
        'configurations.0.quantity',
        'required',
      ],
      [
        'no colour on a configured product',
        () => configuredBody([], sizes3()),
        'selectedColors',
        'select_color',
      ],
      [
        'no colour on a simple product',
        () => simpleBody(refs, { selectedColors: [] }),
        'selectedColors',
        'select_color',
      ],
      ['no size on a configured product', () => configuredBody([red()], []), 'selectedSizes', 'select_size'],
      [
        '16 colours',
        () => configuredBody(refs.colorIds.slice(0, 16), sizes3().slice(0, 1)),
        'selectedColors',
        'too_many_colors:15',
      ],
      [
        '38 sizes',
        () => configuredBody([red()], [...refs.sizeIds, 999999]),
        'selectedSizes',
        'too_many_sizes:37',
      ],
      ['SKU with other characters', () => simpleBody(refs, { sku: 'ROBE-12' }), 'sku', 'sku_chars'],
      ['negative quantity', () => simpleBody(refs, { quantity: -1 }), 'quantity', 'not_negative'],
      [
        'a stock loaded that is not a whole number',
        () => simpleBody(refs, { quantity_loaded: 2.5 }),
        'quantity_loaded',
        'integer',
      ],
      [
        'a configuration’s stock loaded below 0',
        () => {
          const body = configuredBody([red()], sizes3().slice(0, 1));
          const [row] = body.configurations ?? [];
          return { ...body, configurations: [{ ...row, quantity_loaded: -1 }] };
        },
        'configurations.0.quantity_loaded',
        'not_negative',
      ],
      ['negative price', () => simpleBody(refs, { price: -5 }), 'price', 'not_negative'],
      ['non-numeric price', () => simpleBody(refs, { price: 'douze' }), 'price', 'numeric'],
      ['name with edge spaces', () => simpleBody(refs, { name: ' Foulard ' }), 'name', 'no_edge_spaces'],
      ['empty name', () => simpleBody(refs, { name: '' }), 'name', 'required'],
      [
        'a missing colour × size pair',
        () => {
          const body = configuredBody([red(), refs.color.blue], sizes3());
          return { ...body, configurations: body.configurations?.slice(1) };
        },
        'configurations',
        'missing_variant',
      ],
      [
        'a pair given twice',
        () => {
          const body = configuredBody([red()], sizes3().slice(0, 2));
          const rows = body.configurations ?? [];
          return { ...body, configurations: [...rows, rows[0]] };
        },
        'configurations.2',
        'duplicate_variant',
      ],
      [
        'a configuration of a colour not selected',
        () => {
          const body = configuredBody([red()], sizes3().slice(0, 1));
          return {
            ...body,
            configurations: [
              ...(body.configurations ?? []),
              { color_id: refs.color.blue, size_id: sizes3()[0], price: 1, sku: 'X', quantity: 1 },
            ],
          };
        },
        'configurations.1.color_id',
        'not_selected',
      ],
      [
        'two colours on a simple product',
        () => simpleBody(refs, { selectedColors: [red(), refs.color.blue] }),
        'selectedColors',
        'too_many_colors:1',
      ],
      [
        'an unknown colour id',
        () => simpleBody(refs, { selectedColors: [999999] }),
        'selectedColors',
        'invalid',
      ],
    ];
    it.each(cases)('%s', async (_label, body, field, code) => {
      const { seller, api } = await sellerApi(rt);
      const res = await api.post('/api/product', body());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation',
        message: 'Veuillez vérifier les champs signalés',
      });
      expect(res.json().fields[field]).toBe(code);
      expect(await productsOf(seller.id)).toHaveLength(0);
    });

    it('a failed update changes nothing', async () => {
      const { api } = await sellerApi(rt);
      const created = await createProduct(api, configuredBody([refs.color.red], sizes3()));
      const res = await api.post('/api/product', {
        ...configuredBody(refs.colorIds.slice(0, 16), sizes3()),
        id: created.id,
        name: 'Changed',
      });
      expect(res.statusCode).toBe(400);
      expect((await api.get(`/api/fetch-product/${created.id}`)).json().product).toEqual(created);
    });
  });
});

describe('keywords', () => {
  it('a keyword of another published product answers keyword_taken naming it, and nothing is saved', async () => {
    const { seller, api } = await sellerApi(rt);
    await createProduct(api, simpleBody(refs, { name: 'Robe rouge', keywords: 'robe12', isPublish: true }));
    const res = await api.post(
      '/api/product?locale=en',
      simpleBody(refs, { name: 'Robe bleue', keywords: 'bleue, #ROBE12', isPublish: true }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'keyword_taken',
      message: "The keyword ROBE12 is already used by 'Robe rouge'",
      fields: { keywords: 'keyword_taken' },
      params: { keyword: 'ROBE12', product: 'Robe rouge' },
    });
    expect((await productsOf(seller.id)).map((p) => p.name)).toEqual(['Robe rouge']);
    const fr = await api.post('/api/product', simpleBody(refs, { keywords: 'Rôbe12', isPublish: true }));
    expect(fr.json().message).toBe("Le mot-clé ROBE12 est déjà utilisé par 'Robe rouge'");
  });

  it('stores keywords normalised and indexes them only while the product is published', async () => {
    const { seller, api } = await sellerApi(rt);
    const p = await createProduct(
      api,
      simpleBody(refs, { keywords: ' #Rôbe  Été , dress12,robe été', isPublish: true }),
    );
    expect(p.keywords).toBe('robe ete,dress12');
    const indexed = () =>
      db()
        .select({ keyword: productKeywords.keyword })
        .from(productKeywords)
        .where(eq(productKeywords.seller_id, seller.id));
    expect((await indexed()).map((r) => r.keyword).sort()).toEqual(['dress12', 'robe ete']);
    await createProduct(api, { ...simpleBody(refs, { keywords: p.keywords, isPublish: false }), id: p.id });
    expect(await indexed()).toEqual([]);
  });

  it('an unpublished product does not clash; publishing it checks again', async () => {
    const { api } = await sellerApi(rt);
    const draft = await createProduct(api, simpleBody(refs, { name: 'Brouillon', keywords: 'pull9' }));
    const live = await createProduct(
      api,
      simpleBody(refs, { name: 'Pull en ligne', keywords: 'pull9', isPublish: true }),
    );
    expect(live.isPublish).toBe(true);
    const republish = await api.post('/api/product', {
      ...simpleBody(refs, { name: 'Brouillon', keywords: 'pull9', isPublish: true }),
      id: draft.id,
    });
    expect(republish.statusCode).toBe(400);
    expect(republish.json().params).toEqual({ keyword: 'PULL9', product: 'Pull en ligne' });
    expect((await api.get(`/api/fetch-product/${draft.id}`)).json().product.isPublish).toBe(false);
    // Re-saving the published product with its own keyword is no clash.
    const again = await api.post('/api/product', {
      ...simpleBody(refs, { keywords: 'pull9', isPublish: true }),
      id: live.id,
    });
    expect(again.statusCode).toBe(200);
  });

  it('another seller may use the same keyword', async () => {
    const a = await sellerApi(rt);
    const b = await sellerApi(rt);
    await createProduct(a.api, simpleBody(refs, { keywords: 'same1', isPublish: true }));
    const res = await b.api.post('/api/product', simpleBody(refs, { keywords: 'same1', isPublish: true }));
    expect(res.statusCode).toBe(200);
  });
});

describe('delete and copy', () => {
  it('delete hides the product, frees its keywords and keeps the row', async () => {
    const { seller, api } = await sellerApi(rt);
    const p = await createProduct(api, simpleBody(refs, { keywords: 'gone1', isPublish: true }));
    const res = await api.delete(`/api/products/delete/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, count: 1 });
    expect((await api.get(`/api/fetch-product/${p.id}`)).statusCode).toBe(404);
    expect((await api.get('/api/fetch-products')).json().count).toBe(0);
    const [row] = await productsOf(seller.id);
    expect(row.deleted_at).not.toBeNull();
    expect(await db().select().from(productKeywords).where(eq(productKeywords.product_id, p.id))).toEqual([]);
    expect(
      (await api.post('/api/product', simpleBody(refs, { keywords: 'gone1', isPublish: true }))).statusCode,
    ).toBe(200);
    expect((await api.delete(`/api/products/delete/${p.id}`)).statusCode).toBe(404);
  });

  it('copy makes an unpublished product without keywords, with new configuration ids', async () => {
    const { api } = await sellerApi(rt);
    const original = await createProduct(
      api,
      configuredBody([refs.color.red, refs.color.blue], sizes3(), {
        keywords: 'copy1',
        isPublish: true,
        photos: [{ url: 'https://cdn.example.com/a.jpg' }],
        tags: ['soie'],
      }),
    );
    const res = await api.get(`/api/products/copy/${original.id}`);
    expect(res.statusCode).toBe(200);
    const { productIds } = res.json();
    expect(productIds).toHaveLength(1);
    const copy = (await api.get(`/api/fetch-product/${productIds[0]}`)).json().product;
    expect(copy).toMatchObject({
      name: 'Robe fleurie (copie)',
      isPublish: false,
      keywords: '',
      configured: true,
      selectedColors: original.selectedColors,
      selectedSizes: original.selectedSizes,
      tags: original.tags,
    });
    expect(copy.photos.map((p: { url: string }) => p.url)).toEqual(['https://cdn.example.com/a.jpg']);
    const strip = (c: { id: number }) => ({ ...c, id: 0 });
    expect(copy.configurations.map(strip)).toEqual(original.configurations.map(strip));
    const originalIds = new Set(original.configurations.map((c) => c.id));
    expect(copy.configurations.every((c: { id: number }) => !originalIds.has(c.id))).toBe(true);
    const en = await api.get(`/api/products/copy/${original.id}?locale=en`);
    const copyEn = (await api.get(`/api/fetch-product/${en.json().productIds[0]}`)).json().product;
    expect(copyEn.name).toBe('Robe fleurie (copy)');
  });

  it('bulk copy and bulk delete take {data} JSON or {ids}; none selected answers select_item', async () => {
    const { seller, api } = await sellerApi(rt);
    const a = await createProduct(api, simpleBody(refs, { name: 'A' }));
    const b = await createProduct(api, simpleBody(refs, { name: 'B' }));
    const copied = await api.post('/api/products/bulk-copy', {
      data: JSON.stringify([
        { id: a.id, checked: true },
        { id: b.id, checked: true },
      ]),
    });
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json().productIds).toHaveLength(2);
    const names = (await productsOf(seller.id)).map((p) => p.name).sort();
    expect(names).toEqual(['A', 'A (copie)', 'B', 'B (copie)']);

    for (const body of [{}, { data: '[]' }, { ids: [] }]) {
      const none = await api.post('/api/products/bulk-delete', body);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({
        error: 'select_item',
        message: 'Sélectionnez au moins un élément',
      });
    }
    expect((await api.post('/api/products/bulk-copy', { ids: [] })).json().error).toBe('select_item');

    const deleted = await api.post('/api/products/bulk-delete', { ids: [a.id, String(b.id)] });
    expect(deleted.json()).toEqual({ success: true, count: 2 });
    expect((await api.get('/api/fetch-products')).json().count).toBe(2);
  });
});

describe('tenant isolation', () => {
  it("another seller's product answers 404 for every call and is left untouched", async () => {
    const owner = await sellerApi(rt);
    const p = await createProduct(
      owner.api,
      simpleBody(refs, {
        keywords: 'mine1',
        isPublish: true,
        photos: [{ url: 'https://cdn.example.com/a.jpg' }],
      }),
    );
    const { api: other } = await sellerApi(rt);
    const photoId = p.photos[0].id;
    const calls = [
      other.get(`/api/fetch-product/${p.id}`),
      other.post('/api/product', { ...simpleBody(refs, { name: 'Hijacked' }), id: p.id }),
      other.delete(`/api/products/delete/${p.id}`),
      other.get(`/api/products/copy/${p.id}`),
      other.post(`/api/products/photo-delete/${p.id}`, { photoId }),
      other.post(`/api/products/photos-order/${p.id}`, { photoIds: [photoId] }),
      other.post('/api/products/bulk-delete', { ids: [p.id] }),
      other.post('/api/products/bulk-copy', { ids: [p.id] }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    expect((await other.get('/api/fetch-products')).json().count).toBe(0);
    expect((await other.get('/api/products/find?searchStr=Foulard')).json().result).toEqual([]);
    expect((await owner.api.get(`/api/fetch-product/${p.id}`)).json().product).toEqual(p);
    expect(await productsOf((await sellerApi(rt)).seller.id)).toHaveLength(0);
    const copies = await db()
      .select()
      .from(products)
      .where(inArray(products.name, ['Hijacked', 'Foulard en soie (copie)']));
    expect(copies.filter((c) => c.seller_id === owner.seller.id)).toHaveLength(0);
  });

  it('a shopper may not call the inventory', async () => {
    const buyer = await client(rt, await makeBuyer(rt));
    expect((await buyer.get('/api/fetch-products')).statusCode).toBe(403);
  });
});

describe('pickers', () => {
  it('products/find searches name, keyword and SKU; tags/find the seller’s tags', async () => {
    const { api } = await sellerApi(rt);
    const tag = uniq();
    const p = await createProduct(
      api,
      simpleBody(refs, {
        name: 'Écharpe laine',
        keywords: 'echarpe5',
        sku: 'ECH5',
        tags: [`hiver-${tag}`, 'laine'],
      }),
    );
    await createProduct(api, simpleBody(refs, { name: 'Bonnet', sku: 'BON1' }));
    for (const term of ['echarpe', 'ÉCHARPE5', 'ech5']) {
      const res = await api.get(`/api/products/find?searchStr=${encodeURIComponent(term)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toEqual([
        { id: p.id, name: 'Écharpe laine', keywords: 'echarpe5', photo: null },
      ]);
    }
    expect((await api.get('/api/products/find')).json().result).toHaveLength(2);
    const tags = await api.get(`/api/tags/find?tag=${tag}`);
    expect(tags.json().result).toEqual([{ id: expect.any(Number), name: `hiver-${tag}` }]);
    expect((await api.get('/api/tags/find')).json().result.map((t: { name: string }) => t.name)).toEqual([
      `hiver-${tag}`,
      'laine',
    ]);
  });
});

describe('demo', () => {
  it('the demo seller has a published dress grid, a scarf and a draft', async () => {
    const demo = await startTestApp({ databaseUrl: undefined });
    try {
      await seedDemo(demo.deps.database.db, { force: true, embedded: true });
      const { jar } = await signIn(demo, 'seller@demo.test', DEMO_PASSWORD, { ip: '10.4.0.1' });
      const api = authedClient(demo, jar);
      const list = (await api.get('/api/fetch-products?column=products.name&sort=ASC')).json();
      expect(list.items.map((i: { name: string }) => i.name)).toEqual([
        'Foulard en soie',
        'Pull en laine (brouillon)',
        'Robe fleurie',
      ]);
      const dress = (await api.get(`/api/fetch-product/${list.items[2].id}`)).json().product;
      expect(dress).toMatchObject({ configured: true, isPublish: true, keywords: 'robe12' });
      expect(dress.configurations).toHaveLength(6);
    } finally {
      await demo.close();
    }
  });
});
