import type {
  TActiveSession,
  TChangeActiveResult,
  TChatbotList,
  TChatbotMessage,
  TChatbotMessageBody,
  TChatbotSaved,
  TSystemReplyBody,
  TSystemReplyItem,
  TSystemReplyList,
} from '@livecart/contract/chatbot';
import type { TFindProductResult } from '@livecart/contract/products';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Option } from '../../components/RemoteSearchSelect';
import { api } from '../../lib/api';
import { type ListParams, toApiQuery } from '../../lib/listParams';
import { liveKeys } from '../live/api';

export type { TActiveSession, TChatbotMessage, TSystemReplyItem };

/** Custom replies list defaults (SPEC §9: newest first). */
export const CHATBOT_DEFAULTS = { column: 'created_at', sort: 'DESC' } as const;

/** The try-a-comment box reads the seller's active replies this many at a time (the largest page). */
const ACTIVE_PAGE = 100;

export const chatbotKeys = {
  all: ['chatbot'] as const,
  lists: () => [...chatbotKeys.all, 'list'] as const,
  list: (params: ListParams) => [...chatbotKeys.lists(), params] as const,
  active: () => [...chatbotKeys.lists(), 'active'] as const,
  detail: (id: number) => [...chatbotKeys.all, 'detail', id] as const,
  system: () => [...chatbotKeys.all, 'system'] as const,
  sessions: () => [...chatbotKeys.all, 'active-sessions'] as const,
};

/** GET fetch-chatbot-messages?type=users: the seller's custom replies, one page. */
export function useChatbotMessages(params: ListParams) {
  return useQuery({
    queryKey: chatbotKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<TChatbotList>('/fetch-chatbot-messages', { type: 'users', ...toApiQuery(params) }, { signal }),
    placeholderData: (prev) => prev,
  });
}

/** Every active custom reply of the seller (what a live comment may trigger), oldest first. */
export function useActiveReplies() {
  return useQuery({
    queryKey: chatbotKeys.active(),
    queryFn: async ({ signal }) => {
      const items: TChatbotMessage[] = [];
      for (let offset = 0; ; offset += ACTIVE_PAGE) {
        const page = await api.get<TChatbotList>(
          '/fetch-chatbot-messages',
          {
            type: 'users',
            limit: ACTIVE_PAGE,
            offset,
            column: 'created_at',
            sort: 'ASC',
            queryFilter: JSON.stringify({ active: true }),
          },
          { signal },
        );
        items.push(...page.items);
        if (page.items.length < ACTIVE_PAGE || items.length >= page.count) return items;
      }
    },
  });
}

/** GET fetch-chatbot-message/{id}: one custom reply (the edit drawer). */
export function useChatbotMessage(id: number | undefined) {
  return useQuery({
    queryKey: chatbotKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ item: TChatbotMessage }>(`/fetch-chatbot-message/${id}`, undefined, { signal }),
    select: (r) => r.item,
    enabled: id !== undefined,
  });
}

/** After a change to custom replies: the lists, and the scenarios a live session may pick. */
function useInvalidate() {
  const qc = useQueryClient();
  return (item?: TChatbotMessage) => {
    void qc.invalidateQueries({ queryKey: chatbotKeys.lists() });
    void qc.invalidateQueries({ queryKey: liveKeys.scenarios() });
    if (item) qc.setQueryData(chatbotKeys.detail(item.id), { item });
  };
}

/** POST chatbot: creates a custom reply, or updates it with an id. Failures are shown on the form. */
export function useSaveChatbotMessage() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TChatbotMessageBody) => api.post<TChatbotSaved>('/chatbot', body),
    onSuccess: ({ item }) => invalidate(item),
    meta: { silent: true },
  });
}

/** DELETE chatbot/delete/{id} for one reply, POST chatbot/bulk-delete for several. */
export function useDeleteChatbotMessages() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1
        ? api.delete<unknown>(`/chatbot/delete/${ids[0]}`)
        : api.post<unknown>('/chatbot/bulk-delete', { ids }),
    onSuccess: () => invalidate(),
  });
}

/** GET chatbot/change-active/{id}: switches one reply on or off. */
export function useChangeActive() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.get<TChangeActiveResult>(`/chatbot/change-active/${id}`),
    onSuccess: () => invalidate(),
  });
}

/** GET chatbot/change-active-all?status: every reply of the seller on or off. */
export function useChangeActiveAll() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (status: boolean) =>
      api.get<TChangeActiveResult>('/chatbot/change-active-all', { status: String(status) }),
    onSuccess: () => invalidate(),
  });
}

/** GET fetch-chatbot-default-messages: the system replies as the caller has them, in event order. */
export function useSystemReplies() {
  return useQuery({
    queryKey: chatbotKeys.system(),
    queryFn: ({ signal }) =>
      api.get<TSystemReplyList>('/fetch-chatbot-default-messages', undefined, { signal }),
    select: (r) => r.items,
  });
}

/** POST chatbot-default: a system reply's texts and switch, or (`reset`) back to the platform's. */
export function useSaveSystemReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSystemReplyBody) =>
      api.post<{ success: true; item: TSystemReplyItem }>('/chatbot-default', body),
    onSuccess: ({ item }) =>
      qc.setQueryData<TSystemReplyList>(chatbotKeys.system(), (old) =>
        old ? { items: old.items.map((r) => (r.name === item.name ? item : r)) } : old,
      ),
    meta: { silent: true },
  });
}

/** GET fetch-active-sessions: the seller's lives running now (where a reply can be tried). */
export function useActiveSessions() {
  return useQuery({
    queryKey: chatbotKeys.sessions(),
    queryFn: ({ signal }) =>
      api.get<{ items: TActiveSession[] }>('/fetch-active-sessions', undefined, { signal }),
    select: (r) => r.items,
    staleTime: 0,
  });
}

/** GET products/find: the seller's products by name, keyword or SKU, as select options. */
export const findProducts = (searchStr: string): Promise<Option[]> =>
  api
    .get<TFindProductResult>('/products/find', { searchStr })
    .then((r) => r.result.map((p) => ({ value: p.id, label: productLabel(p) })));

/** `Robe fleurie (robe12)`: a product as the picker shows it. */
export const productLabel = (p: { name: string; keywords?: string; keyword?: string }) => {
  const keyword = p.keyword ?? p.keywords?.split(',')[0]?.trim();
  return keyword ? `${p.name} (${keyword})` : p.name;
};
