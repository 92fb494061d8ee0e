import { eq } from 'drizzle-orm';
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
import { productConfigurations, products } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

const upload = (api: Api, csv: string | Buffer, query = '') => {
  const { body, headers } = multipart([
    { field: 'file', filename: 'products.csv', data: csv, type: 'text/csv' },
  ]);
  return api.post(`/api/products/import${query}`, body, headers);
};

const productsOf = (sellerId: number) =>
  rt.deps.database.db.select().from(products).where(eq(products.seller_id, sellerId)).orderBy(products.id);

const HEADER = 'name,description,hashtags,styles,photo links,publish,price,quantity,sku,color,size';

describe('CSV import', () => {
  it('the downloadable example imports as it is', async () => {
    const example = await rt.app.inject({ url: '/api/products/csv-example' });
    expect(example.statusCode).toBe(200);
    expect(example.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(example.headers['content-disposition']).toContain('attachment');
    const { seller, api } = await sellerApi(rt);
    const res = await upload(api, example.rawPayload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, imported: 2, configurations: 5 });

    const [dress, scarf] = await productsOf(seller.id);
    const robe = (await api.get(`/api/fetch-product/${dress.id}`)).json().product;
    expect(robe).toMatchObject({
      name: "Robe d'été fleurie",
      description: 'Robe légère en coton, coupe évasée.\nLavable à 30 °C.',
      isPublish: true,
      configured: true,
      keywords: 'robe12,summerdress',
      price: 39.9,
      quantity: 17,
      selectedColors: [refs.color.blue, refs.color.red],
      selectedSizes: [refs.size['letters:S'], refs.size['letters:M']],
    });
    expect(robe.configurations).toHaveLength(4);
    expect(robe.configurations.find((c: { sku: string }) => c.sku === 'ROBE12ROUGEM')).toMatchObject({
      color_id: refs.color.red,
      size_id: refs.size['letters:M'],
      price: 42,
      quantity: 2,
    });
    expect(robe.photos.map((p: { url: string }) => p.url)).toEqual([
      'https://example.com/photos/robe12-bleue.jpg',
      'https://example.com/photos/robe12-rouge.jpg',
    ]);
    expect(robe.tags.map((t: { name: string }) => t.name)).toEqual(['bohème', 'casual']);
    expect(robe.style).not.toBeNull();
    const foulard = (await api.get(`/api/fetch-product/${scarf.id}`)).json().product;
    expect(foulard).toMatchObject({
      configured: false,
      isPublish: false,
      selectedColors: [refs.color.pink],
      selectedSizes: [refs.size['one_size:one_size']],
      configurations: [{ price: 25, quantity: 10, sku: 'FOULARD7' }],
    });
    // Published keywords are live: the editor now refuses them for another product.
    const clash = await api.post('/api/product', simpleBody(refs, { keywords: 'ROBE12', isPublish: true }));
    expect(clash.json().params).toEqual({ keyword: 'ROBE12', product: "Robe d'été fleurie" });
  });

  it('reads ; separated files with French headers, quotes and variation rows', async () => {
    const { seller, api } = await sellerApi(rt);
    const csv = [
      'Nom;Description;Mots-clés;Style;Photos;Publier;Prix;Quantité;Référence;Couleur;Taille',
      'Pull;"Maille; douce ""épaisse""";pull9;;;VRAI;49,90;2;PULL9N38;noir;38',
      ';;;;;;49,90;0;PULL9N40;Noir;40',
      ';;;;;;52;1;PULL9B38;Blanc;38',
      ';;;;;;52;3;PULL9B40;white;40',
      '',
      'Bonnet;;;;;FAUX;15;4;BON1;Rouge;',
    ];
    const res = await upload(api, csv.join('\n'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 2, configurations: 5 });
    const rows = await productsOf(seller.id);
    expect(rows.map((p) => [p.name, p.configured, p.is_publish, p.description])).toEqual([
      ['Pull', true, true, 'Maille; douce "épaisse"'],
      ['Bonnet', false, false, ''],
    ]);
    const pull = (await api.get(`/api/fetch-product/${rows[0].id}`)).json().product;
    // 38 and 40 are EU clothing and shoe sizes: the first table holding all of them wins.
    expect(pull.sizes.map((s: { size_table: string; code: string }) => `${s.size_table}:${s.code}`)).toEqual([
      'eu:38',
      'eu:40',
    ]);
    expect(pull.selectedColors).toEqual([refs.color.black, refs.color.white]);
  });

  it('a file with bad rows answers a report of every problem and imports nothing', async () => {
    const { seller, api } = await sellerApi(rt);
    await createProduct(api, simpleBody(refs, { name: 'Robe rouge', keywords: 'robe12', isPublish: true }));
    const csv = [
      HEADER,
      'Robe,,robe12,,,TRUE,39.90,5,ROBE12S,red,S', // line 2: keyword of 'Robe rouge'
      ',,,,,,abc,4,ROBE12M,red,M', // line 3: price not a number
      ',,,,,,39.90,-1,ROBE12L,red,L', // line 4: negative quantity
      'Jupe,,,,,maybe,20,1,JUPE-1,mauve,XXL', // line 5: publish, SKU, colour
      'Top,"multi',
      'line",,,not-a-url,FALSE,10,1,TOP1,blue,XXXXXL', // lines 6-7: photo link and size
      'Gilet,,,,,,,,,,', // line 8: price, quantity, SKU and colour required
      'Short,,,,,,10,1,SH1,red,S', // line 9: a grid missing red/M
      ',,,,,,10,1,SH2,blue,M',
      'Sac,,sac1,,,TRUE,30,1,SAC1,red,',
      'Sac bis,,SAC1,,,TRUE,30,1,SAC2,red,', // line 12: keyword already in line 11
    ].join('\r\n');
    const res = await upload(api, csv, '?locale=en');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      error: 'csv_invalid',
      message: 'The file has errors: nothing was imported',
    });
    const brief = body.report.map((r: { line: number; column: string; reason: string }) => [
      r.line,
      r.column,
      r.reason,
    ]);
    expect(brief).toEqual([
      [3, 'price', 'numeric'],
      [4, 'quantity', 'not_negative'],
      [5, 'publish', 'publish_value'],
      [5, 'sku', 'sku_chars'],
      [5, 'color', 'unknown_color'],
      [6, 'photo links', 'url'],
      [6, 'size', 'unknown_size'],
      [8, 'price', 'required'],
      [8, 'quantity', 'required'],
      [8, 'sku', 'required'],
      [8, 'color', 'required'],
      [9, 'size', 'missing_variant'],
    ]);
    expect(body.report.find((r: { line: number }) => r.line === 9).message).toBe(
      'Every colour and size pair needs its row (red / M, blue / S)',
    );
    expect(await productsOf(seller.id)).toHaveLength(1);

    // Once the rows are right, the keyword clashes are reported too (with the product that has it).
    const keywordsOnly = [
      HEADER,
      'Robe,,robe12,,,TRUE,39.90,5,ROBE12S,red,S',
      'Sac,,sac1,,,TRUE,30,1,SAC1,red,',
      'Sac bis,,SAC1,,,TRUE,30,1,SAC2,red,',
      'Sac brouillon,,SAC1,,,FALSE,30,1,SAC3,red,',
    ].join('\n');
    const clash = await upload(api, keywordsOnly, '?locale=en');
    expect(clash.json().report).toEqual([
      {
        line: 2,
        column: 'hashtags',
        reason: 'keyword_taken',
        message: "The keyword ROBE12 is already used by 'Robe rouge'",
      },
      {
        line: 4,
        column: 'hashtags',
        reason: 'keyword_taken',
        message: "The keyword SAC1 is already used by 'Sac'",
      },
    ]);
    expect(await productsOf(seller.id)).toHaveLength(1);
  });

  it('reports a missing column, a variation row before any product and an empty file', async () => {
    const { api } = await sellerApi(rt);
    const noSku = await upload(api, 'name,price,quantity,color\nA,1,1,red');
    expect(noSku.json().report).toEqual([
      { line: 1, column: 'sku', reason: 'missing_column', message: 'Colonne manquante' },
    ]);
    const orphan = await upload(api, `${HEADER}\n,,,,,,1,1,A1,red,S`);
    expect(orphan.json().report.map((r: { reason: string }) => r.reason)).toEqual(['variation_first']);
    const empty = await upload(api, `${HEADER}\n`);
    expect(empty.json().report.map((r: { reason: string }) => r.reason)).toEqual(['empty_file']);
    const none = await api.post('/api/products/import', {});
    expect(none.json()).toMatchObject({ error: 'validation', fields: { file: 'required' } });
  });

  it('reads a Windows-1252 file', async () => {
    const { seller, api } = await sellerApi(rt);
    const latin1 = Buffer.from(`${HEADER}\nRobe été,,,,,FALSE,10,1,R1,Écru,S\n`, 'latin1');
    const res = await upload(api, latin1);
    expect(res.statusCode, res.body).toBe(200);
    expect((await productsOf(seller.id))[0].name).toBe('Robe été');
  });

  it('imports 10,000 rows in a few seconds', async () => {
    const { seller, api } = await sellerApi(rt);
    const lines = [HEADER];
    for (let p = 0; p < 2500; p++) {
      lines.push(`Produit ${p},Description ${p},kw${p},Casual,,TRUE,${10 + (p % 50)},3,P${p}RS,red,S`);
      lines.push(`,,,,,,${10 + (p % 50)},2,P${p}RM,red,M`);
      lines.push(`,,,,,,${12 + (p % 50)},1,P${p}BS,blue,S`);
      lines.push(`,,,,,,${12 + (p % 50)},0,P${p}BM,blue,M`);
    }
    const started = performance.now();
    const res = await upload(api, lines.join('\n'));
    const ms = performance.now() - started;
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json()).toEqual({ success: true, imported: 2500, configurations: 10000 });
    expect(ms).toBeLessThan(15_000);
    const [{ n }] = await rt.deps.database.raw<{ n: number }>(
      'SELECT count(*)::int AS n FROM product_configurations WHERE seller_id = $1',
      [seller.id],
    );
    expect(n).toBe(10000);
    const [{ k }] = await rt.deps.database.raw<{ k: number }>(
      'SELECT count(*)::int AS k FROM product_keywords WHERE seller_id = $1',
      [seller.id],
    );
    expect(k).toBe(2500);
    const list = (await api.get('/api/fetch-products?limit=10')).json();
    expect(list.count).toBe(2500);
    expect(list.items[0].colors).toHaveLength(2);
    expect(productConfigurations).toBeDefined();
  });
});
