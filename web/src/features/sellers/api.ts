import type {
  TFindUserResult,
  TLoginAsResponse,
  TPercentChange,
  TSellerAuditItem,
  TSellerFilters,
  TSellerListItem,
  TUpdatePercentBody,
} from '@livecart/contract/sellers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListResponse } from '../../lib/api';
import { type ListParams, toApiQuery } from '../../lib/listParams';
import { switchSession } from '../auth/api';

export type TSellerRow = TSellerListItem;
export type { TPercentChange, TSellerAuditItem };

/** Sellers list defaults (SPEC §9: sellers sort by total_orders). */
export const SELLERS_DEFAULTS = { column: 'total_orders', sort: 'DESC' } as const;

export const sellerKeys = {
  all: ['sellers'] as const,
  list: (params: ListParams) => [...sellerKeys.all, 'list', params] as const,
  one: (id: number) => [...sellerKeys.all, 'one', id] as const,
  filters: () => [...sellerKeys.all, 'filters'] as const,
  history: (email: string) => [...sellerKeys.all, 'history', email] as const,
  audit: (id: number, params: ListParams) => [...sellerKeys.all, 'audit', id, params] as const,
};

/** A seller's name as the screens show it: first and last name, else company, else e-mail. */
export const sellerName = (
  s: Pick<TSellerRow, 'first_name' | 'last_name' | 'company_name' | 'email' | 'id'>,
) => [s.first_name, s.last_name].filter(Boolean).join(' ') || s.company_name || s.email || `#${s.id}`;

export function useSellers(params: ListParams) {
  return useQuery({
    queryKey: sellerKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResponse<TSellerRow>>('/sellers/fetch-items', toApiQuery(params), { signal }),
    placeholderData: (prev) => prev,
  });
}

/** One seller with their figures (the list filtered on them); null when the id is not a seller's. */
export function useSeller(id: number) {
  return useQuery({
    queryKey: sellerKeys.one(id),
    queryFn: ({ signal }) =>
      api
        .get<ListResponse<TSellerRow>>(
          '/sellers/fetch-items',
          { queryFilter: JSON.stringify({ seller_id: id }), limit: 10 },
          { signal },
        )
        .then((r) => r.items[0] ?? null),
    enabled: Number.isInteger(id) && id > 0,
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

/**
 * POST sellers/login-as/{id}: the browser is signed in as the seller; every tab opens the seller's
 * dashboard afresh.
 */
export function useLoginAs() {
  return useMutation({
    mutationFn: (sellerId: number) => api.post<TLoginAsResponse>(`/sellers/login-as/${sellerId}`),
    onSuccess: (r) => switchSession({ ...r.user, impersonated_by: r.impersonated_by }, '/dashboard'),
  });
}

/** POST sellers/login-as/stop: back to the admin's own session, on the Sellers list. */
export function useStopLoginAs() {
  return useMutation({
    mutationFn: () => api.post<TLoginAsResponse>('/sellers/login-as/stop'),
    onSuccess: (r) => switchSession({ ...r.user, impersonated_by: null }, '/sellers'),
  });
}

/** POST sellers/update-percent: the list, the seller's figures and history change with it. */
export function useUpdatePercent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdatePercentBody) =>
      api.post<{ item: TPercentChange; message: string }>('/sellers/update-percent', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: sellerKeys.all }),
  });
}

/** GET sellers/history?emailSeller: the seller's percent changes, newest first. */
export function usePercentHistory(email: string | null) {
  return useQuery({
    queryKey: sellerKeys.history(email ?? ''),
    queryFn: ({ signal }) =>
      api.get<{ items: TPercentChange[] }>('/sellers/history', { emailSeller: email }, { signal }),
    select: (r) => r.items,
    enabled: !!email,
  });
}

/** POST sellers/unsubscribe: the seller's subscription ends now. */
export function useUnsubscribeSeller() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sellerId: number) =>
      api.post<{ success: boolean; message: string }>('/sellers/unsubscribe', { seller: sellerId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sellerKeys.all }),
  });
}

/** GET sellers/audit?seller_id: what admins did to and as the seller, newest first. */
export function useSellerAudit(sellerId: number, params: ListParams) {
  return useQuery({
    queryKey: sellerKeys.audit(sellerId, params),
    queryFn: ({ signal }) =>
      api.get<ListResponse<TSellerAuditItem>>(
        '/sellers/audit',
        { ...toApiQuery(params), seller_id: sellerId },
        { signal },
      ),
    placeholderData: (prev) => prev,
    enabled: Number.isInteger(sellerId) && sellerId > 0,
  });
}
