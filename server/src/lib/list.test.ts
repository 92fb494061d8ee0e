import { ZDayRange, zListQuery } from '@livecart/contract/lists';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { client, makeBuyer, startTestApp } from '../../test/helpers.ts';
import { notifications } from '../db/schema/index.ts';
import type { Runtime } from '../runtime.ts';
import { AppError } from './errors.ts';
import { type ListDef, parseListQuery, runList } from './list.ts';
import { foldText, inDays } from './sql.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

const ZTestQuery = zListQuery({
  columns: ['created_at', 'title'] as const,
  defaultColumn: 'created_at',
  filter: z.object({ type: z.string().optional(), created_at: ZDayRange.optional() }),
});
type TTestQuery = z.output<typeof ZTestQuery>;
type Row = { id: number; title_en: string; type: string };

/** Notifications of one user as a list: enough columns to sort, filter, search and group. */
const listOf = (userId: number, grouped = false): ListDef<TTestQuery, Row, Row> => ({
  select: grouped ? sql`n.type, min(n.id) AS id, min(n.title_en) AS title_en` : sql`n.id, n.title_en, n.type`,
  from: sql`notifications n`,
  where: ({ queryFilter: f }) => [
    sql`n.user_id = ${userId}`,
    f.type && sql`n.type = ${f.type}`,
    ...inDays(sql`n.created_at`, f.created_at),
  ],
  search: [sql`n.title_en`],
  ...(grouped && { groupBy: sql`n.type` }),
  order: grouped
    ? { fixed: sql`n.type ASC` }
    : { columns: { created_at: sql`n.created_at`, title: sql`n.title_en` }, tieBreaker: sql`n.id` },
  map: (r) => r,
});

const parse = (input: Record<string, string>) => parseListQuery(ZTestQuery, input);

function validationFields(fn: () => unknown): Record<string, string> {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe('validation');
    return (e as AppError).fields ?? {};
  }
  throw new Error('expected a validation error');
}

describe('list query parsing', () => {
  it('fills in the SPEC defaults: 25 from 0, DESC by created_at, no filter', () => {
    expect(parse({})).toEqual({ limit: 25, offset: 0, sort: 'DESC', column: 'created_at', queryFilter: {} });
  });

  it('takes the page sizes 10, 25, 50 and 100 only', () => {
    for (const limit of [10, 25, 50, 100]) expect(parse({ limit: String(limit) }).limit).toBe(limit);
    expect(validationFields(() => parse({ limit: '7' }))).toEqual({ limit: 'invalid' });
    expect(validationFields(() => parse({ limit: 'ten' }))).toEqual({ limit: 'invalid' });
    expect(validationFields(() => parse({ offset: '-1' }))).toEqual({ offset: 'invalid' });
  });

  it('accepts the sort either case and only the columns of the list', () => {
    expect(parse({ sort: 'asc', column: 'title' })).toMatchObject({ sort: 'ASC', column: 'title' });
    expect(validationFields(() => parse({ sort: 'sideways' }))).toEqual({ sort: 'invalid' });
    expect(validationFields(() => parse({ column: 'password_hash' }))).toEqual({ column: 'invalid' });
  });

  it('reads queryFilter as JSON checked by the list filter', () => {
    expect(parse({ queryFilter: '{"type":"x","created_at":{"from":"2025-01-31"}}' }).queryFilter).toEqual({
      type: 'x',
      created_at: { from: '2025-01-31' },
    });
    expect(validationFields(() => parse({ queryFilter: '{not json' }))).toEqual({ queryFilter: 'invalid' });
    expect(validationFields(() => parse({ queryFilter: '{"created_at":{"from":"31/01/2025"}}' }))).toEqual({
      'queryFilter.created_at.from': 'invalid',
    });
  });

  it('lets a list have its own page sizes', () => {
    const Z = zListQuery({
      columns: ['created_at'] as const,
      defaultColumn: 'created_at',
      filter: z.object({}),
      pageSizes: [5, 10],
      defaultLimit: 5,
    });
    expect(parseListQuery(Z, {}).limit).toBe(5);
    expect(() => parseListQuery(Z, { limit: '25' })).toThrow(AppError);
  });
});

