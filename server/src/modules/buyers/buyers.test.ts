import { randomBytes } from 'node:crypto';
import type { TBuyerDetail, TBuyerListItem } from '@livecart/contract/buyers';
import { MAX_ID, type TOrderStatus } from '@livecart/contract/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSocialIdentity } from '../../../test/fixtures.ts';
import { client, makeAdmin, makeBuyer, makeSeller, startTestApp } from '../../../test/helpers.ts';
import { countries, orders, users } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * The Shoppers screen's calls (SPEC §7 Buyers): who is a seller's shopper, what a seller may read of
 * them (their own orders' figures and delivery addresses only: "trust #2"), admin's Clients and
 * Shoppers, the filters and sorts, and bad inputs.
 */

let rt: Runtime;
type Api = Awaited<ReturnType<typeof client>>;
const db = () => rt.deps.database.db;
const uniq = () => randomBytes(4).toString('hex');
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

let countryId: Record<'FR' | 'BE', number>;

beforeAll(async () => {
  rt = await startTestApp();
  const rows = await db().select({ id: countries.id, iso: countries.iso }).from(countries);
  countryId = {
    FR: rows.find((c) => c.iso === 'FR')?.id as number,
    BE: rows.find((c) => c.iso === 'BE')?.id as number,
  };
});
afterAll(() => rt.close());

interface ShipTo {
  first: string;
  last: string;
  phone: string;
  city: string;
  post_code: string;
  country: 'FR' | 'BE';
}

/** An order with the delivery address its checkout kept (amounts in cents). */
async function order(o: {
  seller: number;
  buyer?: number | null;
  identity?: number | null;
  status: TOrderStatus;
  cents: number;
  ship?: ShipTo;
  at?: Date;
}) {
  const paid = o.status === 'payed' || o.status === 'shipped';
  const [row] = await db()
    .insert(orders)
    .values({
      seller_id: o.seller,
      buyer_id: o.buyer ?? null,
      social_identity_id: o.identity ?? null,
      order_number: `T${uniq()}${uniq()}`,
      status: o.status,
      subtotal_cents: o.cents,
      total_amount_cents: o.cents,
      paid_at: paid ? new Date() : null,
      ...(o.at && { created_at: o.at }),
      ...(o.ship && {
        ship_first_name: o.ship.first,
        ship_last_name: o.ship.last,
        ship_phone: o.ship.phone,
        ship_address1: '1 rue de la Paix',
        ship_city: o.ship.city,
        ship_post_code: o.ship.post_code,
        country_id: countryId[o.ship.country],
      }),
    })
    .returning();
  return row;
}

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

/**
 * Two sellers sharing one shopper account (Zoé, different addresses at each), plus shoppers of A
 * alone: a guest who ordered without an account, a commenter who only joined a waiting list, a
 * shopper whose carts expired unpaid.
 */
async function world() {
  const [a, b, zoe, admin, buyer] = await Promise.all([
    makeSeller(rt),
    makeSeller(rt),
    makeBuyer(rt),
    makeAdmin(rt),
    makeBuyer(rt),
  ]);
  await db()
    .update(users)
    .set({ first_name: 'Zoé', last_name: 'Account', phone: '+33600000000' })
    .where(eq(users.id, zoe.id));
  // Zoé at A: two paid orders (the latest with the Lyon address) and one expired cart
  await order({ seller: a.id, buyer: zoe.id, status: 'payed', cents: 4000, at: day(2), ship: zoeAtA(true) });
  await order({ seller: a.id, buyer: zoe.id, status: 'shipped', cents: 2500, at: day(5), ship: zoeAtA() });
  await order({ seller: a.id, buyer: zoe.id, status: 'expired', cents: 1500, at: day(6) });
  // Zoé at B: one order to Brussels, under another name
  await order({ seller: b.id, buyer: zoe.id, status: 'payed', cents: 9900, at: day(3), ship: zoeAtB });
  // a guest at A (a commenter who paid without an account)
  const guest = await insertSocialIdentity(rt, a.id, 'Bruno Live');
  await order({
    seller: a.id,
    identity: guest.id,
    status: 'payed',
    cents: 1200,
    at: day(4),
    ship: {
      first: 'Bruno',
      last: 'Guest',
      phone: '+32470000000',
      city: 'Gand',
      post_code: '9000',
      country: 'BE',
    },
  });
  // a commenter at A who only waits for an article
  const waiter = await insertSocialIdentity(rt, a.id, 'Wendy Waits');
  // a shopper at A whose carts expired and were canceled unpaid
  const tom = await makeBuyer(rt);
  await db().update(users).set({ first_name: 'Tom', last_name: 'Nopay' }).where(eq(users.id, tom.id));
  await order({ seller: a.id, buyer: tom.id, status: 'expired', cents: 3000, at: day(7) });
  await order({ seller: a.id, buyer: tom.id, status: 'canceled', cents: 2000, at: day(8) });
  // Zoé comments at A under an identity she linked
  const zoeAtAIdentity = await insertSocialIdentity(rt, a.id, 'Zoé FB', zoe.id);
  return {
    a,
    b,
    zoe,
    tom,
    guest,
    waiter,
    zoeAtAIdentity,
    api: {
      a: await client(rt, a),
      b: await client(rt, b),
      admin: await client(rt, admin),
      buyer: await client(rt, buyer),
    },
  };
}

const zoeAtA = (old = false): ShipTo =>
  old
    ? {
        first: 'Zoé',
        last: 'Ancienne',
        phone: '+33611111111',
        city: 'Paris',
        post_code: '75011',
        country: 'FR',
      }
    : {
        first: 'Zoé',
        last: 'Martin',
        phone: '+33622222222',
        city: 'Lyon',
        post_code: '69001',
        country: 'FR',
      };
const zoeAtB: ShipTo = {
  first: 'Zoe',
  last: 'Bruxelles',
  phone: '+32480000000',
  city: 'Bruxelles',
  post_code: '1000',
  country: 'BE',
};

type World = Awaited<ReturnType<typeof world>>;

async function list(api: Api, params = '') {
  const res = await api.get(`/api/buyers/fetch-items${params ? `?${params}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; items: TBuyerListItem[] };
}

async function item(api: Api, filter: Record<string, number | undefined>) {
  return api.get(`/api/buyers/fetch-item?queryFilter=${q(filter)}`);
}

let w: World;
beforeAll(async () => {
  w = await world();
});

describe('a seller’s shoppers', () => {
  it('lists those who ordered or commented, sorted by first name, with this seller’s figures and address', async () => {
    const { count, items } = await list(w.api.a);
    expect(count).toBe(4);
    expect(items.map((i) => i.first_name)).toEqual(['Bruno', 'Tom', 'Wendy Waits', 'Zoé']);
    const zoe = items.find((i) => i.buyer_id === w.zoe.id) as TBuyerListItem;
    expect(zoe).toMatchObject({
      key: `${w.a.id}:u${w.zoe.id}`,
      identity_id: null,
      seller_id: w.a.id,
      first_name: 'Zoé',
      last_name: 'Martin',
      phone: '+33622222222',
      address: { city: 'Lyon', post_code: '69001', country_id: countryId.FR, country_iso: 'FR' },
      orders_count: 3,
      total_spent: 65,
      unpaid_carts: 1,
      email: null,
      blocked: false,
    });
    expect(zoe.last_order_at).toBe(day(6).toISOString());
    const guest = items.find((i) => i.identity_id === w.guest.id);
    expect(guest).toMatchObject({ buyer_id: null, first_name: 'Bruno', last_name: 'Guest', total_spent: 12 });
    // a commenter who never ordered is a shopper too, named as they comment
    const waiter = items.find((i) => i.identity_id === w.waiter.id);
    expect(waiter).toMatchObject({
      first_name: 'Wendy Waits',
      orders_count: 0,
      total_spent: 0,
      address: null,
    });
    const tom = items.find((i) => i.buyer_id === w.tom.id);
    expect(tom).toMatchObject({ orders_count: 2, unpaid_carts: 2, total_spent: 0 });
  });

  it('Zoé’s linked identity is Zoé: one shopper, not two', async () => {
    const { items } = await list(w.api.a, `queryFilter=${q({ name: 'zoe' })}`);
    expect(items.map((i) => i.key)).toEqual([`${w.a.id}:u${w.zoe.id}`]);
  });

  it('seller B sees Zoé with B’s figures and B’s address only, and never A’s other shoppers', async () => {
    const { count, items } = await list(w.api.b);
    expect(count).toBe(1);
    expect(items[0]).toMatchObject({
      buyer_id: w.zoe.id,
      seller_id: w.b.id,
      first_name: 'Zoe',
      last_name: 'Bruxelles',
      phone: '+32480000000',
      address: { city: 'Bruxelles', country_iso: 'BE' },
      orders_count: 1,
      total_spent: 99,
      unpaid_carts: 0,
    });
    const body = JSON.stringify(items);
    for (const leak of ['Lyon', 'Martin', '+33622222222', 'Paris', '+33600000000', 'Account', w.zoe.email]) {
      expect(body).not.toContain(leak);
    }
    // A-only shoppers answer 404 to B, as unknown ids do
    for (const f of [{ identity_id: w.guest.id }, { identity_id: w.waiter.id }, { buyer_id: w.tom.id }]) {
      const res = await item(w.api.b, f);
      expect(res.statusCode, JSON.stringify(f)).toBe(404);
    }
    expect((await list(w.api.b, `queryFilter=${q({ buyer_id: w.tom.id })}`)).count).toBe(0);
  });

  it('the detail holds this seller’s orders, comments and waiting items only', async () => {
    const bView = (await item(w.api.b, { buyer_id: w.zoe.id })).json().item as TBuyerDetail;
    expect(bView.orders.map((o) => o.total_amount)).toEqual([99]);
    expect(bView.orders[0].seller_id).toBe(w.b.id);
    expect(bView.comments).toEqual([]);
    expect(bView.email).toBe(w.zoe.email);

    const aView = (await item(w.api.a, { buyer_id: w.zoe.id })).json().item as TBuyerDetail;
    expect(aView.orders.map((o) => [o.status, o.total_amount])).toEqual([
      ['expired', 15],
      ['shipped', 25],
      ['payed', 40],
    ]);
    expect(aView).toMatchObject({
      first_name: 'Zoé',
      last_name: 'Martin',
      orders_count: 3,
      waiting_count: 0,
    });
  });
});

describe('filters and sorts', () => {
  it('never_paid keeps the shoppers who never paid an order', async () => {
    const { items } = await list(w.api.a, `queryFilter=${q({ never_paid: true })}`);
    expect(items.map((i) => i.first_name).sort()).toEqual(['Tom', 'Wendy Waits']);
    const paid = await list(w.api.a, `queryFilter=${q({ never_paid: false })}`);
    expect(paid.items.map((i) => i.first_name).sort()).toEqual(['Bruno', 'Zoé']);
  });

  it('total_amount bounds what a shopper spent, in euros', async () => {
    const { items } = await list(w.api.a, `queryFilter=${q({ total_amount: { min: 10, max: 20 } })}`);
    expect(items.map((i) => i.first_name)).toEqual(['Bruno']);
    const over = await list(w.api.a, `queryFilter=${q({ total_amount: { min: '60' } })}`);
    expect(over.items.map((i) => i.buyer_id)).toEqual([w.zoe.id]);
  });

  it('country_id, name, buyer_id and identity_id', async () => {
    const be = await list(w.api.a, `queryFilter=${q({ country_id: countryId.BE })}`);
    expect(be.items.map((i) => i.first_name)).toEqual(['Bruno']);
    const name = await list(w.api.a, `queryFilter=${q({ name: 'GUEST' })}`);
    expect(name.items.map((i) => i.identity_id)).toEqual([w.guest.id]);
    const byBuyer = await list(w.api.a, `queryFilter=${q({ buyer_id: w.tom.id })}`);
    expect(byBuyer.items.map((i) => i.buyer_id)).toEqual([w.tom.id]);
    const byIdentity = await list(w.api.a, `queryFilter=${q({ identity_id: w.waiter.id })}`);
    expect(byIdentity.items.map((i) => i.identity_id)).toEqual([w.waiter.id]);
  });

  it('query searches the name as shown, the phone and the city, whatever the case and accents', async () => {
    const search = async (term: string) =>
      (await list(w.api.a, `query=${encodeURIComponent(term)}`)).items.map((i) => i.first_name).sort();
    expect(await search('MARTIN zoe')).toEqual(['Zoé']);
    expect(await search('zoe martin')).toEqual(['Zoé']);
    // one field at a time: a name and a city together find nobody
    expect(await search('martin lyon')).toEqual([]);
    expect(await search('martin zoé')).toEqual(['Zoé']);
    expect(await search('+3247')).toEqual(['Bruno']);
    expect(await search('LYON')).toEqual(['Zoé']);
    expect(await search('wendy')).toEqual(['Wendy Waits']);
    // what another seller knows of her (Bruxelles, her account's name) finds nothing here
    expect(await search('bruxelles')).toEqual([]);
    expect(await search('account')).toEqual([]);
    expect(await search('100%')).toEqual([]);
  });

  it('sorts by orders, amount spent and unpaid carts, and pages', async () => {
    const byOrders = await list(w.api.a, 'column=orders_count&sort=DESC');
    expect(byOrders.items.map((i) => i.orders_count)).toEqual([3, 2, 1, 0]);
    const bySpent = await list(w.api.a, 'column=total_spent&sort=DESC&limit=10');
    expect(bySpent.items[0].buyer_id).toBe(w.zoe.id);
    const byUnpaid = await list(w.api.a, 'column=unpaid_carts&sort=DESC');
    expect(byUnpaid.items[0].buyer_id).toBe(w.tom.id);
    const page2 = await list(w.api.a, 'limit=10&offset=10');
    expect(page2).toEqual({ count: 4, items: [] });
  });

  it('fetch-filters offers the countries of the seller’s own orders', async () => {
    const res = await w.api.a.get('/api/buyers/fetch-filters');
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items.countries.map((c: { id: number }) => c.id).sort()).toEqual(
      [countryId.FR, countryId.BE].sort(),
    );
    const b = (await w.api.b.get('/api/buyers/fetch-filters')).json().items;
    expect(b.countries.map((c: { id: number }) => c.id)).toEqual([countryId.BE]);
  });
});

