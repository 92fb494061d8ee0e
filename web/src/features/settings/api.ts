import type {
  TLegalDocType,
  TLinkSettingsBody,
  TShopSettings,
  TUpdateSettingsBody,
} from '@livecart/contract/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { TLegalDocType, TShopSettings };

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

type SettingsResult = { success: true; item: TShopSettings };

/** POST update-link-settings: the legal documents' links ('' or null removes one). */
export function useSaveLegalLinks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TLinkSettingsBody) => api.post<SettingsResult>('/update-link-settings', body),
    onSuccess: (r) => qc.setQueryData(settingsKeys.shop(), { item: r.item }),
    meta: { silent: true },
  });
}

/** POST update-file-settings?typedoc=…: one legal document as an uploaded PDF. */
export function useUploadLegalFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, file }: { type: TLegalDocType; file: File }) => {
      const data = new FormData();
      data.append('file', file);
      return api.upload<SettingsResult>('/update-file-settings', data, { query: { typedoc: type } });
    },
    onSuccess: (r) => qc.setQueryData(settingsKeys.shop(), { item: r.item }),
    meta: { silent: true },
  });
}

/** GET remove-settings-file?type=…: removes one uploaded legal document. */
export function useRemoveLegalFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (type: TLegalDocType) => api.get<SettingsResult>('/remove-settings-file', { type }),
    onSuccess: (r) => qc.setQueryData(settingsKeys.shop(), { item: r.item }),
    meta: { silent: true },
  });
}
