import type { TShopSettings, TUpdateSettingsBody } from '@livecart/contract/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { TShopSettings };

export const settingsKeys = {
  all: ['settings'] as const,
  shop: () => [...settingsKeys.all, 'shop'] as const,
};

/** GET fetch-settings: the shop's language and default cart duration. */
export function useShopSettings(opts: { enabled?: boolean; silent?: boolean } = {}) {
  return useQuery({
    queryKey: settingsKeys.shop(),
    queryFn: ({ signal }) => api.get<{ item: TShopSettings }>('/fetch-settings', undefined, { signal }),
    select: (r) => r.item,
    enabled: opts.enabled ?? true,
    meta: { silent: opts.silent },
  });
}

/** POST update-settings: saves the fields given; the settings everywhere show the saved ones. */
export function useUpdateSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateSettingsBody) =>
      api.post<{ success: true; item: TShopSettings }>('/update-settings', body),
    onSuccess: (r) => qc.setQueryData(settingsKeys.shop(), { item: r.item }),
    meta: { silent: true },
  });
}
