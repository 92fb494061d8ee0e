import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.ts';
import { createProduct, loadRefs, type Refs, sellerApi, simpleBody } from '../../../test/product-fixtures.ts';
import { catalogueVersions, productConfigurations, users } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';
import { setStock } from './stock.ts';

/*
 * The catalogue's version per seller (sql/catalogue.sql), which a live's posts read to know whether
 * their cached catalogue is still right: it moves with every change of the seller's products,
 * never with stock, never for another seller.
 */

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;
const versionOf = async (sellerId: number) =>
  (await db().select().from(catalogueVersions).where(eq(catalogueVersions.seller_id, sellerId)))[0]
    ?.version ?? 0;

describe('the catalogue version', () => {
  it('moves when a product is created, saved, published, unpublished or deleted, not when its stock moves', async () => {
    const { seller, api } = await sellerApi(rt);
    const other = await sellerApi(rt);
    expect(await versionOf(seller.id)).toBe(0);
    const body = simpleBody(refs, { keywords: 'robe', quantity: 5, price: 25 });
    const product = await createProduct(api, body);
    const created = await versionOf(seller.id);
    expect(created).toBeGreaterThan(0);

    await createProduct(api, { ...body, id: product.id, isPublish: true } as typeof body);
    const published = await versionOf(seller.id);
    expect(published).toBeGreaterThan(created);
    await createProduct(api, { ...body, id: product.id, isPublish: false } as typeof body);
    const unpublished = await versionOf(seller.id);
    expect(unpublished).toBeGreaterThan(published);

    const [config] = await db()
      .select()
      .from(productConfigurations)
      .where(eq(productConfigurations.product_id, product.id));
    expect(await setStock(db(), { sellerId: seller.id, configurationId: config.id, quantity: 9 })).toBe(5);
    expect(await versionOf(seller.id)).toBe(unpublished);

    expect((await api.delete(`/api/products/delete/${product.id}`)).statusCode).toBe(200);
    expect(await versionOf(seller.id)).toBeGreaterThan(unpublished);
    expect(await versionOf(other.seller.id)).toBe(0);
  });

  it('moves once for a statement that changes many products, and lets a seller with products be deleted', async () => {
    const { seller, api } = await sellerApi(rt);
    for (const keyword of ['jupe', 'pull', 'gilet'])
      await createProduct(api, simpleBody(refs, { keywords: keyword, quantity: 1, price: 10 }));
    const before = await versionOf(seller.id);
    await rt.deps.database.raw(`UPDATE products SET is_publish = true WHERE seller_id = $1`, [seller.id]);
    expect(await versionOf(seller.id)).toBe(before + 1);
    await db().delete(users).where(eq(users.id, seller.id));
    const left = await rt.deps.database.raw<{ n: number }>(
      'SELECT count(*)::int AS n FROM products WHERE seller_id = $1',
      [seller.id],
    );
    expect(left[0].n).toBe(0);
  });
});
