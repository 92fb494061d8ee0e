import { ROLE } from '@livecart/contract/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeUser, startTestApp } from '../../../test/helpers.ts';
import {
  type Api,
  createProduct,
  loadRefs,
  type Refs,
  sellerApi,
  simpleBody,
  uniq,
} from '../../../test/product-fixtures.ts';
import { productConfigurations, socialIdentities } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * The live engine's read-only lists, on real data made through the API: a seller goes live,
 * viewers comment, carts and waiting rows appear.
 */

let rt: Runtime;
let refs: Refs;
const db = () => rt.deps.database.db;

let clock = Date.parse('2026-12-01T20:31:00Z');
function comment(message: string, from: string, name = `Viewer ${from}`) {
  clock += 1000;
  return {
    id: `c-${uniq()}`,
    from: { id: from, name },
    message,
    created_time: new Date(clock).toISOString(),
  };
}

async function liveSeller(orderTimer = 30) {
  const { seller, api } = await sellerApi(rt);
  const created = await api.post('/api/livesession', {
    event_date: '2026-12-01',
    event_time: '20:30',
    order_timer: orderTimer,
  });
  expect(created.statusCode, created.body).toBe(200);
  const sessionId = created.json().item.id as number;
  expect((await api.get(`/api/livesession/start/${sessionId}`)).statusCode).toBe(200);
  const token = (await api.get(`/api/livesession/${sessionId}`)).json().item.ingest_token as string;
  const post = async (messages: unknown[]) => {
    const res = await rt.app.inject({
      method: 'POST',
      url: `/api/add-live-messages?sessionId=${sessionId}`,
      headers: { 'x-ingest-token': token },
      payload: { messages },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  return { seller, api, sessionId, post };
}

async function product(api: Api, name: string, sku: string, stock: number, price: number) {
  const keyword = `kw${uniq()}`;
  const p = await createProduct(
    api,
    simpleBody(refs, { name, sku, keywords: keyword, isPublish: true, quantity: stock, price }),
  );
  const [config] = await db()
    .select()
    .from(productConfigurations)
    .where(eq(productConfigurations.product_id, p.id));
  return { id: p.id, configId: config.id, keyword };
}

const parisToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
const filterUrl = (path: string, filter: unknown, extra = '') =>
  `${path}?queryFilter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;

/** The fixture: seller A live with two carts and two waiting groups; seller B with nothing. */
let A: Awaited<ReturnType<typeof liveSeller>>;
let robe: Awaited<ReturnType<typeof product>>;
let jupe: Awaited<ReturnType<typeof product>>;
let sac: Awaited<ReturnType<typeof product>>;
const who = { ana: `fb-${uniq()}`, bob: `fb-${uniq()}`, cleo: `fb-${uniq()}`, dan: `fb-${uniq()}` };

beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
  A = await liveSeller(30);
  robe = await product(A.api, 'Robe Été', 'ROBE1', 1, 25);
  jupe = await product(A.api, 'Jupe plissée', 'JUPE9', 0, 40);
  sac = await product(A.api, 'Sac cuir', 'SAC3', 5, 60);
  // Ana takes the one robe; Bob waits for it and for the jupe; Cléo waits for 3 jupes; Dan buys 2 sacs.
  expect(await A.post([comment(robe.keyword, who.ana, 'Ana Lopez')])).toMatchObject({ ordered: 1 });
  expect(await A.post([comment(`${robe.keyword} et ${jupe.keyword}`, who.bob, 'Bob Martin')])).toMatchObject({
    ordered: 0,
  });
  expect(await A.post([comment(`${jupe.keyword} x3`, who.cleo, 'Cléo Durand')])).toMatchObject({
    waiting: 1,
  });
  expect(await A.post([comment(`${sac.keyword} x2`, who.dan, 'Dan Smith')])).toMatchObject({ ordered: 1 });
});
afterAll(() => rt.close());

describe('GET /api/orders/fetch-live-items', () => {
  it('lists the open carts newest first with their lines, shopper, total and countdown end', async () => {
    const res = await A.api.get('/api/orders/fetch-live-items');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(Math.abs(Date.parse(body.serverTime) - Date.now())).toBeLessThan(60_000);
    const [dan, ana] = body.items;
    expect(dan).toMatchObject({
      shopper: 'Dan Smith',
      session_id: A.sessionId,
      total_amount: 120,
      products: [{ name: 'Sac cuir', quantity: 2, price: 60, configuration_id: sac.configId }],
    });
    expect(ana).toMatchObject({
      shopper: 'Ana Lopez',
      total_amount: 25,
      products: [{ name: 'Robe Été', quantity: 1, price: 25, color_label: expect.any(String) }],
    });
    expect(dan.order_number).toMatch(/^LC/);
    const minutes = (Date.parse(dan.expires_at) - Date.parse(dan.created_at)) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30.1);
    expect(Date.parse(dan.created_at)).toBeGreaterThanOrEqual(Date.parse(ana.created_at));

    const asc = (await A.api.get('/api/orders/fetch-live-items?sort=ASC')).json();
    expect(asc.items.map((c: { shopper: string }) => c.shopper)).toEqual(['Ana Lopez', 'Dan Smith']);
  });

  it('filters by order number and session, and searches the shopper', async () => {
    const all = (await A.api.get('/api/orders/fetch-live-items')).json();
    const number = all.items[1].order_number as string;
    const byNumber = (
      await A.api.get(
        filterUrl('/api/orders/fetch-live-items', { order_number: number.slice(2, 8).toLowerCase() }),
      )
    ).json();
    expect(byNumber.items.map((c: { order_number: string }) => c.order_number)).toEqual([number]);
    expect(
      (await A.api.get(filterUrl('/api/orders/fetch-live-items', { session_id: A.sessionId }))).json().count,
    ).toBe(2);
    expect(
      (await A.api.get(filterUrl('/api/orders/fetch-live-items', { session_id: A.sessionId + 1000 }))).json()
        .count,
    ).toBe(0);
    const search = (await A.api.get('/api/orders/fetch-live-items?query=lopez')).json();
    expect(search.items.map((c: { shopper: string }) => c.shopper)).toEqual(['Ana Lopez']);
  });

  it('shows a null countdown end for a session whose carts never expire', async () => {
    const B = await liveSeller(0);
    const p = await product(B.api, 'Foulard', 'FOU1', 3, 10);
    await B.post([comment(p.keyword, `fb-${uniq()}`, 'Eve')]);
    const body = (await B.api.get('/api/orders/fetch-live-items')).json();
    expect(body.items).toMatchObject([{ shopper: 'Eve', expires_at: null, total_amount: 10 }]);
  });

  it('refuses a bad page size or filter with 400 validation', async () => {
    const bad = await A.api.get('/api/orders/fetch-live-items?limit=7');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('validation');
    const badFilter = await A.api.get(filterUrl('/api/orders/fetch-live-items', { session_id: 'abc' }));
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().error).toBe('validation');
  });
});

describe('GET /api/orders/fetch-waiting-items', () => {
  it('groups waiting rows by configuration, most wanted first, with totals, stock and sessions', async () => {
    const res = await A.api.get('/api/orders/fetch-waiting-items');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.items).toMatchObject([
      {
        configuration_id: jupe.configId,
        product_id: jupe.id,
        name: 'Jupe plissée',
        reference: 'JUPE9',
        color: 'Rouge',
        size: null,
        price: 40,
        total_qty: 4,
        total_price: 160,
        waiting_count: 2,
        stock: 0,
        session_ids: [A.sessionId],
        photo: null,
      },
      {
        configuration_id: robe.configId,
        reference: 'ROBE1',
        total_qty: 1,
        total_price: 25,
        waiting_count: 1,
        stock: 0,
      },
    ]);
    expect(Date.parse(body.items[0].created_at)).not.toBeNaN();

    const asc = (await A.api.get('/api/orders/fetch-waiting-items?sort=ASC')).json();
    expect(asc.items.map((i: { configuration_id: number }) => i.configuration_id)).toEqual([
      robe.configId,
      jupe.configId,
    ]);
    const en = (await A.api.get('/api/orders/fetch-waiting-items?locale=en')).json();
    expect(en.items[0].color).toBe('Red');
  });

  it('applies every filter', async () => {
    const ids = async (filter: unknown) => {
      const res = await A.api.get(filterUrl('/api/orders/fetch-waiting-items', filter));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((i: { configuration_id: number }) => i.configuration_id);
    };
    expect(await ids({ product_search: 'ROBE ete' })).toEqual([robe.configId]);
    expect(await ids({ product_search: 'jupe9' })).toEqual([jupe.configId]);
    expect(await ids({ product_search: 'nothing' })).toEqual([]);
    expect(await ids({ total_qty: { min: 2 } })).toEqual([jupe.configId]);
    expect(await ids({ total_qty: { max: 1 } })).toEqual([robe.configId]);
    expect(await ids({ total_amount: { min: 100, max: 200 } })).toEqual([jupe.configId]);
    expect(await ids({ total_amount: { max: '30' } })).toEqual([robe.configId]);
    const today = parisToday();
    expect(await ids({ created_at: { from: today, to: today } })).toEqual([jupe.configId, robe.configId]);
    expect(await ids({ created_at: { from: '2099-01-01' } })).toEqual([]);
    expect(await ids({ created_at: { to: '2000-01-01' } })).toEqual([]);

    // Cléo signs in at checkout: her social identity is linked to a buyer account.
    const cleo = await makeUser(rt, ROLE.buyer);
    await db()
      .update(socialIdentities)
      .set({ user_id: cleo.id })
      .where(eq(socialIdentities.external_user_id, who.cleo));
    expect(await ids({ buyer_id: cleo.id })).toEqual([jupe.configId]);
    const filters = (await A.api.get('/api/orders/fetch-filters?type=waiting')).json();
    expect(filters.items.buyers).toEqual([{ id: cleo.id, name: 'Test User' }]);
    const bob = filters.items.shoppers.find((s: { name: string }) => s.name === 'Bob Martin');
    expect(filters.items.shoppers.map((s: { name: string }) => s.name)).toEqual(['Bob Martin']);
    expect(await ids({ social_identity_id: bob.id })).toEqual([jupe.configId, robe.configId]);
    expect(filters.items.total_qty).toEqual({ min: 1, max: 4 });
    expect(filters.items.total_amount).toEqual({ min: 25, max: 160 });
  });

  it('pages with the allowed page sizes', async () => {
    const first = (await A.api.get('/api/orders/fetch-waiting-items?limit=10&offset=1')).json();
    expect(first).toMatchObject({ count: 2, items: [{ configuration_id: robe.configId }] });
  });

  it('refuses a bad filter with 400 validation and its field', async () => {
    for (const filter of [
      { total_qty: { min: 'lots' } },
      { created_at: { from: '01/12/2026' } },
      { buyer_id: -1 },
    ]) {
      const res = await A.api.get(filterUrl('/api/orders/fetch-waiting-items', filter));
      expect(res.statusCode, JSON.stringify(filter)).toBe(400);
      expect(res.json().error).toBe('validation');
    }
    const notJson = await A.api.get('/api/orders/fetch-waiting-items?queryFilter=%7Bnope');
    expect(notJson.statusCode).toBe(400);
    expect((await A.api.get('/api/orders/fetch-waiting-items?column=price')).statusCode).toBe(400);
  });
});

describe('GET /api/orders/fetch-filters', () => {
  it('gives the order list filter data without type', async () => {
    const res = await A.api.get('/api/orders/fetch-filters');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toMatchObject({
      statuses: ['new', 'payed', 'shipped', 'canceled', 'expired'],
      buyers: expect.any(Array),
      shipping_methods: expect.any(Array),
    });
  });

  it('refuses an unknown type', async () => {
    expect((await A.api.get('/api/orders/fetch-filters?type=nope')).statusCode).toBe(400);
  });
});

describe('who sees the lists', () => {
  it('another seller sees none of it', async () => {
    const { api } = await sellerApi(rt);
    expect((await api.get('/api/orders/fetch-live-items')).json()).toMatchObject({ count: 0, items: [] });
    expect((await api.get('/api/orders/fetch-waiting-items')).json()).toEqual({ count: 0, items: [] });
    const filters = (await api.get('/api/orders/fetch-filters?type=waiting')).json();
    expect(filters.items).toEqual({
      buyers: [],
      shoppers: [],
      total_qty: { min: 0, max: 0 },
      total_amount: { min: 0, max: 0 },
    });
  });

  it('a buyer gets 403', async () => {
    const buyer = await client(rt, await makeUser(rt, ROLE.buyer));
    for (const url of [
      '/api/orders/fetch-live-items',
      '/api/orders/fetch-waiting-items',
      '/api/orders/fetch-filters?type=waiting',
    ]) {
      expect((await buyer.get(url)).statusCode, url).toBe(403);
    }
  });
});
