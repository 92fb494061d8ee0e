import type { TShippingMethod } from '@livecart/contract/shipping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartOf,
  checkout,
  inject,
  orderRow,
  type Shop,
  settle,
  shop,
  useCheckoutFixtures,
} from '../../../test/checkout-fixtures.ts';
import { client, makeAdmin, startTestApp } from '../../../test/helpers.ts';
import { viewer } from '../../../test/live-fixtures.ts';
import { loadRefs } from '../../../test/product-fixtures.ts';
import type { Runtime } from '../../runtime.ts';

type Api = Awaited<ReturnType<typeof client>>;
let rt: Runtime;
let admin: Api;
let FR: number;
let BE: number;
let DE: number;
let ids: Record<string, number>;

beforeAll(async () => {
  rt = await startTestApp();
  ({ FR, BE, DE } = await useCheckoutFixtures(rt, await loadRefs(rt)));
  admin = await client(rt, await makeAdmin(rt));
  const all = (await admin.get('/api/shipping/fetch-all')).json().shippings as TShippingMethod[];
  ids = Object.fromEntries(all.map((m) => [m.name, m.id]));
});
afterAll(() => rt.close());

const one = async (api: Api, id: number) =>
  (await api.get(`/api/shipping/fetch/${id}`)).json().item as TShippingMethod;

/** The checkout's methods of the cart to a country, as `[name, price, free_reason]`. */
async function offered(cart: { id: number }, t: string, countryId: number) {
  const res = await inject(
    'GET',
    `/api/checkout/fetch-shipping-methods?orderId=${cart.id}&countryId=${countryId}&t=${t}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().shippingMethods as { name: string; price: number; free_reason: string | null }[]).map(
    (m) => [m.name, m.price, m.free_reason],
  );
}

describe('the checkout follows the seller’s shipping settings', () => {
  let s: Shop;
  beforeAll(async () => {
    s = await shop();
  });

  it('offers a method only while it is on and priced for the country', async () => {
    const { cart, t } = await cartOf(s);
    expect(await offered(cart, t, FR)).toEqual([
      ['Mondial Relay', 3.9, null],
      ['Colissimo', 4.9, null],
    ]);
    // the fixture's copies are the seller's methods of the list
    expect((await one(s.api, ids['Mondial Relay'])).countries).toEqual([{ country_id: FR, price: 3.9 }]);

    await s.api.put(`/api/shipping/change-status/${ids['Mondial Relay']}`, { status: false });
    expect(await offered(cart, t, FR)).toEqual([['Colissimo', 4.9, null]]);

    await s.api.post(`/api/shipping/save-countries/${ids.Colissimo}`, {
      countries: [{ country_id: FR, price: 5.5 }],
    });
    expect(await offered(cart, t, BE)).toEqual([]);
    expect(await offered(cart, t, FR)).toEqual([['Colissimo', 5.5, null]]);

    await s.api.post(`/api/shipping/save-countries/${ids.DPD}`, {
      countries: [{ country_id: DE, price: 12 }],
    });
    expect(await offered(cart, t, DE)).toEqual([['DPD', 12, null]]);

    // a method the admin renames shows its new name at checkout
    await admin.post(`/api/shipping/update/${ids.DPD}`, { name: 'DPD Predict' });
    expect(await offered(cart, t, DE)).toEqual([['DPD Predict', 12, null]]);
    await admin.post(`/api/shipping/update/${ids.DPD}`, { name: 'DPD' });

    await s.api.put('/api/shipping/change-statuses', { status: false });
    expect(await offered(cart, t, FR)).toEqual([]);
    // switching all on brings back the methods the seller had priced, the one they had left off too
    await s.api.put('/api/shipping/change-statuses', { status: true });
    expect(await offered(cart, t, FR)).toEqual([
      ['Chronopost', 1, null],
      ['Mondial Relay', 3.9, null],
      ['Colissimo', 5.5, null],
    ]);
    await s.api.put(`/api/shipping/change-status/${ids.Chronopost}`, { status: false });
    expect((await offered(cart, t, FR))[0]).toEqual(['Mondial Relay', 3.9, null]);
  });

  it('ships free from the threshold, and paid again once it is cleared', async () => {
    const { cart, t } = await cartOf(s);
    await s.api.post('/api/shipping/threshold', { threshold: 25 });
    expect(await offered(cart, t, FR)).toEqual([
      ['Mondial Relay', 0, 'threshold'],
      ['Colissimo', 0, 'threshold'],
    ]);
    await s.api.post('/api/shipping/threshold', { threshold: 25.01 });
    expect((await offered(cart, t, FR))[0]).toEqual(['Mondial Relay', 3.9, null]);
    await s.api.post('/api/shipping/threshold', { threshold: null });
    expect((await offered(cart, t, FR))[0]).toEqual(['Mondial Relay', 3.9, null]);
  });

  it('ships free in the window once the shopper paid shipping in it, and paid again once it is cleared', async () => {
    const hour = 3600_000;
    const set = await s.api.post('/api/shipping/free-period', {
      free_shipping_from: new Date(Date.now() - hour).toISOString(),
      free_shipping_to: new Date(Date.now() + hour).toISOString(),
    });
    expect(set.statusCode, set.body).toBe(200);
    const from = viewer();
    const first = await cartOf(s, from);
    expect((await offered(first.cart, first.t, FR))[0]).toEqual(['Mondial Relay', 3.9, null]);
    const paymentId = await checkout(s, first.cart, first.t);
    expect((await settle(paymentId, 'paid')).statusCode).toBe(200);
    expect((await orderRow(first.cart.id)).shipping_cents).toBe(550);

    const second = await cartOf(s, from);
    expect(await offered(second.cart, second.t, FR)).toEqual([
      ['Mondial Relay', 0, 'window'],
      ['Colissimo', 0, 'window'],
    ]);
    expect((await s.api.post('/api/shipping/clear-free-period', {})).statusCode).toBe(200);
    expect((await offered(second.cart, second.t, FR))[0]).toEqual(['Mondial Relay', 3.9, null]);
  });
});
