import type { TNewNotice, TNotification } from '@livecart/contract/notifications';
import { useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from '../../lib/api';
import { type ListParams, toApiQuery } from '../../lib/listParams';

export type { TNotification as TNotice } from '@livecart/contract/notifications';

export const notificationKeys = {
  all: ['notifications'] as const,
  latest: () => [...notificationKeys.all, 'latest'] as const,
  list: (params: ListParams) => [...notificationKeys.all, 'list', params] as const,
};

export const NEW_NOTICE_POLL_MS = 60_000;

/** Count of new notifications and the latest ones, for the header bell (polled every minute). */
export function useNewNotices(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.latest(),
    queryFn: ({ signal }) => api.get<TNewNotice>('/new-notice', undefined, { signal }),
    enabled,
    refetchInterval: NEW_NOTICE_POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
    meta: { silent: true },
  });
}

export function useNotifications(params: ListParams) {
  return useQuery({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResponse<TNotification>>('/fetch-notifications', toApiQuery(params), { signal }),
    placeholderData: (prev) => prev,
  });
}
