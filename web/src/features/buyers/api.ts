import type {
  TBuyerBlockResult,
  TBuyerDetail,
  TBuyerFilters,
  TBuyerList,
  TBuyerListItem,
  TBuyerView,
} from '@livecart/contract/buyers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type ListParams, toApiQuery } from '../../lib/listParams';

export type TBuyerRow = TBuyerListItem;

/** Shoppers list defaults (SPEC §9: buyers sort ASC by first_name). */
export const BUYERS_DEFAULTS = { column: 'first_name', sort: 'ASC' } as const;

/** One shopper as the API names them: an account, or a commenter without one; admin adds the seller. */
export interface ShopperRef {
  buyer_id?: number;
  identity_id?: number;
  seller_id?: number;
}

/** The reference of a list row (its seller too when the row has one: admin's Clients). */
export const refOf = (r: TBuyerRow): ShopperRef => ({
  ...(r.buyer_id !== null ? { buyer_id: r.buyer_id } : { identity_id: r.identity_id ?? undefined }),
  ...(r.seller_id !== null && { seller_id: r.seller_id }),
});

export const buyerKeys = {
  all: ['buyers'] as const,
  lists: () => [...buyerKeys.all, 'list'] as const,
  list: (view: TBuyerView, params: ListParams) => [...buyerKeys.lists(), view, params] as const,
  filters: () => [...buyerKeys.all, 'filters'] as const,
  details: () => [...buyerKeys.all, 'detail'] as const,
  detail: (ref: ShopperRef) => [...buyerKeys.details(), ref] as const,
};

export function useBuyers(view: TBuyerView, params: ListParams) {
  return useQuery({
    queryKey: buyerKeys.list(view, params),
    queryFn: ({ signal }) =>
      api.get<TBuyerList>(
        '/buyers/fetch-items',
        { ...toApiQuery(params), ...(view === 'shoppers' && { view }) },
        { signal },
      ),
    placeholderData: (prev) => prev,
  });
}

export function useBuyerFilters() {
  return useQuery({
    queryKey: buyerKeys.filters(),
    queryFn: ({ signal }) => api.get<TBuyerFilters>('/buyers/fetch-filters', undefined, { signal }),
    select: (r) => r.items,
    staleTime: 5 * 60_000,
  });
}

/** GET buyers/fetch-item: the shopper with their orders, comments and waiting items. */
export function useBuyerDetail(ref: ShopperRef | null) {
  return useQuery({
    queryKey: buyerKeys.detail(ref ?? {}),
    queryFn: ({ signal }) =>
      api.get<{ item: TBuyerDetail }>('/buyers/fetch-item', { queryFilter: JSON.stringify(ref) }, { signal }),
    select: (r) => r.item,
    enabled: ref !== null,
  });
}

/** POST buyers/block: the lists and the detail show the new state. */
export function useBlockBuyer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { buyer_id?: number; identity_id?: number; blocked: boolean }) =>
      api.post<TBuyerBlockResult>('/buyers/block', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: buyerKeys.lists() });
      void qc.invalidateQueries({ queryKey: buyerKeys.details() });
    },
  });
}
