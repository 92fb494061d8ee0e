import type {
  TShop,
  TShopCreate,
  TShopImportJob,
  TShopList,
  TShopLog,
  TShopLogEntry,
  TShopPublish,
  TShopSandbox,
} from '@livecart/contract/shops';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';
import { productKeys } from '../inventory/api';

export type { TShop, TShopImportJob, TShopLogEntry };

/** Log lines a page of the sync log shows. */
export const SHOP_LOG_PAGE_SIZE = 20;
/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

/** The log's status filter: every line, or the failed or conflicting ones. */
export type TLogFilter = 'all' | 'failed' | 'conflict';

export const shopsKeys = {
  all: ['shops'] as const,
  list: () => [...shopsKeys.all, 'list'] as const,
  sandbox: () => [...shopsKeys.all, 'sandbox'] as const,
  importJob: (id: number) => [...shopsKeys.all, 'import', id] as const,
  logs: (id: number) => [...shopsKeys.all, 'log', id] as const,
  log: (id: number, filter: TLogFilter, page: number) => [...shopsKeys.logs(id), filter, page] as const,
};

/** True for the answer of a seller whose plan has no shop sync (Basic after the trial). */
export const isPlanRequired = (e: unknown) => isApiError(e) && e.code === 'shop_sync_plan_required';

/** GET shops: the seller's connected shops. The tab shows a refusal itself (the plan upsell). */
export function useShops() {
  return useQuery({
    queryKey: shopsKeys.list(),
    queryFn: ({ signal }) => api.get<TShopList>('/shops', undefined, { signal }),
    meta: { silent: true },
  });
}

/** GET shops/sandbox: the demo shops of a development server; none in production (404). */
export function useShopSandbox(enabled: boolean) {
  return useQuery({
    queryKey: shopsKeys.sandbox(),
    queryFn: ({ signal }) => api.get<TShopSandbox>('/shops/sandbox', undefined, { signal }),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
}

/** POST shops: connects a shop after the server's test call; the form shows the failures. */
export function useCreateShop() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TShopCreate) => api.post<{ item: TShop }>('/shops', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: shopsKeys.list() }),
    meta: { silent: true },
  });
}

/** PATCH shops/{id}: the pause switch. */
export function usePauseShop() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: number; paused: boolean }) =>
      api.patch<{ item: TShop }>(`/shops/${id}`, { paused }),
    onSettled: () => qc.invalidateQueries({ queryKey: shopsKeys.all }),
  });
}

/** DELETE shops/{id}: disconnects the shop. */
export function useDeleteShop() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ success: true }>(`/shops/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: shopsKeys.all }),
  });
}

/** POST shops/{id}/sync: pushes the pending changes and reconciles now. */
export function useSyncShop() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ item: TShop }>(`/shops/${id}/sync`),
    onSettled: () => qc.invalidateQueries({ queryKey: shopsKeys.all }),
  });
}

/** POST shops/{id}/import: starts an import; its job seeds the polled progress. */
export function useStartImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ job: TShopImportJob }>(`/shops/${id}/import`),
    onSuccess: (r, id) => qc.setQueryData(shopsKeys.importJob(id), r),
    meta: { silent: true },
  });
}

/** GET shops/{id}/import: the latest import, asked again every second while it runs. */
export function useImportJob(id: number | null) {
  return useQuery({
    queryKey: shopsKeys.importJob(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ job: TShopImportJob | null }>(`/shops/${id}/import`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.job?.status === 'running' ? IMPORT_POLL_MS : false),
  });
}

/** POST shops/{id}/publish: publishes imported products with their keywords; the rows show failures. */
export function usePublishImported() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TShopPublish }) =>
      api.post<{ success: true; published: number }>(`/shops/${id}/publish`, body),
    onSuccess: (_r, { id }) => {
      void qc.invalidateQueries({ queryKey: shopsKeys.importJob(id) });
      void qc.invalidateQueries({ queryKey: productKeys.all });
    },
    meta: { silent: true },
  });
}

/** GET shops/{id}/log: one page of the sync log, newest first. */
export function useShopLog(id: number | null, filter: TLogFilter, page: number) {
  return useQuery({
    queryKey: shopsKeys.log(id ?? 0, filter, page),
    queryFn: ({ signal }) =>
      api.get<TShopLog>(
        `/shops/${id}/log`,
        {
          status: filter === 'all' ? undefined : filter,
          limit: SHOP_LOG_PAGE_SIZE,
          offset: (page - 1) * SHOP_LOG_PAGE_SIZE,
        },
        { signal },
      ),
    enabled: id !== null,
    staleTime: 0,
    placeholderData: (prev) => prev,
  });
}

/** POST shops/{id}/log/{logId}/retry: sends a failed push again now. */
export function useRetryLog() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, logId }: { id: number; logId: number }) =>
      api.post<{ success: true }>(`/shops/${id}/log/${logId}/retry`),
    onSettled: (_r, _e, { id }) => {
      void qc.invalidateQueries({ queryKey: shopsKeys.logs(id) });
      void qc.invalidateQueries({ queryKey: shopsKeys.list() });
    },
  });
}
