import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  hasCriteria,
  type ListDefaults,
  type ListParams,
  readListParams,
  type SortOrder,
  writeListParams,
} from '../lib/listParams';

export interface ListState {
  params: ListParams;
  /** True when a search text or filter is set (changes the empty-table text). */
  filtered: boolean;
  setPage: (page: number, pageSize: number) => void;
  setSort: (column: string | undefined, sort: SortOrder | undefined) => void;
  setQuery: (query: string) => void;
  setFilter: (filter: Record<string, unknown>) => void;
  /** Clears the search and the filters, but for `keep` (a status tab's filter). */
  reset: (keep?: Record<string, unknown>) => void;
}

/**
 * List state kept in the URL query string (limit, offset, sort, column, query, queryFilter), so a
 * reload or a shared link shows the same page of the same list. Changing search or filters goes
 * back to the first page.
 */
export function useListParams(defaults: ListDefaults = {}): ListState {
  const [search, setSearch] = useSearchParams();
  const { limit, sort, column } = defaults;
  const d = useMemo(() => ({ limit, sort, column }), [limit, sort, column]);
  const params = useMemo(() => readListParams(search, d), [search, d]);

  const update = useCallback(
    (patch: Partial<ListParams>) =>
      setSearch((prev) => writeListParams(prev, { ...readListParams(prev, d), ...patch }, d)),
    [setSearch, d],
  );

  return {
    params,
    filtered: hasCriteria(params),
    setPage: useCallback(
      (page: number, pageSize: number) =>
        update({ limit: pageSize, offset: Math.max(0, (page - 1) * pageSize) }),
      [update],
    ),
    setSort: useCallback(
      (col: string | undefined, order: SortOrder | undefined) =>
        update({
          column: col && order ? col : (d.column ?? 'created_at'),
          sort: col && order ? order : (d.sort ?? 'DESC'),
          offset: 0,
        }),
      [update, d],
    ),
    setQuery: useCallback((query: string) => update({ query: query.trim(), offset: 0 }), [update]),
    setFilter: useCallback((filter: Record<string, unknown>) => update({ filter, offset: 0 }), [update]),
    reset: useCallback(
      (keep: Record<string, unknown> = {}) => update({ query: '', filter: keep, offset: 0 }),
      [update],
    ),
  };
}
