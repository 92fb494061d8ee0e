import { describe, expect, it } from 'vitest';
import { readListParams, toApiQuery, writeListParams } from './listParams';

const url = (s: string) => new URLSearchParams(s);

describe('list parameters in the address', () => {
  it('a plain list address means the first 25 rows, newest first', () => {
    expect(readListParams(url(''))).toEqual({
      limit: 25,
      offset: 0,
      sort: 'DESC',
      column: 'created_at',
      query: '',
      filter: {},
    });
  });

  it('a shared link restores page, size, sort, search and filters', () => {
    const p = readListParams(
      url(
        'limit=50&offset=100&sort=asc&column=total_amount&query=robe&queryFilter=%7B%22country_id%22%3A3%7D',
      ),
    );
    expect(p).toEqual({
      limit: 50,
      offset: 100,
      sort: 'ASC',
      column: 'total_amount',
      query: 'robe',
      filter: { country_id: 3 },
    });
  });

  it('ignores a page size that is not offered and a broken filter', () => {
    const p = readListParams(url('limit=33&offset=-5&sort=sideways&queryFilter=%7Bbroken'));
    expect(p.limit).toBe(25);
    expect(p.offset).toBe(0);
    expect(p.sort).toBe('DESC');
    expect(p.filter).toEqual({});
  });

  it('uses the list own default sort column', () => {
    expect(readListParams(url(''), { column: 'total_orders' }).column).toBe('total_orders');
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const base = url('storeName=demo&offset=25');
    const p = {
      ...readListParams(base),
      offset: 0,
      sort: 'ASC' as const,
      filter: { total_orders: { min: 2 } },
    };
    const next = writeListParams(base, p);
    expect(next.get('storeName')).toBe('demo');
    expect(next.has('offset')).toBe(false);
    expect(next.has('limit')).toBe(false);
    expect(next.get('sort')).toBe('ASC');
    expect(JSON.parse(next.get('queryFilter')!)).toEqual({ total_orders: { min: 2 } });
  });

  it('round-trips through the address', () => {
    const p = {
      limit: 100,
      offset: 200,
      sort: 'ASC' as const,
      column: 'name',
      query: 'x',
      filter: { seller_id: 4 },
    };
    expect(readListParams(writeListParams(url(''), p))).toEqual(p);
  });

  it('drops empty filter values', () => {
    const p = {
      ...readListParams(url('')),
      filter: { country_id: undefined, total_amount: { min: undefined }, q: '' },
    };
    expect(writeListParams(url(''), p).has('queryFilter')).toBe(false);
  });

  it('sends every list parameter to the API, the filter as JSON', () => {
    const p = { limit: 10, offset: 20, sort: 'ASC' as const, column: 'name', query: 'abc', filter: { a: 1 } };
    expect(toApiQuery(p)).toEqual({
      limit: 10,
      offset: 20,
      sort: 'ASC',
      column: 'name',
      query: 'abc',
      queryFilter: '{"a":1}',
    });
  });
});
