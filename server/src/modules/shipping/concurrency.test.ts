import type { TShippingMethod } from '@livecart/contract/shipping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeAdmin, makeSeller, startTestApp } from '../../../test/helpers.ts';
import { uniqueName } from '../../../test/shipping-fixtures.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * Calls of one seller (or the admin) arriving together. PGlite runs them one after another; with
 * DATABASE_URL set they run on PostgreSQL side by side, where the first copies of a method made by
 * two calls at once used to fail one of them on the (seller, name) index.
 */

type Api = Awaited<ReturnType<typeof client>>;
let rt: Runtime;
let admin: Api;
let entries: TShippingMethod[];

beforeAll(async () => {
  rt = await startTestApp();
  admin = await client(rt, await makeAdmin(rt));
  entries = (await admin.get('/api/shipping/fetch-all')).json().shippings;
});
afterAll(() => rt.close());

const statuses = (rs: { statusCode: number; body: string }[]) =>
  rs.map((r) => (r.statusCode === 200 ? 200 : `${r.statusCode} ${r.body.slice(0, 120)}`));

describe('the same seller’s calls at once', () => {
  it('first prices, switches and the switch of all, together, never fail', async () => {
    for (let round = 0; round < 10; round++) {
      const api = await client(rt, await makeSeller(rt));
      const id = entries[round].id;
      const rs = await Promise.all([
        api.post(`/api/shipping/save-countries/${id}`, { countries: [{ country_id: 1, price: 1 }] }),
        api.post(`/api/shipping/save-countries/${id}`, { countries: [{ country_id: 2, price: 2 }] }),
        api.put(`/api/shipping/change-status/${id}`, { status: true }),
        api.put(`/api/shipping/change-status/${id}`, { status: false }),
        ...[true, false, true, false, true, false].map((status) =>
          api.put('/api/shipping/change-statuses', { status }),
        ),
      ]);
      expect(statuses(rs)).toEqual(rs.map(() => 200));
      const item = (await api.get(`/api/shipping/fetch/${id}`)).json().item as TShippingMethod;
      expect(item.countries).toHaveLength(1);
    }
  });

  it('windows, thresholds, settings and dismissals at once never fail, and one window stays', async () => {
    for (let round = 0; round < 3; round++) {
      const api = await client(rt, await makeSeller(rt));
      const window = { free_shipping_from: '2030-01-01T00:00:00Z', free_shipping_to: '2031-01-01T00:00:00Z' };
      const rs = await Promise.all([
        api.post('/api/shipping/free-period', window),
        api.post('/api/shipping/free-period', window),
        api.post('/api/shipping/free-period', window),
        api.post('/api/shipping/clear-free-period', {}),
        api.post('/api/shipping/threshold', { threshold: 10 }),
        api.post('/api/shipping/threshold', { threshold: 20 }),
        api.post('/api/update-settings', { cart_duration: 15 }),
        api.post('/api/update-link-settings', { terms_link: 'https://shop.example/cgv' }),
        api.post('/api/update-link-settings', { privacy_link: 'https://shop.example/privacy' }),
        api.post('/api/onboarding/dismiss', {}),
      ]);
      expect(statuses(rs)).toEqual(rs.map(() => 200));
    }
  });

  it('the admin creating one name twice at once makes one entry', async () => {
    const name = uniqueName();
    const rs = await Promise.all([
      admin.post('/api/shipping/create', { name }),
      admin.post('/api/shipping/create', { name: name.toUpperCase() }),
      admin.post('/api/shipping/create', { name }),
    ]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('a rename while sellers price the method never fails', async () => {
    const created = (await admin.post('/api/shipping/create', { name: uniqueName() })).json().item;
    const sellers = await Promise.all([1, 2, 3].map(async () => client(rt, await makeSeller(rt))));
    const rs = await Promise.all([
      ...sellers.map((api) =>
        api.post(`/api/shipping/save-countries/${created.id}`, { countries: [{ country_id: 1, price: 3 }] }),
      ),
      admin.post(`/api/shipping/update/${created.id}`, { name: uniqueName('Renommé') }),
      ...sellers.map((api) => api.put(`/api/shipping/change-status/${created.id}`, { status: true })),
    ]);
    expect(statuses(rs)).toEqual(rs.map(() => 200));
  });
});
