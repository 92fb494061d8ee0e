import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
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
import { addresses, countries, orders, socialIdentities, users } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';
import { ORDER_FIGURES_BY_SELLER } from '../orders/figures.ts';

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

  it('figures stay those of the orders through payments, refunds, moves, orders of no shopper and deletions', async () => {
    // a name of its own, out of the other cases' lists
    const own = randomBytes(4).toString('hex');
    const d = await makeSeller(rt);
    await db()
      .update(users)
      .set({ company_name: `Drogerie ${own}` })
      .where(eq(users.id, d.id));
    // the plain computation over the seller's orders, as the list shows it
    const plain = async () => {
      const [f] = await queryRows<{ total_orders: number; total_buyers: number; total_amount_cents: number }>(
        db(),
        sql`SELECT * FROM (${ORDER_FIGURES_BY_SELLER}) f WHERE f.seller_id = ${d.id}`,
      );
      return {
        total_orders: f?.total_orders ?? 0,
        total_buyers: f?.total_buyers ?? 0,
        total_amount: Number(f?.total_amount_cents ?? 0) / 100,
      };
    };
    const listed = async () => {
      const row = byId(await list({ query: own }), d.id);
      return {
        total_orders: row?.total_orders,
        total_buyers: row?.total_buyers,
        total_amount: row?.total_amount,
      };
    };
    const same = async () => expect(await listed()).toEqual(await plain());

    const b1 = await makeBuyer(rt);
    const b2 = await makeBuyer(rt);
    const commenter = await insertSocialIdentity(rt, d.id, 'Commentatrice');
    const paid = await insertOrder(rt, {
      seller_id: d.id,
      buyer_id: b1.id,
      status: 'payed',
      total_cents: 4200,
    });
    const cart = await insertOrder(rt, {
      seller_id: d.id,
      social_identity_id: commenter.id,
      status: 'new',
      total_cents: 700,
    });
    await insertOrder(rt, { seller_id: d.id, status: 'new', total_cents: 0 });
    const nobody = await insertOrder(rt, { seller_id: d.id, status: 'payed', total_cents: 1500 });
    await same();
    expect(await listed()).toEqual({ total_orders: 3, total_buyers: 2, total_amount: 57 });

    await db().update(orders).set({ status: 'canceled' }).where(eq(orders.id, paid.id));
    await db().update(orders).set({ status: 'payed', paid_at: new Date() }).where(eq(orders.id, cart.id));
    await same();
    await db().update(socialIdentities).set({ user_id: b1.id }).where(eq(socialIdentities.id, commenter.id));
    await same();
    await db().update(orders).set({ buyer_id: b2.id }).where(eq(orders.id, nobody.id));
    await same();
    await db().update(orders).set({ buyer_id: null }).where(eq(orders.id, nobody.id));
    await db().update(orders).set({ total_amount_cents: 1600 }).where(eq(orders.id, nobody.id));
    await same();
    await db().delete(orders).where(eq(orders.id, cart.id));
    await db().delete(users).where(eq(users.id, b2.id));
    await same();
    expect(await listed()).toEqual({ total_orders: 2, total_buyers: 1, total_amount: 16 });
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

  it('find-buyer matches the name either way round, the real e-mail of a social login and the company', async () => {
    const shopper = await makeBuyer(rt);
    await db()
      .update(users)
      .set({
        first_name: 'Hélène',
        last_name: `Ñúñez${tag}`,
        email_real: `vraie.${tag}@exemple.test`,
        company_name: `Société Ôrbe ${tag}`,
      })
      .where(eq(users.id, shopper.id));
    const found = async (term: string) =>
      (await admin.get(`/api/users/find-buyer?searchStr=${encodeURIComponent(term)}`))
        .json()
        .result.map((u: { id: number }) => u.id);
    for (const term of [`nunez${tag} helene`, `HELENE NUÑEZ${tag}`, `vraie.${tag}@`, `orbe ${tag}`]) {
      expect(await found(term), term).toEqual([shopper.id]);
    }
    // a term spanning two fields matches neither
    expect(await found(`${tag}@exemple.test\nsociété`)).toEqual([]);
    expect(await found(`exemple.test société`)).not.toContain(shopper.id);
  });

  it('find-buyer lists first those whom a field starts with, whichever field', async () => {
    const term = `q${tag}`;
    const [inside, byLast, byEmail, noFirst] = await Promise.all([
      makeBuyer(rt),
      makeBuyer(rt),
      makeBuyer(rt, { email: `${term}.mail@test.local` }),
      makeBuyer(rt),
    ]);
    const named = async (id: number, first_name: string | null, last_name: string) =>
      db().update(users).set({ first_name, last_name }).where(eq(users.id, id));
    await named(inside.id, 'Aa', `Z${term}`);
    await named(byLast.id, 'Zz', `${term.toUpperCase()}ÉTÉ`);
    await named(byEmail.id, 'Mm', 'Autre');
    await named(noFirst.id, null, `${term}d`);
    const res = await admin.get(`/api/users/find-buyer?searchStr=${encodeURIComponent(term)}`);
    expect(res.json().result.map((u: { id: number }) => u.id)).toEqual([
      byEmail.id,
      byLast.id,
      noFirst.id,
      inside.id,
    ]);
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
