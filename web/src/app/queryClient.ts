import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';
import i18n, { errorText } from './i18n';
import { toast } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the caller shows the failure itself (or it does not matter to a person). */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

const SESSION_KEY = 'session';

/** Failures show as an error toast (SPEC §8); a 401 on a data call refreshes the session instead. */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isApiError(error) && error.status === 401 && query.queryKey[0] !== SESSION_KEY) {
          void client.invalidateQueries({ queryKey: [SESSION_KEY] });
          return;
        }
        if (query.meta?.silent) return;
        toast('error', errorText(i18n.t, error));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.silent) return;
        toast('error', errorText(i18n.t, error));
      },
    }),
    defaultOptions: {
      queries: {
        // a 4xx will answer the same again; retry once on network or server errors
        retry: (count, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
    },
  });
  return client;
}
