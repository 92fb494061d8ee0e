import type { TShippingMethod } from '@livecart/contract/shipping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeAdmin, makeSeller, startTestApp } from '../../../test/helpers.ts';
import type { Runtime } from '../../runtime.ts';

type Api = Awaited<ReturnType<typeof client>>;
let rt: Runtime;
let admin: Api;

beforeAll(async () => {
  rt = await startTestApp();
  admin = await client(rt, await makeAdmin(rt));
});
afterAll(() => rt.close());

const catalogue = async () =>
  (await admin.get('/api/shipping/fetch-all')).json().shippings as TShippingMethod[];

describe('free-shipping window dates out of the calendar’s range', () => {
  it('refuses an instant past the year 9999 (after its offset) as a bad date, and changes nothing', async () => {
    const api = await client(rt, await makeSeller(rt));
    for (const to of ['9999-12-31T23:59:59-23:59', '9999-12-31T23:00:00-01:30']) {
      const res = await api.post('/api/shipping/free-period', {
        free_shipping_from: '2030-01-01T00:00:00Z',
        free_shipping_to: to,
      });
      expect(res.statusCode, `${to}: ${res.body}`).toBe(400);
      expect(res.json(), to).toMatchObject({ error: 'validation', fields: { free_shipping_to: 'date' } });
    }
    expect((await api.get('/api/shipping/free-period')).json()).toEqual({ item: null });
    const last = await api.post('/api/shipping/free-period', {
      free_shipping_from: '2030-01-01T00:00:00Z',
      free_shipping_to: '9999-12-31T23:59:59Z',
    });
    expect(last.statusCode, last.body).toBe(200);
  });
});

describe('carrier names that only look different', () => {
  it('refuses a name another method has once its width, case and spacing are folded', async () => {
    const before = await catalogue();
    for (const name of ['Ｃolissimo', 'ＣＯＬＩＳＳＩＭＯ', 'Mondial  Relay', 'Mondial\u00a0Relay']) {
      const res = await admin.post('/api/shipping/create', { name });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({ error: 'shipping_exists', fields: { name: 'shipping_exists' } });
    }
    expect(await catalogue()).toEqual(before);
  });

  it('refuses invisible and control characters in a name', async () => {
    const before = await catalogue();
    for (const name of [
      'Colissimo\u200b',
      'Coli\u200dssimo',
      'Colissimo\u0007',
      'Colis\u202esimo',
      'Coli\tssimo',
    ]) {
      const res = await admin.post('/api/shipping/create', { name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json(), JSON.stringify(name)).toMatchObject({
        error: 'validation',
        fields: { name: 'invalid_characters' },
      });
    }
    expect(await catalogue()).toEqual(before);
  });
});

describe('prices written as text', () => {
  it('takes decimal numbers only (a comma or a point), not hexadecimal, binary or exponent forms', async () => {
    const api = await client(rt, await makeSeller(rt));
    const id = (await catalogue())[0].id;
    for (const price of ['0x10', '0b11', '0o7', '1e2', '+-1', '1_000']) {
      const res = await api.post(`/api/shipping/save-countries/${id}`, {
        countries: [{ country_id: 1, price }],
      });
      expect(res.statusCode, `${price}: ${res.body}`).toBe(400);
      expect(res.json(), price).toMatchObject({ fields: { 'countries.0.price': 'numeric' } });
    }
    for (const [price, euros] of [
      ['4,90', 4.9],
      [' 5 ', 5],
      ['12.5', 12.5],
      ['-0', 0],
      ['7', 7],
    ] as const) {
      const res = await api.post(`/api/shipping/save-countries/${id}`, {
        countries: [{ country_id: 1, price }],
      });
      expect(res.statusCode, `${price}: ${res.body}`).toBe(200);
      expect(res.json().item.countries, price).toEqual([{ country_id: 1, price: euros }]);
    }
  });
});

describe('the free-shipping threshold', () => {
  it('needs the field: an empty body does not turn free shipping off', async () => {
    const api = await client(rt, await makeSeller(rt));
    expect((await api.post('/api/shipping/threshold', { threshold: 50 })).statusCode).toBe(200);
    const res = await api.post('/api/shipping/threshold', {});
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', fields: { threshold: 'required' } });
    expect((await api.get('/api/fetch-settings')).json().item).toMatchObject({
      free_shipping_status: true,
      free_shipping_threshold: 50,
    });
  });

  it('names a bad amount with the code the forms show', async () => {
    const api = await client(rt, await makeSeller(rt));
    for (const [threshold, code] of [
      ['abc', 'numeric'],
      [-1, 'not_negative'],
      [1e308, 'invalid'],
    ] as const) {
      const res = await api.post('/api/shipping/threshold', { threshold });
      expect(res.statusCode, String(threshold)).toBe(400);
      expect(res.json(), String(threshold)).toMatchObject({ fields: { threshold: code } });
    }
  });
});
