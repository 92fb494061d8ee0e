import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, insertSession, insertSocialIdentity } from '../../../test/fixtures.ts';
import {
  client,
  makeAdmin,
  makeBuyer,
  makeSeller,
  startTestApp,
  type TestUser,
} from '../../../test/helpers.ts';
import { addresses, countries, users } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
type Api = Awaited<ReturnType<typeof client>>;
let admin: Api;
const tag = randomBytes(4).toString('hex');

beforeAll(async () => {
  rt = await startTestApp();
  admin = await client(rt, await makeAdmin(rt));
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;

async function sellerNamed(first: string, company: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const seller = await makeSeller(rt);
  await db()
    .update(users)
    .set({ first_name: first, company_name: `${company} ${tag}`, ...extra })
    .where(eq(users.id, seller.id));
  return seller;
}

async function livesIn(user: TestUser, iso: string) {
  const [country] = await db().select().from(countries).where(eq(countries.iso, iso));
  await db().insert(addresses).values({
    user_id: user.id,
    address_type: 'seller',
    country_id: country.id,
    city: 'Ville',
    address1: '1 rue',
  });
  return country;
}

const list = async (params: Record<string, unknown> = {}) => {
  const qs = new URLSearchParams(
    Object.entries({ query: tag, ...params }).map(([k, v]) => [
      k,
      typeof v === 'object' ? JSON.stringify(v) : String(v),
    ]),
  );
  const res = await admin.get(`/api/sellers/fetch-items?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; items: Record<string, unknown>[] };
};
const byId = (page: { items: Record<string, unknown>[] }, id: number) => page.items.find((s) => s.id === id);

describe('admin sellers list', () => {
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  let fr: { id: number };

  beforeAll(async () => {
    a = await sellerNamed('Alice', 'Atelier');
    b = await sellerNamed('Bruno', 'Boutique', { seller_percent_bp: 250 });
    c = await sellerNamed('Chloé', 'Comptoir');
    fr = await livesIn(a, 'FR');
    await livesIn(b, 'BE');
  });

  it('figures are zero until orders and sessions exist, then add up', async () => {
    const before = byId(await list(), a.id);
    expect(before).toMatchObject({
      first_name: 'Alice',
      company_name: `Atelier ${tag}`,
      transaction_percent: 5,
      total_sessions: 0,
      total_buyers: 0,
      total_orders: 0,
      total_amount: 0,
      subscription_status: 'trialing',
      country_id: fr.id,
    });
    expect(before?.subscription_end).toEqual(expect.stringMatching(/^\d{4}-/));

    const buyer1 = await makeBuyer(rt);
    const buyer2 = await makeBuyer(rt);
    const commenter = await insertSocialIdentity(rt, a.id, 'Commenter');
    const linked = await insertSocialIdentity(rt, a.id, 'Linked', buyer2.id);
    await insertSession(rt, a.id);
    await insertSession(rt, a.id);
    await insertSession(rt, a.id, { deleted: true });
    await insertOrder(rt, { seller_id: a.id, buyer_id: buyer1.id, status: 'payed', total_cents: 10000 });
    await insertOrder(rt, { seller_id: a.id, buyer_id: buyer1.id, status: 'shipped', total_cents: 5050 });
    await insertOrder(rt, {
      seller_id: a.id,
      social_identity_id: commenter.id,
      status: 'new',
      total_cents: 2000,
    });
    await insertOrder(rt, {
      seller_id: a.id,
      social_identity_id: linked.id,
      status: 'canceled',
      total_cents: 3000,
    });
    await insertOrder(rt, { seller_id: a.id, buyer_id: buyer2.id, status: 'payed', total_cents: 1000 });
    await insertOrder(rt, { seller_id: b.id, buyer_id: buyer1.id, status: 'payed', total_cents: 500 });

    const after = await list();
    expect(byId(after, a.id)).toMatchObject({
      total_sessions: 2,
      // buyer1, the commenter, and buyer2 (directly and through their linked identity) once
      total_buyers: 3,
      total_orders: 5,
      total_amount: 160.5,
    });
    expect(byId(after, b.id)).toMatchObject({
      transaction_percent: 2.5,
      total_sessions: 0,
      total_buyers: 1,
      total_orders: 1,
      total_amount: 5,
    });
    expect(byId(after, c.id)).toMatchObject({ total_orders: 0, total_amount: 0 });
  });

  it('sorts by total_orders DESC by default, and by the other columns both ways', async () => {
    const ids = (page: { items: Record<string, unknown>[] }) => page.items.map((s) => s.id);
    expect(ids(await list())).toEqual([a.id, b.id, c.id]);
    expect(ids(await list({ column: 'total_amount', sort: 'ASC' }))).toEqual([c.id, b.id, a.id]);
    expect(ids(await list({ column: 'first_name', sort: 'ASC' }))).toEqual([a.id, b.id, c.id]);
    expect(ids(await list({ column: 'first_name', sort: 'DESC' }))).toEqual([c.id, b.id, a.id]);
    expect(ids(await list({ column: 'created_at', sort: 'DESC' }))).toEqual([c.id, b.id, a.id]);
    for (const column of ['total_sessions', 'total_buyers', 'subscription_end']) {
      expect((await list({ column })).count).toBe(3);
    }
    const paged = await list({ limit: 10, offset: 2 });
    expect(paged.count).toBe(3);
    expect(ids(paged)).toEqual([c.id]);
  });

  it('filters by country, ranges, seller and creation day, and searches names', async () => {
    expect((await list({ queryFilter: { country_id: fr.id } })).items.map((s) => s.id)).toEqual([a.id]);
    expect(
      (await list({ queryFilter: { total_orders: { min: 1, max: 1 } } })).items.map((s) => s.id),
    ).toEqual([b.id]);
    expect((await list({ queryFilter: { total_sessions: { min: 1 } } })).count).toBe(1);
    expect((await list({ queryFilter: { total_buyers: { max: 0 } } })).items.map((s) => s.id)).toEqual([
      c.id,
    ]);
    expect((await list({ queryFilter: { total_amount: { min: 5, max: 160.5 } } })).count).toBe(2);
    expect((await list({ queryFilter: { total_amount: { min: 160.51 } } })).count).toBe(0);
    expect((await list({ queryFilter: { seller_id: b.id } })).items.map((s) => s.id)).toEqual([b.id]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    expect((await list({ queryFilter: { created_at: { from: today, to: today } } })).count).toBe(3);
    expect((await list({ queryFilter: { created_at: { to: '2020-01-01' } } })).count).toBe(0);
    // Accents and case do not matter.
    expect((await list({ query: `CHLOE` })).items.map((s) => s.id)).toContain(c.id);
    expect((await list({ query: a.email.toUpperCase() })).items.map((s) => s.id)).toEqual([a.id]);
  });

  it('refuses bad filters with 400', async () => {
    const res = await admin.get(
      `/api/sellers/fetch-items?queryFilter=${encodeURIComponent('{"total_orders":{"min":"lots"}}')}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'queryFilter.total_orders.min': 'numeric' });
    expect((await admin.get('/api/sellers/fetch-items?column=email')).statusCode).toBe(400);
  });

  it('fetch-filters answers the countries of sellers and the bounds of the ranges', async () => {
    const res = await admin.get('/api/sellers/fetch-filters');
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items.countries.map((c: { id: number }) => c.id)).toContain(fr.id);
    expect(items.countries[0]).toEqual({
      id: expect.any(Number),
      name_fr: expect.any(String),
      name_en: expect.any(String),
    });
    expect(items.total_orders.max).toBeGreaterThanOrEqual(5);
    expect(items.total_amount.max).toBeGreaterThanOrEqual(160.5);
    expect(items.total_sessions).toEqual({ min: 0, max: expect.any(Number) });
  });
});