describe('admin', () => {
  it('Clients: a row per seller × shopper with the seller column, and the seller_id filter', async () => {
    const both = await list(w.api.admin, `queryFilter=${q({ buyer_id: w.zoe.id })}`);
    expect(both.items.map((i) => [i.seller_id, i.total_spent]).sort()).toEqual(
      [
        [w.a.id, 65],
        [w.b.id, 99],
      ].sort(),
    );
    expect(both.items.every((i) => i.seller_name === 'Test User')).toBe(true);
    const onlyB = await list(w.api.admin, `queryFilter=${q({ seller_id: w.b.id })}`);
    expect(onlyB.items.map((i) => i.key)).toEqual([`${w.b.id}:u${w.zoe.id}`]);
  });

  it('Shoppers: the account with its own details and its figures at every seller', async () => {
    const { items } = await list(w.api.admin, `view=shoppers&queryFilter=${q({ buyer_id: w.zoe.id })}`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      key: `u${w.zoe.id}`,
      seller_id: null,
      first_name: 'Zoé',
      last_name: 'Account',
      email: w.zoe.email,
      phone: '+33600000000',
      orders_count: 4,
      total_spent: 164,
      sellers_count: 2,
      blocked_sellers: 0,
    });
    const detail = (await item(w.api.admin, { buyer_id: w.zoe.id })).json().item as TBuyerDetail;
    expect(detail.orders.map((o) => o.seller_id).sort()).toEqual([w.a.id, w.a.id, w.a.id, w.b.id].sort());
    const atB = (await item(w.api.admin, { buyer_id: w.zoe.id, seller_id: w.b.id })).json().item;
    expect(atB.orders).toHaveLength(1);
  });

  it('a seller cannot read the Shoppers view', async () => {
    const res = await w.api.a.get('/api/buyers/fetch-items?view=shoppers');
    expect(res.statusCode).toBe(403);
  });
});

