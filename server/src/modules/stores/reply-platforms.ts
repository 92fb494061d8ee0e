import { and, eq, sql } from 'drizzle-orm';
import { facebookPlatform } from '../../integrations/social/facebook.ts';
import { instagramPlatform } from '../../integrations/social/instagram.ts';
import { type SocialPlatform, sandboxPlatform, TokenRejected } from '../../integrations/social/platform.ts';
import type { Deps } from '../../lib/http.ts';
import { decryptSecret, SecretError } from '../../lib/secrets.ts';
import { queryRows } from '../../lib/sql.ts';
import { stores } from './tables.ts';

/**
 * What a reply needs to know to pick its platform: the session it belongs to and the store its
 * comment came through (none: the capture tool, the simulator, rows older than it).
 */
export interface ReplyTarget {
  sessionId: number;
  sellerId: number;
  storeId?: number | null;
}

/**
 * Picks where each private reply goes: through the store the comment came through, else the
 * session's store. A Facebook page with a token sends through the Graph API as that page; an
 * Instagram account sends as itself with its linked page's token; anything else (no store, a
 * sandbox store, no token) goes to the fallback platform: `deps.social`, else the sandbox, which
 * keeps the messages. A token the platform rejects (or that cannot be decrypted) marks the
 * `token_error` of the store it belongs to (an Instagram account's is its page's), which the Live
 * Selling screen reports until the seller resynchronises; until then the store's replies are
 * refused without calling the platform.
 *
 * The store of a session is read once per {@link PLATFORM_TTL_MS} (a live's replies come in bursts);
 * a token rejected meanwhile drops what was read of that store at once.
 */
export const PLATFORM_TTL_MS = 5_000;

interface SessionStore {
  id: number;
  platform: string;
  /** The page id, or the Instagram account id. */
  pageId: string;
  token: string | null;
  /** The store the token belongs to (an Instagram account's: its page's, unless it has its own). */
  tokenStoreId: number;
  tokenError: string | null;
  sandbox: boolean;
}

export function replyPlatforms(deps: Deps) {
  const fallback = deps.social ?? sandboxPlatform();
  const graphOptions = {
    graphUrl: deps.config.graph.url,
    version: deps.config.graph.version,
    appSecret: deps.config.facebook?.appSecret,
  };
  const facebook = facebookPlatform(graphOptions);
  const instagram = instagramPlatform(graphOptions);
  const db = deps.database.db;
  const cache = new Map<string, { store: SessionStore | undefined; expires: number }>();
  const forget = (storeId: number) => {
    for (const [key, c] of cache) if (c.store?.tokenStoreId === storeId) cache.delete(key);
  };
  /** Marks the token that was used (not one the seller stored since) as rejected. */
  const markToken = async (store: SessionStore, tokenError: string) => {
    forget(store.tokenStoreId);
    await db
      .update(stores)
      .set({ token_error: tokenError })
      .where(and(eq(stores.id, store.tokenStoreId), eq(stores.access_token_encrypted, store.token ?? '')));
  };
  /**
   * The comment's store (the seller's), else the session's; `cached` when read earlier (a store
   * with a token error is always read).
   */
  const storeOf = async (job: ReplyTarget): Promise<{ store?: SessionStore; cached: boolean }> => {
    const key = `${job.sessionId}:${job.sellerId}:${job.storeId ?? ''}`;
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.expires > now) return { store: hit.store, cached: true };
    const [store] = await queryRows<SessionStore>(
      db,
      sql`SELECT s.id, s.platform, s.external_id AS "pageId", s.sandbox,
            coalesce(s.access_token_encrypted, pg.access_token_encrypted) AS token,
            CASE WHEN s.access_token_encrypted IS NULL AND pg.id IS NOT NULL THEN pg.id ELSE s.id END
              AS "tokenStoreId",
            CASE WHEN s.access_token_encrypted IS NULL THEN coalesce(s.token_error, pg.token_error)
                 ELSE s.token_error END AS "tokenError"
          FROM stores s
          LEFT JOIN stores pg ON s.platform = 'instagram' AND pg.seller_id = s.seller_id
            AND pg.platform = 'facebook' AND pg.external_id = s.page_id
          WHERE s.seller_id = ${job.sellerId} AND s.id = coalesce(
            (SELECT c.id FROM stores c WHERE c.id = ${job.storeId ?? null}::int AND c.seller_id = ${job.sellerId}),
            (SELECT ls.store_id FROM live_sessions ls WHERE ls.id = ${job.sessionId} AND ls.seller_id = ${job.sellerId}))`,
    );
    for (const [k, c] of cache) if (c.expires <= now) cache.delete(k);
    if (!store?.tokenError) cache.set(key, { store, expires: now + PLATFORM_TTL_MS });
    return { store, cached: false };
  };

  /** Sends as the store's page or Instagram account, or through the fallback. */
  const platformOf = (store: SessionStore | undefined): SocialPlatform => {
    if (!store?.token || store.sandbox) return fallback;
    const { pageId, token, tokenError } = store;
    const as = (accessToken: string) =>
      store.platform === 'instagram'
        ? instagram.forAccount({ igUserId: pageId, accessToken })
        : facebook.forPage({ pageId, accessToken });
    /** A call as the page, with its token decrypted; a token rejected marks the store. */
    const asPage = async <T>(run: (page: SocialPlatform) => Promise<T>): Promise<T> => {
      if (tokenError) {
        throw new TokenRejected(
          'The page access token is expired or invalid; resynchronise the store to send replies',
          tokenError === 'expired' ? 'expired' : 'invalid',
        );
      }
      let accessToken: string;
      try {
        accessToken = decryptSecret(deps.config.authSecret, token);
      } catch (err) {
        if (!(err instanceof SecretError)) throw err;
        await markToken(store, 'invalid');
        throw new TokenRejected(
          'The stored page access token cannot be read; resynchronise the store',
          'invalid',
        );
      }
      try {
        return await run(as(accessToken));
      } catch (err) {
        if (err instanceof TokenRejected) await markToken(store, err.tokenError);
        throw err;
      }
    };
    return {
      sendPrivateReply: (commentId, text) => asPage((page) => page.sendPrivateReply(commentId, text)),
      canReplyPrivately: (commentId) => asPage((page) => page.canReplyPrivately(commentId)),
    };
  };

  return {
    fallback,
    /** The platform of the job's comment store (else its session's), bound to that store. */
    async platformFor(job: ReplyTarget): Promise<SocialPlatform> {
      const { store, cached } = await storeOf(job);
      const platform = platformOf(store);
      if (!cached) return platform;
      // A token rejected as read a few seconds ago may have been replaced since (resynchronised):
      // then the call goes again with the store as it is now.
      const again = async <T>(run: (p: SocialPlatform) => Promise<T>): Promise<T> => {
        try {
          return await run(platform);
        } catch (err) {
          if (!(err instanceof TokenRejected)) throw err;
          const now = await storeOf(job);
          if (!now.store?.token || now.store.token === store?.token) throw err;
          return run(platformOf(now.store));
        }
      };
      return {
        sendPrivateReply: (commentId, text) => again((p) => p.sendPrivateReply(commentId, text)),
        canReplyPrivately: (commentId) => again((p) => p.canReplyPrivately(commentId)),
      };
    },
  };
}
