import type {
  TFreePeriod,
  TFreePeriodBody,
  TShippingCountryPrice,
  TShippingMethod,
} from '@livecart/contract/shipping';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { settingsKeys } from '../settings/api';

export type { TFreePeriod, TShippingCountryPrice, TShippingMethod };

export const shippingKeys = {
  all: ['shipping'] as const,
  list: () => [...shippingKeys.all, 'list'] as const,
  detail: (id: number) => [...shippingKeys.all, 'detail', id] as const,
  freePeriod: () => [...shippingKeys.all, 'free-period'] as const,
};

/** GET shipping/fetch-all: every catalogue method (a seller's switch and prices; admin's sellers count). */
export function useShippingMethods() {
  return useQuery({
    queryKey: shippingKeys.list(),
    queryFn: ({ signal }) =>
      api.get<{ shippings: TShippingMethod[] }>('/shipping/fetch-all', undefined, { signal }),
    select: (r) => r.shippings,
  });
}

/** GET shipping/fetch/{id}: one method (the admin's edit form). */
export function useShippingMethod(id: number | undefined) {
  return useQuery({
    queryKey: shippingKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ item: TShippingMethod }>(`/shipping/fetch/${id}`, undefined, { signal }),
    select: (r) => r.item,
    enabled: id !== undefined,
  });
}

type MethodResult = { success: true; item: TShippingMethod };

/** Puts a changed method in the list without fetching it again. */
function useReplaceInList() {
  const qc = useQueryClient();
  return (item: TShippingMethod) => {
    qc.setQueryData<{ shippings: TShippingMethod[] }>(shippingKeys.list(), (old) =>
      old ? { shippings: old.shippings.map((m) => (m.id === item.id ? item : m)) } : old,
    );
    qc.setQueryData(shippingKeys.detail(item.id), { item });
  };
}

/** PUT shipping/change-status/{id}: the seller's switch of one method. */
export function useChangeShippingStatus() {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: boolean }) =>
      api.put<MethodResult>(`/shipping/change-status/${id}`, { status }),
    onSuccess: (r) => replace(r.item),
  });
}

/** PUT shipping/change-statuses: every method on or off. */
export function useChangeShippingStatuses() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (status: boolean) =>
      api.put<{ success: true; shippings: TShippingMethod[] }>('/shipping/change-statuses', { status }),
    onSuccess: (r) => qc.setQueryData(shippingKeys.list(), { shippings: r.shippings }),
  });
}

/** POST shipping/save-countries/{id}: replaces the seller's countries and prices of a method. */
export function useSaveShippingCountries() {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: ({ id, countries }: { id: number; countries: TShippingCountryPrice[] }) =>
      api.post<MethodResult>(`/shipping/save-countries/${id}`, { countries }),
    onSuccess: (r) => replace(r.item),
    meta: { silent: true },
  });
}

/** The body of create/update: JSON without a logo, multipart with one. */
export interface ShippingMethodSave {
  id?: number;
  name: string;
  logo?: File | null;
}

/** POST shipping/create or shipping/update/{id} (admin). */
export function useSaveShippingMethod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, logo }: ShippingMethodSave) => {
      const path = id ? `/shipping/update/${id}` : '/shipping/create';
      if (!logo) return api.post<MethodResult>(path, { name });
      const data = new FormData();
      data.append('name', name);
      data.append('logo', logo);
      return api.upload<MethodResult>(path, data);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: shippingKeys.all }),
    meta: { silent: true },
  });
}

/** DELETE shipping/delete/{id} (admin). */
export function useDeleteShippingMethod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ success: true }>(`/shipping/delete/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: shippingKeys.all }),
  });
}

/** POST shipping/threshold: free shipping from an order amount in euros; null clears it. */
export function useSaveThreshold() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (threshold: number | null) =>
      api.post<{ success: true; threshold: number | null }>('/shipping/threshold', { threshold }),
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.all }),
    meta: { silent: true },
  });
}

/** GET shipping/free-period: the current window (scheduled or active), or null. */
export function useFreePeriod() {
  return useQuery({
    queryKey: shippingKeys.freePeriod(),
    queryFn: ({ signal }) =>
      api.get<{ item: TFreePeriod | null }>('/shipping/free-period', undefined, { signal }),
    select: (r) => r.item,
  });
}

/** POST shipping/free-period: a new window; it replaces the current one. */
export function useSetFreePeriod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TFreePeriodBody) =>
      api.post<{ success: true; item: TFreePeriod }>('/shipping/free-period', body),
    onSuccess: (r) => {
      qc.setQueryData(shippingKeys.freePeriod(), { item: r.item });
      void qc.invalidateQueries({ queryKey: settingsKeys.all });
    },
    meta: { silent: true },
  });
}

/** POST shipping/clear-free-period. */
export function useClearFreePeriod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ success: true }>('/shipping/clear-free-period'),
    onSuccess: () => {
      qc.setQueryData(shippingKeys.freePeriod(), { item: null });
      void qc.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
