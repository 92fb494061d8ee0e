import type { TFreePeriod, TShippingMethod } from '@livecart/contract/shipping';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCheckoutFixtures } from '../../../test/checkout-fixtures.ts';
import { client, makeAdmin, makeSeller, startTestApp } from '../../../test/helpers.ts';
import { loadRefs } from '../../../test/product-fixtures.ts';
import { freeShippingPeriods, settings, shippingMethods } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

type Api = Awaited<ReturnType<typeof client>>;
let rt: Runtime;
let admin: Api;
let FR: number;
let BE: number;
let ids: Record<string, number>;

beforeAll(async () => {
  rt = await startTestApp();
  ({ FR, BE } = await useCheckoutFixtures(rt, await loadRefs(rt)));
  admin = await client(rt, await makeAdmin(rt));
  const all = (await admin.get('/api/shipping/fetch-all')).json().shippings as TShippingMethod[];
  ids = Object.fromEntries(all.map((m) => [m.name, m.id]));
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;
const newSeller = async () => client(rt, await makeSeller(rt));
const mine = async (api: Api) =>
  (await api.get('/api/shipping/fetch-all')).json().shippings as TShippingMethod[];
const one = async (api: Api, id: number) =>
  (await api.get(`/api/shipping/fetch/${id}`)).json().item as TShippingMethod;
const settingsOf = async (sellerId: number) =>
  (await db().select().from(settings).where(eq(settings.user_id, sellerId)))[0];

describe('a seller’s methods', () => {
  it('saves countries on a catalogue id, switching the method on, for that seller alone', async () => {
    const a = await newSeller();
    const b = await newSeller();
    const res = await a.post(`/api/shipping/save-countries/${ids.Colissimo}`, {
      countries: [
        { country_id: BE, price: 8.9 },
        { country_id: FR, price: '4,90' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      id: ids.Colissimo,
      name: 'Colissimo',
      logo: null,
      status: true,
      countries: [
        { country_id: FR, price: 4.9 },
        { country_id: BE, price: 8.9 },
      ].sort((x, y) => x.country_id - y.country_id),
    };
    expect(res.json()).toEqual({ success: true, item: expected });
    expect(await one(a, ids.Colissimo)).toEqual(expected);
    expect((await mine(a)).find((m) => m.id === ids.Colissimo)).toEqual(expected);

    // B sees the same catalogue id, theirs off and empty; A's switch and prices never reach B
    expect(await one(b, ids.Colissimo)).toEqual({ ...expected, status: false, countries: [] });
    expect((await admin.get(`/api/shipping/fetch/${ids.Colissimo}`)).json().item).toMatchObject({
      status: true,
      countries: [],
      sellers: expect.any(Number),
    });

    // replacing the list: Belgium only; an empty list keeps the method but offers it nowhere
    await a.post(`/api/shipping/save-countries/${ids.Colissimo}`, {
      countries: [{ country_id: BE, price: 0 }],
    });
    expect((await one(a, ids.Colissimo)).countries).toEqual([{ country_id: BE, price: 0 }]);
    await a.post(`/api/shipping/save-countries/${ids.Colissimo}`, { countries: [] });
    expect(await one(a, ids.Colissimo)).toMatchObject({ status: true, countries: [] });
    expect(await one(b, ids.Colissimo)).toMatchObject({ status: false, countries: [] });
  });

  it('switches one method or all of them; the first switch makes the seller’s copy with no countries', async () => {
    const a = await newSeller();
    const b = await newSeller();
    const on = await a.put(`/api/shipping/change-status/${ids.DPD}`, { status: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ success: true, item: { id: ids.DPD, status: true, countries: [] } });
    const off = await a.put(`/api/shipping/change-status/${ids.DPD}`, { status: false });
    expect(off.json().item.status).toBe(false);

    const all = await a.put('/api/shipping/change-statuses', { status: true });
    expect(all.statusCode, all.body).toBe(200);
    const shippings = all.json().shippings as TShippingMethod[];
    expect(shippings.map((m) => m.id)).toEqual((await mine(b)).map((m) => m.id));
    expect(shippings.every((m) => m.status)).toBe(true);
    expect((await mine(b)).every((m) => !m.status)).toBe(true);
    const none = await a.put('/api/shipping/change-statuses', { status: false });
    expect((none.json().shippings as TShippingMethod[]).every((m) => !m.status)).toBe(true);
  });

  it('answers 404 on ids that are not catalogue entries, another seller’s included, and changes nothing', async () => {
    const a = await newSeller();
    const b = await newSeller();
    await a.post(`/api/shipping/save-countries/${ids.GLS}`, { countries: [{ country_id: FR, price: 5 }] });
    const [copy] = await db().select().from(shippingMethods).where(eq(shippingMethods.template_id, ids.GLS));
    const before = await one(a, ids.GLS);
    for (const id of [copy.id, 99999999]) {
      expect((await b.get(`/api/shipping/fetch/${id}`)).statusCode).toBe(404);
      expect((await b.put(`/api/shipping/change-status/${id}`, { status: false })).statusCode).toBe(404);
      expect((await b.post(`/api/shipping/save-countries/${id}`, { countries: [] })).statusCode).toBe(404);
      expect((await a.put(`/api/shipping/change-status/${id}`, { status: false })).statusCode).toBe(404);
    }
    expect(await one(a, ids.GLS)).toEqual(before);
  });

  it('refuses bad countries and prices naming the field, and changes nothing', async () => {
    const a = await newSeller();
    await a.post(`/api/shipping/save-countries/${ids.UPS}`, { countries: [{ country_id: FR, price: 7 }] });
    await a.put(`/api/shipping/change-status/${ids.UPS}`, { status: false });
    const before = await mine(a);
    const cases: [unknown, Record<string, string>][] = [
      [{ countries: [{ country_id: FR, price: -1 }] }, { 'countries.0.price': 'not_negative' }],
      [{ countries: [{ country_id: FR, price: 'abc' }] }, { 'countries.0.price': expect.any(String) }],
      [{ countries: [{ country_id: FR }] }, { 'countries.0.price': expect.any(String) }],
      [
        {
          countries: [
            { country_id: FR, price: 1 },
            { country_id: FR, price: 2 },
          ],
        },
        { countries: 'duplicate_country' },
      ],
      [
        {
          countries: [
            { country_id: BE, price: 1 },
            { country_id: 999999, price: 2 },
          ],
        },
        { 'countries.1.country_id': 'country' },
      ],
      [{ countries: [{ country_id: FR, price: 1, free: true }] }, { 'countries.0.free': 'unknown_field' }],
      [{ countries: [], extra: 1 }, { extra: 'unknown_field' }],
      [{}, { countries: expect.any(String) }],
    ];
    for (const [body, fields] of cases) {
      const res = await a.post(`/api/shipping/save-countries/${ids.UPS}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toEqual(fields);
    }
    const status = await a.put(`/api/shipping/change-status/${ids.UPS}`, { status: 'yes' });
    expect(status.statusCode).toBe(400);
    expect(status.json().fields).toEqual({ status: 'invalid' });
    expect(await mine(a)).toEqual(before);
  });
});

describe('free shipping settings', () => {
  it('sets and clears the threshold; a bad amount changes nothing', async () => {
    const s = await makeSeller(rt);
    const api = await client(rt, s);
    const res = await api.post('/api/shipping/threshold', { threshold: 49.9 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, threshold: 49.9 });
    expect(await settingsOf(s.id)).toMatchObject({
      free_shipping_threshold_cents: 4990,
      free_shipping_status: true,
    });
    for (const bad of [{ threshold: -1 }, { threshold: 'abc' }, { threshold: 10, on: true }]) {
      expect((await api.post('/api/shipping/threshold', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await settingsOf(s.id)).toMatchObject({
      free_shipping_threshold_cents: 4990,
      free_shipping_status: true,
    });
    expect((await api.post('/api/shipping/threshold', { threshold: null })).json()).toEqual({
      success: true,
      threshold: null,
    });
    expect(await settingsOf(s.id)).toMatchObject({
      free_shipping_threshold_cents: null,
      free_shipping_status: false,
    });
  });

  it('sets a window, replaces it with the next one, and clears it; bad windows change nothing', async () => {
    const s = await makeSeller(rt);
    const api = await client(rt, s);
    expect((await api.get('/api/shipping/free-period')).json()).toEqual({ item: null });
    const hour = 3600_000;
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    const first = await api.post('/api/shipping/free-period', {
      free_shipping_from: iso(-hour),
      free_shipping_to: iso(hour),
    });
    expect(first.statusCode, first.body).toBe(200);
    const item = first.json().item as TFreePeriod;
    expect(item).toMatchObject({ state: 'active' });
    expect((await api.get('/api/shipping/free-period')).json()).toEqual({ item });
    expect(await settingsOf(s.id)).toMatchObject({ free_shipping_timer: true });

    const bad: [unknown, number, string, Record<string, string>][] = [
      [
        { free_shipping_from: iso(-3 * hour), free_shipping_to: iso(-hour) },
        400,
        'period_in_past',
        { free_shipping_to: 'period_in_past' },
      ],
      [
        { free_shipping_from: iso(3 * hour), free_shipping_to: iso(2 * hour) },
        400,
        'validation',
        { free_shipping_to: 'period_order' },
      ],
      [
        { free_shipping_from: '2026-02-31T10:00:00+01:00', free_shipping_to: '2099-03-01T10:00:00+01:00' },
        400,
        'validation',
        { free_shipping_from: 'date' },
      ],
      [
        { free_shipping_from: 'tomorrow', free_shipping_to: iso(hour) },
        400,
        'validation',
        { free_shipping_from: 'date' },
      ],
      [
        { free_shipping_from: iso(0), free_shipping_to: iso(hour), active: true },
        400,
        'validation',
        { active: 'unknown_field' },
      ],
      [{ free_shipping_to: iso(hour) }, 400, 'validation', { free_shipping_from: 'required' }],
    ];
    for (const [body, status, error, fields] of bad) {
      const res = await api.post('/api/shipping/free-period', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ error, fields });
    }
    expect((await api.get('/api/shipping/free-period')).json()).toEqual({ item });

    const later = await api.post('/api/shipping/free-period', {
      free_shipping_from: '2099-12-04T19:00:00+01:00',
      free_shipping_to: '2099-12-05T19:00:00+01:00',
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().item).toMatchObject({
      free_shipping_from: '2099-12-04T18:00:00.000Z',
      free_shipping_to: '2099-12-05T18:00:00.000Z',
      state: 'scheduled',
    });
    expect((await api.get('/api/shipping/free-period')).json().item.id).toBe(later.json().item.id);
    const rows = await db().select().from(freeShippingPeriods).where(eq(freeShippingPeriods.seller_id, s.id));
    expect(rows.map((r) => r.active).sort()).toEqual([false, true]);

    expect((await api.post('/api/shipping/clear-free-period', {})).json()).toEqual({ success: true });
    expect((await api.get('/api/shipping/free-period')).json()).toEqual({ item: null });
    expect(await settingsOf(s.id)).toMatchObject({ free_shipping_timer: false });
    // another seller never sees it
    expect((await (await newSeller()).get('/api/shipping/free-period')).json()).toEqual({ item: null });
  });
});
