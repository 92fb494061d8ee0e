import type { TShippingMethod } from '@livecart/contract/shipping';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../../test/fixtures.ts';
import { client, makeAdmin, makeBuyer, makeSeller, startTestApp } from '../../../test/helpers.ts';
import { form, png, storedLogos, uniqueName } from '../../../test/shipping-fixtures.ts';
import { countries, orders, shippingMethodCountries, shippingMethods } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

type Api = Awaited<ReturnType<typeof client>>;
let rt: Runtime;
let admin: Api;
let buyer: Api;
let FR: number;

beforeAll(async () => {
  rt = await startTestApp();
  admin = await client(rt, await makeAdmin(rt));
  buyer = await client(rt, await makeBuyer(rt));
  [{ id: FR }] = await db().select({ id: countries.id }).from(countries).where(eq(countries.iso, 'FR'));
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;
const catalogue = async () =>
  (await admin.get('/api/shipping/fetch-all')).json().shippings as TShippingMethod[];
const create = (payload: ReturnType<typeof form>) =>
  admin.post('/api/shipping/create', payload.body, payload.headers);

describe('the carrier catalogue (admin)', () => {
  it('starts with the carriers of migration 0013, each shown to a seller off with no countries', async () => {
    const names = (await catalogue()).map((m) => m.name);
    for (const carrier of [
      'Colissimo',
      'Mondial Relay',
      'Chronopost',
      'DPD',
      'GLS',
      'Colis Privé',
      'UPS',
      'DHL Express',
      'bpost',
      'Retrait en boutique',
    ]) {
      expect(names).toContain(carrier);
    }
    const seller = await client(rt, await makeSeller(rt));
    const theirs = (await seller.get('/api/shipping/fetch-all')).json().shippings as TShippingMethod[];
    expect(theirs.map((m) => m.id)).toEqual((await catalogue()).map((m) => m.id));
    expect(
      theirs.every((m) => m.status === false && m.countries.length === 0 && m.sellers === undefined),
    ).toBe(true);
  });

  it('creates a method from JSON and from a form with a PNG logo served as a re-encoded file', async () => {
    const name = uniqueName();
    const json = await admin.post('/api/shipping/create', { name });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toEqual({
      success: true,
      item: { id: expect.any(Number), name, logo: null, status: true, countries: [], sellers: 0 },
    });

    const withLogo = uniqueName();
    const res = await create(
      form({ name: withLogo }, [{ filename: 'logo.png', data: await png(), type: 'image/png' }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().item as TShippingMethod;
    expect(item.logo).toMatch(/^\/api\/files\/shipping\/[\w-]+\.png$/);
    const served = await rt.app.inject({ method: 'GET', url: item.logo as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/png/);
    expect((await catalogue()).map((m) => m.name)).toEqual(expect.arrayContaining([name, withLogo]));

    const seller = await client(rt, await makeSeller(rt));
    const fetched = await seller.get(`/api/shipping/fetch/${item.id}`);
    expect(fetched.json()).toEqual({ item: { ...item, status: false, sellers: undefined } });
  });

  it('refuses a name another method has, whatever its case, and changes nothing', async () => {
    const before = await catalogue();
    for (const name of ['Colissimo', 'colissimo', 'MONDIAL RELAY']) {
      const res = await admin.post('/api/shipping/create', { name });
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'shipping_exists',
        message: 'Ce mode de livraison existe déjà',
      });
    }
    const logos = storedLogos(rt);
    const withFile = await create(
      form({ name: 'colissimo' }, [{ filename: 'l.png', data: await png(), type: 'image/png' }]),
    );
    expect(withFile.statusCode).toBe(409);
    const dpd = before.find((m) => m.name === 'DPD') as TShippingMethod;
    const rename = await admin.post(`/api/shipping/update/${dpd.id}`, { name: 'gls' });
    expect(rename.statusCode).toBe(409);
    expect(await catalogue()).toEqual(before);
    expect(storedLogos(rt)).toEqual(logos);
  });

  it('checks form fields as JSON bodies: required name, edge spaces, unknown fields, unsafe characters', async () => {
    const before = await catalogue();
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{}, { name: 'required' }],
      [{ name: ' Colis ' }, { name: 'no_edge_spaces' }],
      [{ name: 'Colis', color: 'red' }, { color: 'unknown_field' }],
      [{ name: 'Co\u0000lis' }, { name: 'invalid_characters' }],
      [{ name: 'x'.repeat(101) }, { name: 'max_chars:100' }],
    ];
    for (const [fields, expected] of cases) {
      const res = await create(form(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().fields).toEqual(expected);
    }
    // a form cut short, or sent with another boundary than it announces
    const cut = form({ name: 'Colis' });
    const res = await admin.post('/api/shipping/create', cut.body.subarray(0, 30), cut.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
    const json = await admin.post('/api/shipping/create', { name: 'Colis', color: 'red' });
    expect(json.statusCode).toBe(400);
    expect(json.json().fields).toEqual({ color: 'unknown_field' });
    expect(await catalogue()).toEqual(before);
  });

  it('renames an entry with the sellers’ copies and replaces its logo file; orders keep their name', async () => {
    const created = (
      await create(
        form({ name: uniqueName('Coursier') }, [{ filename: 'a.png', data: await png(), type: 'image/png' }]),
      )
    ).json().item as TShippingMethod;
    const seller = await client(rt, await makeSeller(rt));
    expect(
      (
        await seller.post(`/api/shipping/save-countries/${created.id}`, {
          countries: [{ country_id: FR, price: 5 }],
        })
      ).statusCode,
    ).toBe(200);
    expect((await admin.get(`/api/shipping/fetch/${created.id}`)).json().item.sellers).toBe(1);

    const renamed = uniqueName('Coursier rapide');
    const payload = form({ name: renamed }, [
      {
        filename: 'b.webp',
        data: await sharp(await png('#00c'))
          .webp()
          .toBuffer(),
        type: 'image/webp',
      },
    ]);
    const ok = await admin.post(`/api/shipping/update/${created.id}`, payload.body, payload.headers);
    expect(ok.statusCode, ok.body).toBe(200);
    const item = ok.json().item as TShippingMethod;
    expect(item).toMatchObject({ id: created.id, name: renamed, sellers: 1 });
    expect(item.logo).toMatch(/\.webp$/);
    expect((await rt.app.inject({ method: 'GET', url: created.logo as string })).statusCode).toBe(404);
    expect((await rt.app.inject({ method: 'GET', url: item.logo as string })).statusCode).toBe(200);
    expect((await seller.get(`/api/shipping/fetch/${created.id}`)).json().item).toMatchObject({
      name: renamed,
      status: true,
    });

    // a JSON rename keeps the logo
    const again = await admin.post(`/api/shipping/update/${created.id}`, { name: `${renamed} 2` });
    expect(again.json().item.logo).toBe(item.logo);
  });

  it('deletes an entry with every seller’s copy and prices; orders keep the name they were shipped with', async () => {
    const created = (await admin.post('/api/shipping/create', { name: uniqueName('Ephémère') })).json()
      .item as TShippingMethod;
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    await api.post(`/api/shipping/save-countries/${created.id}`, {
      countries: [{ country_id: FR, price: 3 }],
    });
    const [copy] = await db()
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.template_id, created.id));
    const order = await insertOrder(rt, {
      seller_id: seller.id,
      status: 'payed',
      total_cents: 1300,
      shipping_cents: 300,
    });
    await db()
      .update(orders)
      .set({ shipping_method_id: copy.id, shipping_method_name: created.name })
      .where(eq(orders.id, order.id));

    const res = await admin.delete(`/api/shipping/delete/${created.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await catalogue()).some((m) => m.id === created.id)).toBe(false);
    expect((await api.get(`/api/shipping/fetch/${created.id}`)).statusCode).toBe(404);
    expect(
      await db()
        .select()
        .from(shippingMethods)
        .where(inArray(shippingMethods.id, [created.id, copy.id])),
    ).toEqual([]);
    expect(
      await db()
        .select()
        .from(shippingMethodCountries)
        .where(eq(shippingMethodCountries.shipping_method_id, copy.id)),
    ).toEqual([]);
    const [kept] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ shipping_method_name: created.name, shipping_method_id: null });
    expect((await admin.delete(`/api/shipping/delete/${created.id}`)).statusCode).toBe(404);
  });
});

describe('who may call what', () => {
  it('only admin writes the catalogue; ids that are not catalogue entries answer 404', async () => {
    const seller = await client(rt, await makeSeller(rt));
    const [entry] = await catalogue();
    await seller.put(`/api/shipping/change-status/${entry.id}`, { status: true });
    const [copy] = await db().select().from(shippingMethods).where(eq(shippingMethods.template_id, entry.id));
    const before = await catalogue();

    for (const api of [seller, buyer]) {
      expect((await api.post('/api/shipping/create', { name: uniqueName() })).statusCode).toBe(403);
      expect((await api.post(`/api/shipping/update/${entry.id}`, { name: uniqueName() })).statusCode).toBe(
        403,
      );
      expect((await api.delete(`/api/shipping/delete/${entry.id}`)).statusCode).toBe(403);
    }
    for (const url of [
      '/api/shipping/fetch-all',
      `/api/shipping/fetch/${entry.id}`,
      '/api/shipping/free-period',
    ]) {
      expect((await buyer.get(url)).statusCode, url).toBe(403);
    }
    const sellerCalls: [string, string, unknown][] = [
      ['put', `/api/shipping/change-status/${entry.id}`, { status: true }],
      ['put', '/api/shipping/change-statuses', { status: true }],
      ['post', `/api/shipping/save-countries/${entry.id}`, { countries: [] }],
      ['post', '/api/shipping/threshold', { threshold: 10 }],
      [
        'post',
        '/api/shipping/free-period',
        { free_shipping_from: '2030-01-01T10:00:00Z', free_shipping_to: '2030-01-02T10:00:00Z' },
      ],
      ['post', '/api/shipping/clear-free-period', {}],
    ];
    for (const api of [admin, buyer]) {
      for (const [method, url, body] of sellerCalls) {
        const res = await (method === 'put' ? api.put(url, body) : api.post(url, body));
        expect(res.statusCode, url).toBe(403);
      }
      expect((await api.get('/api/shipping/free-period')).statusCode).toBe(403);
    }

    for (const id of [copy.id, 99999999]) {
      expect((await admin.get(`/api/shipping/fetch/${id}`)).statusCode).toBe(404);
      expect((await admin.post(`/api/shipping/update/${id}`, { name: uniqueName() })).statusCode).toBe(404);
      expect((await admin.delete(`/api/shipping/delete/${id}`)).statusCode).toBe(404);
    }
    expect(await catalogue()).toEqual(before);
  });
});