describe('who may call', () => {
  it('every call: admin and sellers yes, shoppers 403, signed out 401', async () => {
    const urls = [
      '/api/buyers/fetch-items',
      `/api/buyers/fetch-item?queryFilter=${q({ buyer_id: w.zoe.id })}`,
      '/api/buyers/fetch-filters',
    ];
    for (const url of urls) {
      expect((await w.api.admin.get(url)).statusCode, url).toBe(200);
      expect((await w.api.a.get(url)).statusCode, url).toBe(200);
      expect((await w.api.b.get(url)).statusCode, url).toBe(200);
      expect((await w.api.buyer.get(url)).statusCode, url).toBe(403);
      expect((await rt.app.inject({ url })).statusCode, url).toBe(401);
    }
    const body = { buyer_id: w.zoe.id, blocked: false };
    expect((await w.api.a.post('/api/buyers/block', body)).statusCode).toBe(200);
    expect((await w.api.b.post('/api/buyers/block', body)).statusCode).toBe(200);
    expect((await w.api.admin.post('/api/buyers/block', body)).statusCode).toBe(403);
    expect((await w.api.buyer.post('/api/buyers/block', body)).statusCode).toBe(403);
    const anonymous = await rt.app.inject({
      method: 'POST',
      url: '/api/buyers/block',
      payload: body,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('another seller blocking A’s shopper gets 404 and nothing changes', async () => {
    const res = await w.api.b.post('/api/buyers/block', { identity_id: w.guest.id, blocked: true });
    expect(res.statusCode).toBe(404);
    const guest = (await list(w.api.a, `queryFilter=${q({ identity_id: w.guest.id })}`)).items[0];
    expect(guest.blocked).toBe(false);
  });
});

describe('bad inputs answer 400 or 404 naming the field', () => {
  const fields = (res: {
    statusCode: number;
    json: () => { error: string; fields?: Record<string, string> };
  }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation');
    return res.json().fields ?? {};
  };

  it('list filters', async () => {
    expect(
      fields(await w.api.a.get(`/api/buyers/fetch-items?queryFilter=${q({ name: 'a\u0000b' })}`)),
    ).toHaveProperty('queryFilter.name');
    expect(
      fields(await w.api.a.get(`/api/buyers/fetch-items?queryFilter=${q({ buyer_id: MAX_ID + 1 })}`)),
    ).toHaveProperty('queryFilter.buyer_id');
    expect(
      fields(await w.api.a.get(`/api/buyers/fetch-items?queryFilter=${q({ total_amount: { min: 'abc' } })}`)),
    ).toHaveProperty(['queryFilter.total_amount.min']);
    expect(
      fields(await w.api.a.get(`/api/buyers/fetch-items?queryFilter=${q({ never_paid: 'maybe' })}`)),
    ).toHaveProperty(['queryFilter.never_paid']);
    expect(fields(await w.api.a.get('/api/buyers/fetch-items?queryFilter=%7Bnot-json'))).toHaveProperty(
      'queryFilter',
    );
    expect(fields(await w.api.a.get('/api/buyers/fetch-items?column=email'))).toHaveProperty('column');
    expect(fields(await w.api.admin.get('/api/buyers/fetch-items?view=everyone'))).toHaveProperty('view');
  });

  it('fetch-item needs exactly one shopper id; an unknown one is 404', async () => {
    expect(fields(await w.api.a.get('/api/buyers/fetch-item'))).toHaveProperty('queryFilter');
    expect(fields(await item(w.api.a, {}))).toHaveProperty(['queryFilter.buyer_id']);
    expect(fields(await item(w.api.a, { buyer_id: w.zoe.id, identity_id: w.guest.id }))).toHaveProperty([
      'queryFilter.identity_id',
    ]);
    expect(fields(await item(w.api.a, { buyer_id: MAX_ID + 1 }))).toHaveProperty(['queryFilter.buyer_id']);
    expect((await item(w.api.a, { buyer_id: MAX_ID })).statusCode).toBe(404);
    expect((await item(w.api.a, { identity_id: MAX_ID })).statusCode).toBe(404);
    // a buyer account that is no shopper of A
    const stranger = await makeBuyer(rt);
    expect((await item(w.api.a, { buyer_id: stranger.id })).statusCode).toBe(404);
    // admin: a seller's own id is no shopper account
    expect((await item(w.api.admin, { buyer_id: w.a.id })).statusCode).toBe(404);
  });

  it('block: bad bodies change nothing', async () => {
    const before = (await list(w.api.a)).items.map((i) => i.blocked);
    expect(fields(await w.api.a.post('/api/buyers/block', { buyer_id: w.zoe.id }))).toHaveProperty('blocked');
    expect(fields(await w.api.a.post('/api/buyers/block', { blocked: true }))).toHaveProperty('buyer_id');
    expect(
      fields(await w.api.a.post('/api/buyers/block', { buyer_id: MAX_ID + 1, blocked: true })),
    ).toHaveProperty('buyer_id');
    expect(
      fields(await w.api.a.post('/api/buyers/block', { buyer_id: w.zoe.id, blocked: true, note: 'x' })),
    ).toHaveProperty('note');
    expect((await w.api.a.post('/api/buyers/block', { buyer_id: MAX_ID, blocked: true })).statusCode).toBe(
      404,
    );
    expect((await list(w.api.a)).items.map((i) => i.blocked)).toEqual(before);
  });
});
