import type { TErrorCode } from '@livecart/contract/errors';
import {
  SUPPORT_ATTACHMENT_MAX_BYTES,
  type TSupportDetail,
  type TSupportMessage,
  type TSupportReplyResult,
} from '@livecart/contract/support';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListResponse } from '../../lib/api';
import { type ListParams, toApiQuery } from '../../lib/listParams';

/** The inbox and a seller's requests: newest first (SPEC §9's default list order). */
export const SUPPORT_DEFAULTS = { column: 'created_at', sort: 'DESC' } as const;
/** A seller's own requests come ten to a page under the form. */
export const MY_REQUESTS_DEFAULTS = { ...SUPPORT_DEFAULTS, limit: 10 } as const;

export const supportKeys = {
  all: ['support'] as const,
  list: (params: ListParams) => [...supportKeys.all, 'list', params] as const,
  detail: (id: number) => [...supportKeys.all, 'detail', id] as const,
};

/** GET support/fetch-items: the admin's inbox, or the seller's own requests. */
export function useSupportRequests(params: ListParams) {
  return useQuery({
    queryKey: supportKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResponse<TSupportMessage>>('/support/fetch-items', toApiQuery(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET support/fetch-item/{id}: one request and the team's answers. */
export function useSupportRequest(id: number | null) {
  return useQuery({
    queryKey: supportKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<TSupportDetail>(`/support/fetch-item/${id}`, undefined, { signal }),
    enabled: id !== null,
  });
}

export interface SupportInput {
  subject: string;
  message: string;
  screenshot?: File | null;
}

/** POST support: JSON, or a form with the screenshot when one is joined. */
export function useFileSupport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ subject, message, screenshot }: SupportInput) => {
      if (!screenshot) return api.post<{ item: TSupportMessage }>('/support', { subject, message });
      const data = new FormData();
      data.set('subject', subject);
      data.set('message', message);
      data.set('screenshot', screenshot);
      return api.upload<{ item: TSupportMessage }>('/support', data);
    },
    // the form shows the refused fields itself
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

/** The inbox's actions on one request (admin): answer, close, reopen. Each refreshes the lists. */
export function useSupportActions(id: number) {
  const client = useQueryClient();
  const refresh = (detail?: TSupportDetail) => {
    if (detail) client.setQueryData(supportKeys.detail(id), detail);
    return client.invalidateQueries({ queryKey: [...supportKeys.all, 'list'] });
  };
  const reply = useMutation({
    mutationFn: (message: string) => api.post<TSupportReplyResult>(`/support/${id}/reply`, { message }),
    onSuccess: (r) => refresh({ item: r.item, replies: r.replies }),
  });
  const setStatus = useMutation({
    mutationFn: (action: 'close' | 'reopen') =>
      api.post<{ item: TSupportMessage }>(`/support/${id}/${action}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: supportKeys.detail(id) });
      return refresh();
    },
  });
  return { reply, setStatus };
}

const SCREENSHOT_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * The client-side check of a screenshot: a .jpg, .png or .webp that is not empty, at most 5 MB
 * (the server checks the content).
 */
export function checkScreenshot(file: { name: string; type: string; size: number }): TErrorCode | null {
  const extOk = /\.(jpe?g|png|webp)$/i.test(file.name);
  if (!extOk || (file.type && !SCREENSHOT_TYPES.includes(file.type)) || file.size === 0)
    return 'support_attachment_type';
  if (file.size > SUPPORT_ATTACHMENT_MAX_BYTES) return 'support_attachment_size';
  return null;
}
