import type { TPlatformInvoice } from '@livecart/contract/billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api, type ListResponse } from '../../lib/api';
import { type ListParams, toApiQuery } from '../../lib/listParams';

export type { TPlatformInvoice };

/** An order an invoice's percent was computed from. */
export interface TInvoiceOrder {
  order_number: string;
  paid_at: string | null;
  total: number;
  refunded: number;
  counted: number;
}

export const documentKeys = {
  all: ['documents'] as const,
  list: (params: ListParams) => [...documentKeys.all, 'list', params] as const,
  detail: (id: number) => [...documentKeys.all, 'detail', id] as const,
};

/** GET documents/fetch-items: the platform's invoices to the seller, newest first. */
export function useDocuments(params: ListParams) {
  return useQuery({
    queryKey: documentKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResponse<TPlatformInvoice>>('/documents/fetch-items', toApiQuery(params), { signal }),
    placeholderData: (prev) => prev,
  });
}

/** GET documents/fetch-item/{id}: one invoice and the orders its percent was computed from. */
export function useDocument(id: number | null) {
  return useQuery({
    queryKey: documentKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ item: TPlatformInvoice; orders: TInvoiceOrder[] }>(`/documents/fetch-item/${id}`, undefined, {
        signal,
      }),
    enabled: id !== null,
  });
}

/** GET profile/generate-stripe-invoice?month: the invoice of a closed month, made once. */
export function useGenerateInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (month: string) =>
      api.get<{ item: TPlatformInvoice | null; message: string }>('/profile/generate-stripe-invoice', {
        month,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

/** The invoice's PDF. */
export const documentPdfUrl = (id: number) => `${API_BASE}/documents/download/${id}`;
