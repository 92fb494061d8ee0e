import type {
  TCartResponse,
  TExpireResult,
  TRunWaitResult,
  TUpdateConfigQtyBody,
  TUpdateConfigQtyResult,
} from '@livecart/contract/carts';
import { DEFAULT_LIMIT, type TLocale } from '@livecart/contract/constants';
import type { TLiveCartList, TNamedOption, TWaitingFilters, TWaitingList } from '@livecart/contract/orders';
import type { TBulkDownloadResponse, TSingleDownloadResponse } from '@livecart/contract/payments';
import type {
  TBulkActionResult,
  TSellerOrderDetail,
  TSellerOrderFilters,
  TSellerOrderList,
  TShipmentInfo,
} from '@livecart/contract/sellerOrders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildUrl, type ListResponse } from '../../lib/api';
import { type ListParams, toApiQuery } from '../../lib/listParams';
import { useLiveEvents } from '../../lib/liveEvents';
import { saveBase64 } from '../payments/api';

export const orderKeys = {
  all: ['orders'] as const,
  waitingCount: () => [...orderKeys.all, 'waiting', 'count'] as const,
  liveCarts: () => [...orderKeys.all, 'live'] as const,
  liveCartList: (params: ListParams) => [...orderKeys.liveCarts(), params] as const,
  waitingLists: () => [...orderKeys.all, 'waiting', 'list'] as const,
  waitingList: (params: ListParams) => [...orderKeys.waitingLists(), params] as const,
  waitingFilters: () => [...orderKeys.all, 'waiting', 'filters'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: ListParams) => [...orderKeys.lists(), params] as const,
  filters: () => [...orderKeys.all, 'filters'] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
};

/** Live Carts defaults: newest cart first. */
export const LIVE_CARTS_DEFAULTS = { column: 'created_at', sort: 'DESC' } as const;
/** Waiting list defaults (SPEC §9): the most wanted configuration first. */
export const WAITING_DEFAULTS = { column: 'total_qty', sort: 'DESC' } as const;

/**
 * The number of waiting-list items (configurations someone waits for), for the sidebar badge,
 * refreshed by live events. Quiet: a failure simply hides the badge.
 */
export function useWaitingCount(enabled: boolean) {
  const queryClient = useQueryClient();
  // Served or joined queues (and expiries, which serve them) change the count on any screen.
  useLiveEvents((event) => {
    if (event.type === 'waiting' || event.type === 'cart_closed') {
      void queryClient.invalidateQueries({ queryKey: orderKeys.waitingCount() });
    }
  }, enabled);
  return useQuery({
    queryKey: orderKeys.waitingCount(),
    queryFn: ({ signal }) =>
      api.get<ListResponse<unknown>>(
        '/orders/fetch-waiting-items',
        { limit: DEFAULT_LIMIT, offset: 0 },
        { signal },
      ),
    select: (r) => r?.count ?? 0,
    enabled,
    staleTime: 60_000,
    retry: false,
    meta: { silent: true },
  });
}

/** The seller's open carts, with `serverTime` to correct the countdown's clock. */
export function useLiveCarts(params: ListParams) {
  return useQuery({
    queryKey: orderKeys.liveCartList(params),
    queryFn: ({ signal }) =>
      api.get<TLiveCartList>('/orders/fetch-live-items', toApiQuery(params), { signal }),
    placeholderData: (prev) => prev,
  });
}

export function useWaitingItems(params: ListParams) {
  return useQuery({
    queryKey: orderKeys.waitingList(params),
    queryFn: ({ signal }) =>
      api.get<TWaitingList>('/orders/fetch-waiting-items', toApiQuery(params), { signal }),
    placeholderData: (prev) => prev,
  });
}

/** The shoppers of the waiting list and the bounds of its totals, for the filters bar. */
export function useWaitingFilters() {
  return useQuery({
    queryKey: orderKeys.waitingFilters(),
    queryFn: ({ signal }) =>
      api.get<TWaitingFilters>('/orders/fetch-filters', { type: 'waiting' }, { signal }),
  });
}

/** Everything the live engine's screens show (carts, waiting list, badge) after a change. */
function useInvalidateOrders() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: orderKeys.all });
}

/** GET orders/expire: the cart expires now, its stock goes back (and to the waiting queue). */
export function useExpireCart() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (orderId: number) => api.get<TExpireResult>('/orders/expire', { orderId }),
    onSuccess: invalidate,
  });
}

/** GET orders/remove-item-order: the whole line leaves the cart. */
export function useRemoveCartLine() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (orderItemId: number) => api.get<TCartResponse>('/orders/remove-item-order', { orderItemId }),
    onSuccess: invalidate,
  });
}

/** GET orders/minus-item-order: one unit less on the line (the line goes at 0). */
export function useMinusCartLine() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (orderItemId: number) => api.get<TCartResponse>('/orders/minus-item-order', { orderItemId }),
    onSuccess: invalidate,
  });
}

/** POST order/update-config-qty: sets the configuration's stock; an increase serves the queue. */
export function useUpdateConfigQty() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: TUpdateConfigQtyBody) =>
      api.post<TUpdateConfigQtyResult>('/order/update-config-qty', body),
    onSuccess: invalidate,
  });
}

