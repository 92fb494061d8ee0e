import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countries,
  paymentMethods,
  shippingMethodCountries,
  shippingMethods,
} from '../src/db/schema/index.ts';
import { orderAccessToken } from '../src/modules/orders/cart.ts';
import type { Runtime } from '../src/runtime.ts';
import { client, makeBuyer, ORIGIN, startTestApp, uniqueIp } from './helpers.ts';
import { comment, liveSeller, reads, simpleProduct, viewer } from './live-fixtures.ts';
import { createProduct, loadRefs, multipart, type Refs, sellerApi, simpleBody } from './product-fixtures.ts';
import { tenantRows } from './tenant-state.ts';

let rt: Runtime;
let refs: Refs;
let FR: number;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
  FR = (await rt.deps.database.db.select().from(countries).where(eq(countries.iso, 'FR')))[0].id;
});
afterAll(() => rt.close());

type Res = Awaited<ReturnType<Runtime['app']['inject']>>;

const NUL = '\u0000';
const LONE_HIGH = '\ud83d';
const LONE_LOW = '\ude00';
const q = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));

/** A 400 `validation` answer naming exactly these fields. */
function expectFields(res: Res, fields: string[]) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.error).toBe('validation');
  expect(Object.keys(body.fields ?? {}).sort(), res.body).toEqual([...fields].sort());
}

/** Runs `send`, expects a 400 naming `fields`, and every row of `accounts` as it was. */
async function refused(accounts: number[], fields: string[], send: () => Promise<Res>) {
  const before = await tenantRows(rt, accounts);
  expectFields(await send(), fields);
  expect(await tenantRows(rt, accounts)).toEqual(before);
}

