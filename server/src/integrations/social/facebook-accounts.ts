import { classifyGraphError } from './facebook.ts';
import { GraphCallError, type GraphOptions, graphApi } from './graph.ts';

/**
 * A seller's Facebook account and pages through the Graph API (Facebook Login for Business):
 *
 *   GET /oauth/access_token?client_id&redirect_uri&client_secret&code       code → short user token
 *   GET /oauth/access_token?grant_type=fb_exchange_token&…&fb_exchange_token short → long-lived (≈60 days)
 *   GET /me?fields=id,name, GET /me/permissions                              who, and what was granted
 *   GET /me/accounts?fields=…&limit&after                                    pages with their page tokens
 *   GET /{page-id}?fields=…                                                  one page (a sync)
 *   POST|DELETE /{page-id}/subscribed_apps                                   the page's webhooks
 *   GET /debug_token?input_token&access_token={app-id}|{app-secret}          a token's validity and expiry
 *
 * Every failure throws {@link FacebookAccountError}: `token` when Facebook rejects the token,
 * `unavailable` when it cannot be reached or is busy, `refused` otherwise.
 */
export interface FacebookApp {
  appId: string;
  appSecret: string;
}

export class FacebookAccountError extends Error {
  override name = 'FacebookAccountError';
  constructor(
    message: string,
    readonly kind: 'token' | 'unavailable' | 'refused',
    readonly tokenError?: 'expired' | 'invalid',
  ) {
    super(message);
  }
}

/** What `/me/accounts` and `/{page-id}` answer of a page. */
export interface FacebookPageFields {
  id: string;
  name: string;
  access_token?: string;
  picture?: { data?: { url?: string } };
  followers_count?: number;
  fan_count?: number;
  instagram_business_account?: {
    id: string;
    username?: string;
    name?: string;
    profile_picture_url?: string;
    followers_count?: number;
  };
}

export const PAGE_FIELDS =
  'id,name,access_token,picture{url},followers_count,fan_count,' +
  'instagram_business_account{id,username,name,profile_picture_url,followers_count}';

/** The page's webhook fields; Instagram comments and lives come through the page's subscription. */
export const SUBSCRIBED_FIELDS = 'feed,live_videos';

/** Pages read per `/me/accounts` call, and the most read in all. */
const ACCOUNTS_LIMIT = 50;
const MAX_PAGES = 1000;

export function facebookAccounts(opts: GraphOptions & { app: FacebookApp }) {
  const graph = graphApi({ ...opts, appSecret: opts.app.appSecret });
  const call = async <T>(path: string, req: Parameters<typeof graph>[1]): Promise<T> => {
    try {
      return await graph<T>(path, req);
    } catch (err) {
      if (!(err instanceof GraphCallError)) throw err;
      if (err.status === 0) throw new FacebookAccountError(err.message, 'unavailable');
      const outcome = classifyGraphError(err.status, err.error);
      if (outcome.kind === 'token')
        throw new FacebookAccountError(outcome.reason, 'token', outcome.tokenError);
      if (outcome.kind === 'retry') throw new FacebookAccountError(outcome.reason, 'unavailable');
      throw new FacebookAccountError(err.message, 'refused');
    }
  };
  const { appId, appSecret } = opts.app;
  const expiryOf = (expiresIn: number | undefined) =>
    expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;

  return {
    /** Facebook's login dialog for this seller's state. */
    dialogUrl(redirectUri: string, state: string, scopes: readonly string[]): string {
      const url = new URL(`https://www.facebook.com/${opts.version}/dialog/oauth`);
      url.searchParams.set('client_id', appId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', scopes.join(','));
      url.searchParams.set('response_type', 'code');
      return url.toString();
    },

    /** The code Facebook sent back → a long-lived user token and its expiry. */
    async exchangeCode(code: string, redirectUri: string) {
      const short = await call<{ access_token: string }>('oauth/access_token', {
        params: { client_id: appId, redirect_uri: redirectUri, client_secret: appSecret, code },
      });
      const long = await call<{ access_token: string; expires_in?: number }>('oauth/access_token', {
        params: {
          grant_type: 'fb_exchange_token',
          client_id: appId,
          client_secret: appSecret,
          fb_exchange_token: short.access_token,
        },
      });
      return { token: long.access_token, expiresAt: expiryOf(long.expires_in) };
    },

    /** The user and the permissions they granted. */
    async me(token: string) {
      const me = await call<{ id: string; name?: string }>('me', { params: { fields: 'id,name' }, token });
      const perms = await call<{ data?: { permission: string; status: string }[] }>('me/permissions', {
        token,
      });
      const granted = (perms.data ?? []).filter((p) => p.status === 'granted').map((p) => p.permission);
      return { id: me.id, name: me.name ?? null, granted };
    },

    /** Every page the user manages, with its page token (all `/me/accounts` pages followed). */
    async pages(token: string): Promise<FacebookPageFields[]> {
      const all: FacebookPageFields[] = [];
      let after: string | undefined;
      do {
        const body = await call<{
          data?: FacebookPageFields[];
          paging?: { cursors?: { after?: string }; next?: string };
        }>('me/accounts', { params: { fields: PAGE_FIELDS, limit: ACCOUNTS_LIMIT, after }, token });
        all.push(...(body.data ?? []));
        after = body.paging?.next ? body.paging.cursors?.after : undefined;
      } while (after && all.length < MAX_PAGES);
      return all;
    },

    /** One page's fields (with a fresh page token when read with the user's token). */
    page: (pageId: string, token: string) =>
      call<FacebookPageFields>(encodeURIComponent(pageId), { params: { fields: PAGE_FIELDS }, token }),

    /** Subscribes the page to the app's webhooks. */
    subscribe: (pageId: string, pageToken: string) =>
      call<{ success?: boolean }>(`${encodeURIComponent(pageId)}/subscribed_apps`, {
        method: 'POST',
        params: { subscribed_fields: SUBSCRIBED_FIELDS },
        token: pageToken,
      }),

    /** Removes the app's webhooks from the page. */
    unsubscribe: (pageId: string, pageToken: string) =>
      call<{ success?: boolean }>(`${encodeURIComponent(pageId)}/subscribed_apps`, {
        method: 'DELETE',
        token: pageToken,
      }),

    /** Whether a token still works, and until when (null: no end). */
    async debugToken(token: string) {
      const body = await call<{
        data?: { is_valid?: boolean; expires_at?: number; error?: { code?: number } };
      }>('debug_token', { params: { input_token: token, access_token: `${appId}|${appSecret}` } });
      const expires = body.data?.expires_at;
      return {
        valid: body.data?.is_valid === true,
        expiresAt: expires ? new Date(expires * 1000) : null,
      };
    },
  };
}

export type FacebookAccounts = ReturnType<typeof facebookAccounts>;
