import { type APIRequestContext, expect } from '@playwright/test';

export interface NewProduct {
  name: string;
  keyword: string;
  sku: string;
  quantity: number;
  price?: number;
}

export interface CreatedProduct {
  id: number;
  configurationId: number;
}

/** The body of `POST /api/product` for a published single-configuration product in the first colour. */
export async function productBody(request: APIRequestContext, p: NewProduct) {
  const additional = await request.get('/api/products/fetch-additional');
  expect(additional.ok()).toBe(true);
  const { colors } = (await additional.json()) as { colors: { id: number }[] };
  return {
    name: p.name,
    description: 'Article de test e2e',
    isPublish: true,
    configured: false,
    keywords: p.keyword,
    price: p.price ?? 42,
    quantity: p.quantity,
    sku: p.sku,
    selectedColors: [colors[0].id],
    selectedSizes: [],
    configurations: [],
  };
}

/**
 * Creates a published single-configuration product through the API, as the seller whose session
 * `request` carries; `origin` is the app's, sent as the web app sends it.
 */
export async function createProduct(
  request: APIRequestContext,
  origin: string,
  p: NewProduct,
): Promise<CreatedProduct> {
  const res = await request.post('/api/product', {
    headers: { Origin: origin },
    data: await productBody(request, p),
  });
  expect(res.status(), await res.text()).toBe(200);
  const { product } = (await res.json()) as { product: { id: number; configurations: { id: number }[] } };
  expect(product.configurations).toHaveLength(1);
  return { id: product.id, configurationId: product.configurations[0].id };
}

/** The seller's products whose name contains `name`, as the products list answers them. */
export async function productsNamed(request: APIRequestContext, name: string) {
  const res = await request.get('/api/fetch-products', {
    params: { limit: 100, offset: 0, queryFilter: JSON.stringify({ product_name: name }) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { count: number; items: { id: number; name: string }[] };
}