describe('user pickers', () => {
  it('find-seller matches name, e-mail or company regardless of case and accents, at most 20', async () => {
    const s = await sellerNamed('Éloïse', 'Maison Dupré');
    const res = await admin.get(`/api/users/find-seller?searchStr=${encodeURIComponent('eloise')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toContainEqual({
      id: s.id,
      label: `Éloïse User (Maison Dupré ${tag})`,
      email: s.email,
    });
    const byCompany = await admin.get(`/api/users/find-seller?searchStr=${encodeURIComponent('DUPRE')}`);
    expect(byCompany.json().result.map((u: { id: number }) => u.id)).toContain(s.id);
    const all = await admin.get('/api/users/find-seller');
    expect(all.json().result.length).toBeLessThanOrEqual(20);
    // Only sellers.
    const buyer = await makeBuyer(rt);
    const none = await admin.get(`/api/users/find-seller?searchStr=${encodeURIComponent(buyer.email)}`);
    expect(none.json().result).toEqual([]);
  });

  it('find-buyer: the admin finds any shopper, a seller only those who ordered from them', async () => {
    const seller = await makeSeller(rt);
    const mine = await makeBuyer(rt);
    const viaIdentity = await makeBuyer(rt);
    const stranger = await makeBuyer(rt);
    await db()
      .update(users)
      .set({ last_name: `Zed${tag}` })
      .where(inArray(users.id, [mine.id, viaIdentity.id, stranger.id]));
    await insertOrder(rt, { seller_id: seller.id, buyer_id: mine.id });
    const identity = await insertSocialIdentity(rt, seller.id, 'Via', viaIdentity.id);
    await insertOrder(rt, { seller_id: seller.id, social_identity_id: identity.id });

    const found = async (api: Api) => {
      const res = await api.get(`/api/users/find-buyer?searchStr=zed${tag}`);
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .result.map((u: { id: number }) => u.id)
        .sort();
    };
    expect(await found(admin)).toEqual([mine.id, viaIdentity.id, stranger.id].sort());
    expect(await found(await client(rt, seller))).toEqual([mine.id, viaIdentity.id].sort());
    expect(await found(await client(rt, await makeSeller(rt)))).toEqual([]);
  });
});

describe('access', () => {
  it('sellers and shoppers get 403 on the admin calls; shoppers also on find-buyer', async () => {
    const seller = await client(rt, await makeSeller(rt));
    const buyer = await client(rt, await makeBuyer(rt));
    for (const url of ['/api/sellers/fetch-items', '/api/sellers/fetch-filters', '/api/users/find-seller']) {
      expect((await seller.get(url)).statusCode, url).toBe(403);
      expect((await buyer.get(url)).statusCode, url).toBe(403);
    }
    expect((await buyer.get('/api/users/find-buyer')).statusCode).toBe(403);
    expect((await seller.get('/api/users/find-buyer')).statusCode).toBe(200);
  });
});
