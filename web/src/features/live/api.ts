import type { TActiveSessions } from '@livecart/contract/chatbot';
import type {
  TLiveComment,
  TLiveScenario,
  TLiveSession,
  TLiveSessionBody,
  TLiveSessionDetail,
  TLiveSessionList,
  TSimulateBodyInput,
  TSimulateResult,
} from '@livecart/contract/live';
import type { TLiveReport, TLiveReportRemindResult } from '@livecart/contract/liveReport';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListResponse } from '../../lib/api';
import { type ListParams, toApiQuery } from '../../lib/listParams';

export type TLiveSessionRow = TLiveSession;
export type TLiveSessionSave = Omit<TLiveSessionBody, 'scenario' | 'store_id'> & { scenario?: string | null };

/** The broadcasts live now on the seller's stores and the stores themselves (the session form). */
export type TLiveNow = Pick<TActiveSessions, 'videos' | 'stores'>;

/** Sessions list defaults (SPEC §9: newest first). */
export const LIVE_SESSIONS_DEFAULTS = { column: 'created_at', sort: 'DESC' } as const;

/** How many comments the console shows (newest first). */
export const FEED_LIMIT = 100;

/** While a session is live the feed is also polled, in case the event stream is down. */
export const FEED_POLL_MS = 5000;

export const liveKeys = {
  all: ['live'] as const,
  lists: () => [...liveKeys.all, 'list'] as const,
  list: (params: ListParams) => [...liveKeys.lists(), params] as const,
  scenarios: () => [...liveKeys.all, 'scenarios'] as const,
  detail: (id: number) => [...liveKeys.all, 'detail', id] as const,
  comments: (id: number) => [...liveKeys.all, 'comments', id] as const,
  report: (id: number) => [...liveKeys.all, 'report', id] as const,
  now: () => [...liveKeys.all, 'now'] as const,
};

/**
 * What is live now on the seller's pages and Instagram accounts, and their stores (read from
 * fetch-active-sessions); quiet when it fails: the form works without it.
 */
export function useLiveNow(enabled = true) {
  return useQuery({
    queryKey: liveKeys.now(),
    queryFn: ({ signal }) => api.get<TActiveSessions>('/fetch-active-sessions', undefined, { signal }),
    select: (r): TLiveNow => ({ videos: r.videos ?? [], stores: r.stores ?? [] }),
    staleTime: 15_000,
    enabled,
    meta: { silent: true },
  });
}

export function useLiveSessions(params: ListParams) {
  return useQuery({
    queryKey: liveKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<TLiveSessionList>('/livesession/fetch-items', toApiQuery(params), { signal }),
    placeholderData: (prev) => prev,
  });
}

export function useLiveScenarios(enabled = true) {
  return useQuery({
    queryKey: liveKeys.scenarios(),
    queryFn: ({ signal }) =>
      api.get<{ items: TLiveScenario[] }>('/livesession/fetch-scenarios', undefined, { signal }),
    select: (r) => r.items,
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useLiveSession(id: number) {
  return useQuery({
    queryKey: liveKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<{ item: TLiveSessionDetail }>(`/livesession/${id}`, undefined, { signal }),
    select: (r) => r.item,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The session's comments, newest first; polled every 5 s while `live`. */
export function useLiveComments(id: number, live: boolean) {
  return useQuery({
    queryKey: liveKeys.comments(id),
    queryFn: ({ signal }) =>
      api.get<ListResponse<TLiveComment>>(
        `/livesession/${id}/comments`,
        { limit: FEED_LIMIT, offset: 0, column: 'created_time', sort: 'DESC' },
        { signal },
      ),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: live ? FEED_POLL_MS : false,
    staleTime: 0,
  });
}

/** After a change to sessions: the lists and (when given) one session. */
function useInvalidate() {
  const qc = useQueryClient();
  return (id?: number) => {
    void qc.invalidateQueries({ queryKey: liveKeys.lists() });
    if (id) void qc.invalidateQueries({ queryKey: liveKeys.detail(id) });
  };
}

/** Creates or (with an id) updates a session. Field errors are shown on the form. */
export function useSaveLiveSession() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TLiveSessionSave) => api.post<{ item: TLiveSession }>('/livesession', body),
    onSuccess: ({ item }) => invalidate(item.id),
  });
}

/** start, stop or remove one session (all GET, as the API has them). */
export function useLiveSessionAction(action: 'start' | 'stop' | 'remove') {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.get<unknown>(`/livesession/${action}/${id}`),
    onSuccess: (_r, id) => invalidate(id),
  });
}

/** One simulated comment; the feed is refetched once it is stored and claimed. */
export function useSimulateComment(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSimulateBodyInput) => api.post<TSimulateResult>(`/livesession/${id}/simulate`, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: liveKeys.comments(id) });
      void qc.invalidateQueries({ queryKey: liveKeys.detail(id) });
    },
  });
}

/** The live's report (seller or admin). */
export function useLiveReport(id: number) {
  return useQuery({
    queryKey: liveKeys.report(id),
    queryFn: ({ signal }) => api.get<TLiveReport>(`/livesession/${id}/report`, undefined, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Reminds the shoppers of unpaid carts of the live; the report is read again (reminded_at). */
export function useRemindCarts(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      api.post<TLiveReportRemindResult>(`/livesession/${id}/report/remind`, { ids }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: liveKeys.report(id) }),
  });
}
