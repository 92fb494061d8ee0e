import type {
  TCheckoutBody,
  TCheckoutLinkBody,
  TCheckoutLinkResult,
  TCheckoutResponse,
  TCheckoutResult,
  TConfirmBody,
  TConfirmResult,
  TConnectByCommentResult,
  TFetchShippingResponse,
  TWaitOrderByCommentResult,
} from '@livecart/contract/checkout';
import type { TLocale } from '@livecart/contract/constants';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * The shopper's checkout calls (SPEC §7 Checkout; contract/src/checkout.ts). Every call that
 * names the order carries the link's access token `t` when the page has one.
 */

export const checkoutKeys = {
  all: ['checkout'] as const,
  order: (orderNumber: string, t: string | null) => ['checkout', orderNumber, t ?? ''] as const,
  shipping: (orderId: number, countryId: number, t: string | null) =>
    ['checkout', 'shipping', orderId, countryId, t ?? ''] as const,
};

/** How often a paid order is read again while its invoice is being issued, and how many times. */
export const INVOICE_POLL_MS = 2000;
const INVOICE_POLLS = 30;

/** Paid, and its invoice not issued yet: the outbox issues it a moment after the payment. */
const awaitsInvoice = (d: TCheckoutResponse | undefined) =>
  !!d && (d.order.status === 'payed' || d.order.status === 'shipped') && !d.order.invoice;

/**
 * The order, the address to prefill, the shipping methods of its country, the waited products.
 * A paid order is read again every 2 s (a minute at most) until its invoice is issued, so the
 * confirmation shows its link without a reload.
 */
export function useCheckout(orderNumber: string, t: string | null) {
  return useQuery({
    queryKey: checkoutKeys.order(orderNumber, t),
    queryFn: ({ signal }) => api.get<TCheckoutResponse>('/checkout', { orderNumber, t }, { signal }),
    // the page shows not-found and other failures itself
    meta: { silent: true },
    staleTime: 0,
    retry: false,
    refetchInterval: (query) =>
      awaitsInvoice(query.state.data) && query.state.dataUpdateCount < INVOICE_POLLS
        ? INVOICE_POLL_MS
        : false,
  });
}

/** The methods that ship this order to `countryId`, with this order's prices. */
export function useShippingMethods(
  orderId: number | undefined,
  countryId: number | null,
  t: string | null,
  initial?: TFetchShippingResponse['shippingMethods'],
) {
  return useQuery({
    queryKey: checkoutKeys.shipping(orderId ?? 0, countryId ?? 0, t),
    queryFn: ({ signal }) =>
      api.get<TFetchShippingResponse>(
        '/checkout/fetch-shipping-methods',
        { orderId, countryId, t },
        { signal },
      ),
    select: (r) => r.shippingMethods,
    enabled: !!orderId && !!countryId,
    initialData: initial ? { shippingMethods: initial } : undefined,
    staleTime: 60_000,
  });
}

/**
 * Places the order: answers where to send the browser — the provider's page, or for a free order
 * its confirmation (null when the provider failed).
 */
export function usePlaceOrder(locale: TLocale) {
  return useMutation({
    mutationFn: (body: TCheckoutBody) => api.post<TCheckoutResult>('/checkout', body, { query: { locale } }),
    meta: { silent: true },
  });
}

/** Back from the payment page: reads the payment's status through the server. */
export function useConfirmPayment(locale: TLocale) {
  return useMutation({
    mutationFn: (body: TConfirmBody) =>
      api.post<TConfirmResult>('/checkout/confirm', body, { query: { locale } }),
    meta: { silent: true },
  });
}

/** Connects the orders of a comment's viewer to the signed-in shopper (SPEC §4). */
export const connectByComment = (commentId: string, t: string) =>
  api.get<TConnectByCommentResult>('/orders/connect-bycomment', { commentId, t });

/** The waiting comment's seller and the shopper's open cart there (`orderNumber` null without one). */
export const findWaitOrderByComment = (commentId: string) =>
  api.get<TWaitOrderByCommentResult>('/orders/find-wait-order-by-comment', { commentId });

/** Connects the order of the checkout link (`t` is the proof) to the signed-in shopper. */
export const linkCheckout = (body: TCheckoutLinkBody) =>
  api.post<TCheckoutLinkResult>('/checkout/link', body);
