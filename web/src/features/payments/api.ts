import type { TLocale } from '@livecart/contract/constants';
import type {
  TBulkDownloadResponse,
  TChangeMethodsResponse,
  TPaymentDetail,
  TPaymentFilters,
  TPaymentListItem,
  TPaymentMethod,
  TPaymentMethods,
  TPaymentSettings,
  TPaymentSettingsResponse,
  TRefundPaymentResult,
} from '@livecart/contract/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListResponse } from '../../lib/api';
import { type ListParams, toApiQuery } from '../../lib/listParams';

export type TPaymentRow = TPaymentListItem;
export type { TPaymentMethod, TPaymentSettings };

/** Payments list defaults: newest first (the server filters status payed unless told, SPEC §9). */
export const PAYMENTS_DEFAULTS = { column: 'created_at', sort: 'DESC' } as const;

export const paymentKeys = {
  all: ['payments'] as const,
  list: (params: ListParams) => [...paymentKeys.all, 'list', params] as const,
  item: (orderNumber: string) => [...paymentKeys.all, 'item', orderNumber] as const,
  filters: () => [...paymentKeys.all, 'filters'] as const,
  methods: () => [...paymentKeys.all, 'methods'] as const,
  settings: () => [...paymentKeys.all, 'settings'] as const,
};

export function usePayments(params: ListParams) {
  return useQuery({
    queryKey: paymentKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResponse<TPaymentRow>>('/payments/fetch-items', toApiQuery(params), { signal }),
    placeholderData: (prev) => prev,
  });
}

export function usePaymentFilters() {
  return useQuery({
    queryKey: paymentKeys.filters(),
    queryFn: ({ signal }) => api.get<TPaymentFilters>('/payments/fetch-filters', undefined, { signal }),
    select: (r) => r.items,
    staleTime: 5 * 60_000,
  });
}

/** GET payments/fetch-item?orderNumber: the transaction detail (lines, payment attempts, invoice). */
export function usePaymentDetail(orderNumber: string | null) {
  return useQuery({
    queryKey: paymentKeys.item(orderNumber ?? ''),
    queryFn: ({ signal }) =>
      api.get<TPaymentDetail>('/payments/fetch-item', { orderNumber: orderNumber ?? '' }, { signal }),
    select: (r) => r.item,
    enabled: !!orderNumber,
  });
}

/**
 * POST payments/{id}/refund: a payment flagged for refund is refunded through its provider; the
 * payments and orders shown again (the order's detail lists its payments too).
 */
export function useRefundPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: number) => api.post<TRefundPaymentResult>(`/payments/${paymentId}/refund`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: paymentKeys.all });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

/** Saves a base64 file from an API answer in the browser's downloads. */
export function saveBase64(base64: string, fileName: string, type: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * POST orders/bulk-download?locale&type=invoices: a zip of the invoices of the checked orders (the
 * Payments list shows paid orders; without `type` the call zips order summaries of `new` orders).
 */
export function useBulkDownload() {
  return useMutation({
    mutationFn: ({ ids, locale }: { ids: number[]; locale: TLocale }) =>
      api.post<TBulkDownloadResponse>(
        '/orders/bulk-download',
        { ids },
        { query: { locale, type: 'invoices' } },
      ),
    onSuccess: (r) => saveBase64(r.achive, r.fileName, 'application/zip'),
  });
}

// ---------------------------------------------------------------------------------------------
// Payment Settings

export function usePaymentMethods() {
  return useQuery({
    queryKey: paymentKeys.methods(),
    queryFn: ({ signal }) => api.get<TPaymentMethods>('/payments/fetch-methods', undefined, { signal }),
    select: (r) => r.items,
  });
}

export function usePaymentSettings() {
  return useQuery({
    queryKey: paymentKeys.settings(),
    queryFn: ({ signal }) => api.get<TPaymentSettings>('/payments/settings', undefined, { signal }),
  });
}

function useRefreshSettings() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: paymentKeys.methods() });
    void client.invalidateQueries({ queryKey: paymentKeys.settings() });
  };
}

/** PATCH payments/change-methods-statuses: every switch of the page in one call. */
export function useChangeMethodStatuses() {
  const refresh = useRefreshSettings();
  return useMutation({
    mutationFn: (items: { id: number; status: boolean }[]) =>
      api.patch<TChangeMethodsResponse>('/payments/change-methods-statuses', { items }),
    onSuccess: refresh,
  });
}

/** POST payments/settings/mollie: checked with a call to Mollie before it is saved. */
export function useSaveMollieKey() {
  const refresh = useRefreshSettings();
  return useMutation({
    mutationFn: (apiKey: string) =>
      api.post<TPaymentSettingsResponse>('/payments/settings/mollie', { apiKey }),
    onSuccess: refresh,
    // the card shows the provider's refusal itself
    meta: { silent: true },
  });
}

/** POST payments/settings/sandbox: creates the sandbox's card, PayPal and Bancontact, on. */
export function useEnableSandbox() {
  const refresh = useRefreshSettings();
  return useMutation({
    mutationFn: () => api.post<TPaymentSettingsResponse>('/payments/settings/sandbox'),
    onSuccess: refresh,
  });
}

/** DELETE payments/settings/{provider}: forgets the credentials and turns the provider's methods off. */
export function useDisconnectProvider() {
  const refresh = useRefreshSettings();
  return useMutation({
    mutationFn: (provider: 'mollie' | 'stripe') =>
      api.delete<TPaymentSettingsResponse>(`/payments/settings/${provider}`),
    onSuccess: refresh,
  });
}

/** GET payments/settings/stripe/connect, then the browser goes to Stripe's OAuth page. */
export function useStripeConnect() {
  return useMutation({
    mutationFn: () => api.get<{ url: string }>('/payments/settings/stripe/connect'),
    onSuccess: (r) => window.location.assign(r.url),
  });
}
