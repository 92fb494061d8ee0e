import { DEFAULT_LIMIT } from '@livecart/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from '../../lib/api';

export const orderKeys = {
  all: ['orders'] as const,
  waitingCount: () => [...orderKeys.all, 'waiting', 'count'] as const,
};

/**
 * The number of waiting-list items, for the sidebar badge. Quiet: until the waiting list lands
 * on the server the call answers 404 and the badge simply stays hidden.
 */
export function useWaitingCount(enabled: boolean) {
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