/** POST order/run-wait-workflow for each session with waiting rows: answers how many were served. */
export function useServeWaiting() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: async ({
      configurationId,
      sessionIds,
    }: {
      configurationId: number;
      sessionIds: number[];
    }) => {
      let served = 0;
      for (const sessionId of sessionIds) {
        const r = await api.post<TRunWaitResult>('/order/run-wait-workflow', {
          sessionId,
          productConfigurationId: configurationId,
        });
        served += r?.served ?? 0;
      }
      return { served };
    },
    onSuccess: invalidate,
  });
}

// ---------------------------------------------------------------------------------------------
// The Orders screen of a seller and of admin

/** Orders list defaults (SPEC §9): newest first. */
export const ORDERS_DEFAULTS = { column: 'created_at', sort: 'DESC' } as const;

/** GET orders/fetch-items: a page of orders with the counts per status of the status tabs. */
export function useSellerOrders(params: ListParams) {
  return useQuery({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => api.get<TSellerOrderList>('/orders/fetch-items', toApiQuery(params), { signal }),
    placeholderData: (prev) => prev,
  });
}

/**
 * GET orders/fetch-filters: the choices of the Orders filters; `chosen`, the shopper and the live
 * chosen, are named among them even when past the first ones offered.
 */
export function useSellerOrderFilters(chosen: { buyerId?: number; liveSessionId?: number } = {}) {
  const { buyerId, liveSessionId } = chosen;
  return useQuery({
    queryKey: [...orderKeys.filters(), buyerId ?? null, liveSessionId ?? null],
    queryFn: ({ signal }) =>
      api.get<TSellerOrderFilters>(
        '/orders/fetch-filters',
        { buyer_id: buyerId, live_session_id: liveSessionId },
        { signal },
      ),
    select: (r) => r.items,
    staleTime: 5 * 60_000,
    placeholderData: (prev) => prev,
  });
}

/** The lives of the Orders filters whose name holds `search` (the latest first), and whether more match. */
export async function findOrderLives(
  search: string,
): Promise<{ lives: TSellerOrderFilters['items']['live_sessions']; more: boolean }> {
  const r = await api.get<TSellerOrderFilters>('/orders/fetch-filters', {
    live_session_search: search.trim(),
  });
  return { lives: r.items.live_sessions, more: r.items.live_sessions_more };
}

/** The shoppers of the Orders filters whose name or e-mail holds `search`, and whether more match. */
export async function findOrderBuyers(search: string): Promise<{ buyers: TNamedOption[]; more: boolean }> {
  const r = await api.get<TSellerOrderFilters>('/orders/fetch-filters', { buyer_search: search.trim() });
  return { buyers: r.items.buyers, more: r.items.buyers_more };
}

/** GET orders/{id}: the whole order, for the detail drawer. */
export function useSellerOrderDetail(id: number | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<TSellerOrderDetail>(`/orders/${id}`, undefined, { signal }),
    select: (r) => r.item,
    enabled: id !== null,
  });
}

/** The body of a bulk action: the checked ids as the list's checkedIds JSON (SPEC §7). */
const checkedBody = (ids: number[]) => ({ data: JSON.stringify(ids) });

/** POST orders/bulk-shipping: paid orders become shipped, with a carrier and tracking number each. */
export function useBulkShip() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ ids, shipments }: { ids: number[]; shipments: TShipmentInfo[] }) =>
      api.post<TBulkActionResult>('/orders/bulk-shipping', {
        ...checkedBody(ids),
        ...(shipments.length > 0 ? { shipments } : {}),
      }),
    onSuccess: invalidate,
  });
}

/** POST orders/bulk-cancel: paid orders are refunded in full, open carts canceled. */
export function useBulkRefund() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (ids: number[]) => api.post<TBulkActionResult>('/orders/bulk-cancel', checkedBody(ids)),
    onSuccess: invalidate,
  });
}

/** POST orders/bulk-download?locale: a zip of the order summaries of the checked `new` orders. */
export function useBulkDownloadOrders() {
  return useMutation({
    mutationFn: ({ ids, locale }: { ids: number[]; locale: TLocale }) =>
      api.post<TBulkDownloadResponse>('/orders/bulk-download', checkedBody(ids), { query: { locale } }),
    onSuccess: (r) => saveBase64(r.achive, r.fileName, 'application/zip'),
  });
}

/** POST orders/single-download: the PDF of one order (its invoice once paid, else its summary). */
export function useSingleDownload() {
  return useMutation({
    mutationFn: ({ orderNumber, locale }: { orderNumber: string; locale: TLocale }) =>
      api.post<TSingleDownloadResponse>('/orders/single-download', { orderNumber, locale }),
    onSuccess: (r) => saveBase64(r.fileDownload, r.fileName, r.contentType),
  });
}

/** GET orders/export: the CSV of every order the list's search and filters match (all pages). */
export function exportUrl(params: ListParams, locale: TLocale): string {
  const { limit: _limit, offset: _offset, ...query } = toApiQuery(params);
  return buildUrl('/orders/export', { ...query, locale });
}
