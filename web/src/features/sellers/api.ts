import type { TFindUserResult, TSellerFilters, TSellerListItem } from '@livecart/contract/sellers';
import { useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from '../../lib/api';
import { type ListParams, toApiQuery } from '../../lib/listParams';

export type TSellerRow = TSellerListItem;

/** Sellers list defaults (SPEC §9: sellers sort by total_orders). */
export const SELLERS_DEFAULTS = { column: 'total_orders', sort: 'DESC' } as const;

export const sellerKeys = {
  all: ['sellers'] as const,
  list: (params: ListParams) => [...sellerKeys.all, 'list', params] as const,
  filters: () => [...sellerKeys.all, 'filters'] as const,
};

export function useSellers(params: ListParams) {
  return useQuery({
    queryKey: sellerKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResponse<TSellerRow>>('/sellers/fetch-items', toApiQuery(params), { signal }),
    placeholderData: (prev) => prev,
  });
}

export function useSellerFilters() {
  return useQuery({
    queryKey: sellerKeys.filters(),
    queryFn: ({ signal }) => api.get<TSellerFilters>('/sellers/fetch-filters', undefined, { signal }),
    select: (r) => r.items,
    staleTime: 5 * 60_000,
  });
}

/** Sellers whose name or e-mail matches, as select options. */
export const findSellers = (searchStr: string) =>
  api
    .get<TFindUserResult>(`/users/find-seller?searchStr=${encodeURIComponent(searchStr)}`)
    .then((r) => r.result.map((s) => ({ value: s.id, label: s.label })));
