import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, email, SIGNED_OUT, sessionFile } from '../support/accounts.ts';
import { createProduct, productBody, productsNamed } from '../support/products-api.ts';

/* A request another site makes with the seller's cookie is refused before it runs, whatever its
   method: 403 `bad_origin`. The browser says where a request comes from with Sec-Fetch-Site, an
   older one only with Origin. The same request from the app's own page goes through. */

const FOREIGN = 'https://shop.example';
const FROM_ELSEWHERE = {
  'a browser that sends Sec-Fetch-Site': { Origin: FOREIGN, 'Sec-Fetch-Site': 'cross-site' },
  'a browser that sends only Origin': { Origin: FOREIGN },
};

test.describe('requests from another site', () => {
  test.use({ storageState: sessionFile('seller') });
  const run = Date.now().toString(36);

  test('a state-changing GET (copy a product) is refused and copies nothing', async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').origin;
    const name = `Copie refusée ${run}`;
    const { id } = await createProduct(request, origin, {
      name,
      keyword: `refus${run}`,
      sku: `REFUS${run}`.toUpperCase(),
      quantity: 1,
    });

    for (const [browser, headers] of Object.entries(FROM_ELSEWHERE)) {
      const res = await request.get(`/api/products/copy/${id}`, { headers });
      expect(res.status(), browser).toBe(403);
      expect((await res.json()).error, browser).toBe('bad_origin');
    }
    expect((await productsNamed(request, name)).count).toBe(1);

    // the app's own page copies it
    const own = await request.get(`/api/products/copy/${id}`, {
      headers: { Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(own.status(), await own.text()).toBe(200);
    expect((await productsNamed(request, name)).count).toBe(2);
  });

  test('a state-changing GET (start a live) is refused and the live stays scheduled', async ({ request }) => {
    const sessions = await request.get('/api/livesession/fetch-items');
    const { items } = (await sessions.json()) as { items: { id: number; status: string }[] };
    const scheduled = items.find((s) => s.status === 'scheduled');
    expect(scheduled, 'the demo schedules a live tonight').toBeTruthy();

    for (const [browser, headers] of Object.entries(FROM_ELSEWHERE)) {
      const res = await request.get(`/api/livesession/start/${scheduled?.id}`, { headers });
      expect(res.status(), browser).toBe(403);
      expect((await res.json()).error, browser).toBe('bad_origin');
    }
    const after = await request.get(`/api/livesession/${scheduled?.id}`);
    expect(((await after.json()) as { item: { status: string } }).item.status).toBe('scheduled');
  });

  test('a product posted from another site is not created', async ({ request }) => {
    const name = `Produit refusé ${run}`;
    const data = await productBody(request, {
      name,
      keyword: `autre${run}`,
      sku: `AUTRE${run}`.toUpperCase(),
      quantity: 1,
    });
    for (const [browser, headers] of Object.entries(FROM_ELSEWHERE)) {
      const res = await request.post('/api/product', { headers, data });
      expect(res.status(), browser).toBe(403);
      expect((await res.json()).error, browser).toBe('bad_origin');
    }
    expect((await productsNamed(request, name)).count).toBe(0);
  });
});

test.describe('signing in from another site', () => {
  test.use({ storageState: SIGNED_OUT });

  test("another site's sign-in form is refused and signs nobody in", async ({ request }) => {
    const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
    const res = await request.post('/api/auth/callback/credentials', {
      headers: FROM_ELSEWHERE['a browser that sends Sec-Fetch-Site'],
      form: { csrfToken, email: email('seller'), password: DEMO_PASSWORD, json: 'true' },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).error).toBe('bad_origin');
    expect(await (await request.get('/api/auth/session')).json()).toBeNull();
  });
});