describe('list calls over HTTP', () => {
  it('answers 400 validation with the fields for a bad limit, column or queryFilter', async () => {
    const api = await client(rt, await makeBuyer(rt));
    const cases: [string, Record<string, string>][] = [
      ['limit=7', { limit: 'invalid' }],
      ['column=password_hash', { column: 'invalid' }],
      ['queryFilter=%7Boops', { queryFilter: 'invalid' }],
      [`queryFilter=${encodeURIComponent('{"unread":"maybe"}')}`, { 'queryFilter.unread': 'invalid' }],
    ];
    for (const [qs, fields] of cases) {
      const res = await api.get(`/api/fetch-notifications?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json(), qs).toMatchObject({ error: 'validation', fields });
    }
    expect((await api.get('/api/fetch-notifications?limit=10&sort=asc&column=type')).statusCode).toBe(200);
  });

  it('the route schemas all render in the OpenAPI document', async () => {
    const res = await rt.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/fetch-notifications',
        '/api/sellers/fetch-items',
        '/api/dashboard/fetch-items',
      ]),
    );
  });
});

describe('runList', () => {
  let userId: number;
  const base = Date.parse('2025-03-01T12:00:00Z');
  const hour = 3600_000;

  beforeAll(async () => {
    userId = (await makeBuyer(rt)).id;
    // 12 rows an hour apart; titles run the other way round so the two sorts differ.
    await rt.deps.database.db.insert(notifications).values(
      Array.from({ length: 12 }, (_, i) => ({
        user_id: userId,
        type: i % 3 === 0 ? 'a' : 'b',
        title_fr: `t${i}`,
        title_en: i === 4 ? 'Été 100%' : `title ${String(11 - i).padStart(2, '0')}`,
        created_at: new Date(base + i * hour),
      })),
    );
  });

  const run = (input: Record<string, string>, grouped = false) =>
    runList(rt.deps.database.db, listOf(userId, grouped), parse(input));

  it('counts every matching row and answers one page, newest first by default', async () => {
    const page = await run({ limit: '10' });
    expect(page.count).toBe(12);
    expect(page.items).toHaveLength(10);
    const ids = page.items.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('pages with offset without overlap, and past the end answers no items but the count', async () => {
    const first = await run({ limit: '10' });
    const second = await run({ limit: '10', offset: '10' });
    expect(second.count).toBe(12);
    expect(second.items).toHaveLength(2);
    const all = [...first.items, ...second.items].map((r) => r.id);
    expect(new Set(all).size).toBe(12);
    expect(await run({ offset: '50' })).toEqual({ count: 12, items: [] });
  });

  it('sorts by the chosen column both ways', async () => {
    const asc = (await run({ column: 'title', sort: 'ASC', limit: '100' })).items.map((r) => r.title_en);
    const desc = (await run({ column: 'title', sort: 'DESC', limit: '100' })).items.map((r) => r.title_en);
    expect(asc).toEqual([...desc].reverse());
    expect(asc[0]).toBe('title 00');
    const oldest = (await run({ sort: 'ASC' })).items[0];
    const newest = (await run({ sort: 'DESC' })).items[0];
    expect(oldest.id).toBeLessThan(newest.id);
  });

  it('applies the filter and the search, ignoring case, accents and LIKE wildcards', async () => {
    expect((await run({ queryFilter: '{"type":"a"}' })).count).toBe(4);
    expect((await run({ query: 'ETE' })).items.map((r) => r.title_en)).toEqual(['Été 100%']);
    expect((await run({ query: '100%' })).count).toBe(1);
    expect((await run({ query: '%' })).count).toBe(1);
    expect((await run({ query: 'title_' })).count).toBe(0);
    expect(foldText('ÉlÈVE Ørsted Łódź')).toBe('eleve orsted lodz');
  });

  it('filters whole Europe/Paris days', async () => {
    // 12:00Z to 23:00Z on 1 March is 13:00 to 00:00 in Paris: the last row falls on 2 March.
    const day = (from: string, to: string) =>
      run({ queryFilter: JSON.stringify({ created_at: { from, to } }) });
    expect((await day('2025-03-01', '2025-03-01')).count).toBe(11);
    expect((await day('2025-03-02', '2025-03-02')).count).toBe(1);
  });

  it('counts groups for a grouped list', async () => {
    const page = await run({}, true);
    expect(page.count).toBe(2);
    expect(page.items.map((r) => r.type)).toEqual(['a', 'b']);
  });

  it('counting with the page answers the same pages and counts, past the end and filtered too', async () => {
    const withPage = (input: Record<string, string>, grouped = false) =>
      runList(rt.deps.database.db, { ...listOf(userId, grouped), countWithPage: true }, parse(input));
    const inputs: Record<string, string>[] = [
      { limit: '10' },
      { limit: '10', offset: '10' },
      { offset: '50' },
      { queryFilter: '{"type":"a"}', column: 'title', sort: 'ASC' },
      { query: 'nothing like this' },
    ];
    for (const input of inputs) {
      expect(await withPage(input), JSON.stringify(input)).toEqual(await run(input));
    }
    expect(await withPage({}, true)).toEqual(await run({}, true));
  });

  it('a page cut by its keys first answers the same pages, sorted, filtered, searched and past the end', async () => {
    // the rows read again with a join only the items show (here: the notification's user)
    const byKeys = (input: Record<string, string>) =>
      runList(
        rt.deps.database.db,
        {
          ...listOf(userId),
          select: sql`n.id, n.title_en, n.type, u.email`,
          pageBy: { key: sql`n.id`, rows: sql`notifications n JOIN users u ON u.id = n.user_id` },
          map: ({ email, ...row }: Row & { email: string }) => {
            expect(email).toContain('@');
            return row;
          },
        },
        parse(input),
      );
    const inputs: Record<string, string>[] = [
      { limit: '10' },
      { limit: '10', offset: '10' },
      { offset: '50' },
      { column: 'title', sort: 'ASC', offset: '3', limit: '10' },
      { sort: 'ASC', limit: '10', offset: '5' },
      { queryFilter: '{"type":"b"}', column: 'title', sort: 'DESC' },
      { query: 'ete' },
    ];
    for (const input of inputs) {
      expect(await byKeys(input), JSON.stringify(input)).toEqual(await run(input));
    }
  });
});