describe('trust #7: a NUL byte or a lone surrogate in any text answers 400 naming the field, and nothing changes', () => {
  it('product save, profile, address, live session: the field is named and nothing is written', async () => {
    const { seller, api } = await sellerApi(rt);
    const product = await createProduct(api, simpleBody(refs, { name: 'Foulard', description: 'Soie' }));
    const me = [seller.id];

    await refused(me, ['name'], () => api.post('/api/product', simpleBody(refs, { name: `Robe${NUL}` })));
    await refused(me, ['description', 'tags.1'], () =>
      api.post('/api/product', {
        ...simpleBody(refs, { description: `Coton ${LONE_HIGH}` }),
        tags: ['été', `promo${LONE_LOW}`],
      }),
    );
    await refused(me, ['description'], () =>
      api.post('/api/product', simpleBody(refs, { id: product.id, description: `Soie${NUL}` } as never)),
    );
    await refused(me, ['company_name'], () =>
      api.post('/api/profile', {
        first_name: 'Marie',
        last_name: 'Curie',
        company_name: `Atelier${NUL}`,
        phone: '0612345678',
      }),
    );
    // a phone number is digits: one with a lone surrogate is refused as no phone number
    await refused(me, ['phone'], () =>
      api.post('/api/profile', { first_name: 'Marie', last_name: 'Curie', phone: `0612${LONE_HIGH}345678` }),
    );
    const address = { country_id: FR, state: 'Ile-de-France', post_code: '75005', city: 'Paris' };
    await refused(me, ['address1', 'city'], () =>
      api.post('/api/address', { ...address, city: `Pa${LONE_LOW}ris`, address1: `12 rue${NUL} Monge` }),
    );
    await refused(me, ['address1'], () =>
      api.post('/api/address-seller', { ...address, address1: `12 rue Monge${NUL}` }),
    );
    await refused(me, ['scenario'], () =>
      api.post('/api/livesession', {
        event_date: '2026-12-24',
        event_time: '18:00',
        order_timer: 15,
        scenario: `Noël${NUL}`,
      }),
    );
    // The same texts without the bad characters are saved, emoji (whole surrogate pairs) included.
    const ok = await api.post('/api/profile', {
      first_name: 'Marie',
      last_name: 'Curie',
      company_name: 'Atelier 🌸',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.company_name).toBe('Atelier 🌸');
  });

  it('the checkout form: the address field is named, no payment starts and the cart is as it was', async () => {
    const shop = await liveSeller(rt);
    const db = rt.deps.database.db;
    const { keyword } = await simpleProduct(rt, refs, shop.api, 5);
    const from = viewer();
    await shop.post([comment(keyword, from)]);
    const cart = await reads(rt).cartOfViewer(shop.seller.id, from);
    if (!cart) throw new Error('no cart');
    const [colissimo] = await db
      .insert(shippingMethods)
      .values({ seller_id: shop.seller.id, name: 'Colissimo' })
      .returning();
    await db.insert(shippingMethodCountries).values({
      shipping_method_id: colissimo.id,
      seller_id: shop.seller.id,
      country_id: FR,
      price_cents: 490,
    });
    await db
      .insert(paymentMethods)
      .values({ seller_id: shop.seller.id, provider: 'sandbox', method: 'card', status: true });
    const body = (city: string) => ({
      orderNumber: cart.order_number,
      t: orderAccessToken(rt.deps.config.authSecret, cart.order_number),
      address: {
        first_name: 'Marie',
        last_name: 'Curie',
        email: 'marie@example.com',
        phone: '0612345678',
        country_id: FR,
        state: 'Ile-de-France',
        post_code: '75005',
        city,
        address1: '12 rue Pierre et Marie Curie',
        address2: `Bâtiment B${LONE_HIGH}`,
      },
      shipping_method_id: colissimo.id,
      payment_method: 'sandbox:card',
      accept_terms: true,
    });
    const post = (payload: object) =>
      rt.app.inject({ method: 'POST', url: '/api/checkout?locale=fr', headers: { origin: ORIGIN }, payload });
    await refused([shop.seller.id], ['address.address2', 'address.city'], () => post(body(`Paris${NUL}`)));
  });

  it('query strings, JSON in a query string, form-encoded bodies and route params are checked too', async () => {
    const { seller, api } = await sellerApi(rt);
    const buyer = await client(rt, await makeBuyer(rt));
    expectFields(await api.get('/api/fetch-products?query=%00'), ['query']);
    expectFields(await api.get('/api/products/find?searchStr=robe%00'), ['searchStr']);
    expectFields(await api.get('/api/tags/find?tag=%00'), ['tag']);
    expectFields(await api.get(`/api/fetch-products?queryFilter=${q({ product_name: `a${NUL}` })}`), [
      'queryFilter.product_name',
    ]);
    expectFields(await api.get(`/api/fetch-products?queryFilter=${q({ product_name: LONE_LOW })}`), [
      'queryFilter.product_name',
    ]);
    expectFields(await buyer.get('/api/invoices/LC%00.pdf'), ['orderNumber']);
    expectFields(await rt.app.inject({ url: '/api/files/products/a%00.jpg' }), ['*']);
    await refused([seller.id], ['email'], () =>
      rt.app.inject({
        remoteAddress: uniqueIp(),
        method: 'POST',
        url: '/api/auth/restorePassword',
        headers: { origin: ORIGIN },
        payload: { email: `${seller.email}${NUL}` },
      }),
    );
    // Auth.js's sign-in form is form-encoded.
    const csrf = await rt.app.inject({ url: '/api/auth/csrf' });
    await refused([seller.id], ['email'], () =>
      rt.app.inject({
        method: 'POST',
        url: '/api/auth/callback/credentials',
        headers: {
          origin: ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
          'x-auth-return-redirect': '1',
          cookie: String(csrf.headers['set-cookie']).split(';')[0],
        },
        payload: new URLSearchParams({
          csrfToken: csrf.json().csrfToken,
          email: `${seller.email}${NUL}`,
          password: 'secret123',
          json: 'true',
        }).toString(),
      }),
    );
  });

  it('a CSV import with a NUL byte in a cell answers its line and column and imports nothing', async () => {
    const { seller, api } = await sellerApi(rt);
    const csv = [
      'name,description,hashtags,publish,price,quantity,sku,color',
      'Robe,Coton,robe1,TRUE,30,2,ROBE1,red',
      `Jupe,Lin${NUL},jupe1,TRUE,20,1,JUPE1,blue`,
    ].join('\n');
    const { body, headers } = multipart([{ field: 'file', filename: 'p.csv', data: csv, type: 'text/csv' }]);
    const before = await tenantRows(rt, [seller.id]);
    const res = await api.post('/api/products/import', body, headers);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe('csv_invalid');
    expect(res.json().report).toEqual([
      expect.objectContaining({ line: 3, column: 'description', reason: 'invalid_characters' }),
    ]);
    expect(await tenantRows(rt, [seller.id])).toEqual(before);
  });
});

describe('trust #7: a day that does not exist answers 400 naming it', () => {
  it('in the day filters of the lists and the dashboard', async () => {
    const { api } = await sellerApi(rt);
    const buyer = await client(rt, await makeBuyer(rt));
    expectFields(
      await api.get(`/api/livesession/fetch-items?queryFilter=${q({ event_date: { from: '2026-02-31' } })}`),
      ['queryFilter.event_date.from'],
    );
    expectFields(await api.get(`/api/dashboard/fetch-items?queryFilter=${q({ to: '2026-04-31' })}`), [
      'queryFilter.to',
    ]);
    expectFields(
      await api.get(`/api/payments/fetch-items?queryFilter=${q({ created_at: { to: '2025-02-29' } })}`),
      ['queryFilter.created_at.to'],
    );
    expectFields(
      await buyer.get(`/api/orders/fetch-items?queryFilter=${q({ created_at: { from: '0000-01-01' } })}`),
      ['queryFilter.created_at.from'],
    );
    expectFields(
      await api.get(`/api/livesession/fetch-items?queryFilter=${q({ event_date: { to: '2026-13-01' } })}`),
      ['queryFilter.event_date.to'],
    );
    // A leap day is a day.
    const leap = await api.get(
      `/api/livesession/fetch-items?queryFilter=${q({ event_date: { from: '2024-02-29', to: '2028-02-29' } })}`,
    );
    expect(leap.statusCode, leap.body).toBe(200);
  });

  it('in a live session’s date', async () => {
    const { seller, api } = await sellerApi(rt);
    for (const event_date of ['0000-06-01', '2026-02-29', '2026-06-31']) {
      await refused([seller.id], ['event_date'], () =>
        api.post('/api/livesession', { event_date, event_time: '18:00', order_timer: 15 }),
      );
    }
  });
});

describe('trust #7: an id too large for the database answers 400 naming it', () => {
  it('in route params, query strings, filters and bodies', async () => {
    const { seller, api } = await sellerApi(rt);
    const TOO_LARGE = 2_147_483_648;
    expectFields(await api.get(`/api/fetch-product/${TOO_LARGE}`), ['id']);
    expectFields(await api.get(`/api/livesession/${TOO_LARGE}`), ['id']);
    expectFields(await api.get(`/api/orders/expire?orderId=${TOO_LARGE}`), ['orderId']);
    expectFields(await api.get(`/api/fetch-products?queryFilter=${q({ color_id: TOO_LARGE })}`), [
      'queryFilter.color_id',
    ]);
    await refused([seller.id], ['ids.0'], () => api.post('/api/notifications/read', { ids: [TOO_LARGE] }));
    await refused([seller.id], ['ids'], () => api.post('/api/products/bulk-delete', { ids: [TOO_LARGE] }));
    const webhook = await rt.app.inject({
      method: 'POST',
      url: `/api/payments/webhook/sandbox?paymentId=${TOO_LARGE}`,
    });
    expect(webhook.statusCode, webhook.body).toBe(400);
    // The largest id is an id: that product does not exist.
    expect((await api.get('/api/fetch-product/2147483647')).statusCode).toBe(404);
  });
});
