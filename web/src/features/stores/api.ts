import { STORES_PAGE_SIZE } from '@livecart/contract/constants';
import type {
  TConnectStart,
  TSocialPages,
  TSocialSyncResult,
  TStore,
  TStoreList,
  TStoreResult,
} from '@livecart/contract/stores';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { liveKeys } from '../live/api';

export type { TSocialPages, TStore };

export const storesKeys = {
  all: ['stores'] as const,
  lists: () => [...storesKeys.all, 'list'] as const,
  list: (page: number) => [...storesKeys.lists(), page] as const,
  pages: () => [...storesKeys.all, 'social-pages'] as const,
};

/** GET fetch-stores: one page of the seller's stores (20 a page, newest first). */
export function useStores(page: number) {
  return useQuery({
    queryKey: storesKeys.list(page),
    queryFn: ({ signal }) =>
      api.get<TStoreList>(
        '/fetch-stores',
        { limit: STORES_PAGE_SIZE, offset: (page - 1) * STORES_PAGE_SIZE },
        { signal },
      ),
    placeholderData: (prev) => prev,
  });
}

/** GET social-account/pages: the connected account's pages (the picker), while it is open. */
export function useSocialPages(enabled: boolean) {
  return useQuery({
    queryKey: storesKeys.pages(),
    queryFn: ({ signal }) => api.get<TSocialPages>('/social-account/pages', undefined, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** A store change: the stores, the picker's `added` marks, and the live list's token banner. */
function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: storesKeys.all });
    void qc.invalidateQueries({ queryKey: liveKeys.all });
  };
}

/** GET stores/facebook/connect: Facebook's dialog to open, or the sandbox's demo pages. */
export function useConnectStart() {
  return useMutation({
    mutationFn: () => api.get<TConnectStart>('/stores/facebook/connect'),
  });
}

/** POST social-sync: adds the chosen pages (and their Instagram accounts) as stores. */
export function useSocialSync() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (pageIds: string[]) => api.post<TSocialSyncResult>('/social-sync', { page_ids: pageIds }),
    onSuccess: invalidate,
  });
}

/** POST stores/sync/{id}; the caller shows a rejected token itself (it offers to connect again). */
export function useSyncStore() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.post<TStoreResult>(`/stores/sync/${id}`),
    onSettled: invalidate,
    meta: { silent: true },
  });
}

/** POST stores/select/{id}: the store new live sessions use. */
export function useSelectStore() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.post<TStoreResult>(`/stores/select/${id}`),
    onSuccess: invalidate,
  });
}

/** DELETE stores/{id}: disconnects the store (a page with its Instagram account). */
export function useDisconnectStore() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ success: true; count: number }>(`/stores/${id}`),
    onSuccess: invalidate,
  });
}
