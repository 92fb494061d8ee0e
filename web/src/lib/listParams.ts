import { DEFAULT_LIMIT, PAGE_SIZES } from '@livecart/contract/constants';

export type SortOrder = 'ASC' | 'DESC';

/** The state of one list (SPEC §7): page, size, sort, search text and filters. */
export interface ListParams {
  limit: number;
  offset: number;
  sort: SortOrder;
  column: string;
  query: string;
  filter: Record<string, unknown>;
}

export interface ListDefaults {
  limit?: number;
  sort?: SortOrder;
  /** Sort column when none is chosen (SPEC §9: created_at unless the list says otherwise). */
  column?: string;
}

const KEYS = ['limit', 'offset', 'sort', 'column', 'query', 'queryFilter'] as const;

export function defaultListParams(d: ListDefaults = {}): ListParams {
  return {
    limit: d.limit ?? DEFAULT_LIMIT,
    offset: 0,
    sort: d.sort ?? 'DESC',
    column: d.column ?? 'created_at',
    query: '',
    filter: {},
  };
}

const isEmpty = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.values(v as object).every(isEmpty));

/** Drops empty filter values (`''`, null, `{min: undefined}`) so they neither show nor count. */
export function cleanFilter(filter: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filter)) {
    if (isEmpty(v)) continue;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      out[k] = Object.fromEntries(Object.entries(v).filter(([, x]) => !isEmpty(x)));
    } else out[k] = v;
  }
  return out;
}

function parseFilter(raw: string | null): Record<string, unknown> {
  if (!raw) return {};
  try {
    const v = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? cleanFilter(v) : {};
  } catch {
    return {};
  }
}

/** Reads list state from a URL query string; bad or missing values fall back to the defaults. */
export function readListParams(search: URLSearchParams, d: ListDefaults = {}): ListParams {
  const base = defaultListParams(d);
  const limit = Number(search.get('limit'));
  const offset = Number(search.get('offset'));
  const sort = search.get('sort')?.toUpperCase();
  return {
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : base.limit,
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
    sort: sort === 'ASC' || sort === 'DESC' ? sort : base.sort,
    column: search.get('column') || base.column,
    query: search.get('query') ?? '',
    filter: parseFilter(search.get('queryFilter')),
  };
}

/**
 * Writes list state into a copy of `search`, keeping its other parameters; values equal to the
 * defaults are left out so plain list addresses stay plain.
 */
export function writeListParams(
  search: URLSearchParams,
  p: ListParams,
  d: ListDefaults = {},
): URLSearchParams {
  const base = defaultListParams(d);
  const next = new URLSearchParams(search);
  for (const k of KEYS) next.delete(k);
  if (p.limit !== base.limit) next.set('limit', String(p.limit));
  if (p.offset > 0) next.set('offset', String(p.offset));
  if (p.sort !== base.sort) next.set('sort', p.sort);
  if (p.column !== base.column) next.set('column', p.column);
  if (p.query) next.set('query', p.query);
  const filter = cleanFilter(p.filter);
  if (Object.keys(filter).length > 0) next.set('queryFilter', JSON.stringify(filter));
  return next;
}

/** The query of a list call: limit, offset, sort, column, query and queryFilter (JSON). */
export function toApiQuery(p: ListParams): Record<string, string | number> {
  const q: Record<string, string | number> = {
    limit: p.limit,
    offset: p.offset,
    sort: p.sort,
    column: p.column,
  };
  if (p.query) q.query = p.query;
  const filter = cleanFilter(p.filter);
  if (Object.keys(filter).length > 0) q.queryFilter = JSON.stringify(filter);
  return q;
}

/** True when a search text or a filter narrows the list. */
export const hasCriteria = (p: ListParams): boolean =>
  !!p.query || Object.keys(cleanFilter(p.filter)).length > 0;
