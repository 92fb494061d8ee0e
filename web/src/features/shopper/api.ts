import type { TShopperOrder, TShopperOrderList } from '@livecart/contract/shopperOrders';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type ListParams, toApiQuery } from '../../lib/listParams';

export type { TShopperOrder };

/** The shopper's orders: newest first. */
export const SHOPPER_ORDERS_DEFAULTS = { column: 'created_at', sort: 'DESC' } as const;

export const shopperOrderKeys = {
  all: ['shopperOrders'] as const,
  list: (params: ListParams) => [...shopperOrderKeys.all, 'list', params] as const,
};

/** GET orders/fetch-items as a shopper: their orders across merchants, with counts per status. */
export function useShopperOrders(params: ListParams) {
  return useQuery({
    queryKey: shopperOrderKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<TShopperOrderList>('/orders/fetch-items', toApiQuery(params), { signal }),
    placeholderData: (prev) => prev,
  });
}

/** Where an unpaid order is paid: the checkout, which a signed-in owner opens without the link's token. */
export const checkoutPath = (o: Pick<TShopperOrder, 'order_number' | 'store_name'>) =>
  `/checkout/${encodeURIComponent(o.order_number)}?storeName=${encodeURIComponent(o.store_name)}`;
