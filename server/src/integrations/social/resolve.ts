import { and, eq } from 'drizzle-orm';
import { liveSessions, stores } from '../../db/schema/index.ts';
import type { Deps } from '../../lib/http.ts';
import { decryptSecret, SecretError } from '../../lib/secrets.ts';
import { facebookPlatform } from './facebook.ts';
import { ReplyRefused, type SocialPlatform, sandboxPlatform, TokenRejected } from './platform.ts';

/** What a reply needs to know to pick its platform: the session it belongs to. */
export interface ReplyTarget {
  sessionId: number;
  sellerId: number;
}

/**
 * Picks where each private reply goes. A session on a Facebook store with a page token sends
 * through the Graph API as that page; any other session (no store, Instagram for now, no token)
 * goes to the fallback platform: `deps.social`, else the sandbox, which keeps the messages.
 * A token Facebook rejects (or that cannot be decrypted) marks the store's `token_error`, which the
 * Live Selling screen reports until the seller resynchronises; until then the store's replies are
 * refused without calling Facebook.
 */
export function replyPlatforms(deps: Deps) {
  const fallback = deps.social ?? sandboxPlatform();
  const facebook = facebookPlatform({
    graphUrl: deps.config.graph.url,
    version: deps.config.graph.version,
    appSecret: deps.config.facebook?.appSecret,
  });
  const db = deps.database.db;
  const markToken = (storeId: number, tokenError: string) =>
    db.update(stores).set({ token_error: tokenError }).where(eq(stores.id, storeId));

  return {
    fallback,
    /** The platform of the job's session, bound to its page. */
    async platformFor(job: ReplyTarget): Promise<SocialPlatform> {
      const [store] = await db
        .select({
          id: stores.id,
          platform: stores.platform,
          pageId: stores.external_id,
          token: stores.access_token_encrypted,
          tokenError: stores.token_error,
        })
        .from(liveSessions)
        .innerJoin(stores, eq(stores.id, liveSessions.store_id))
        .where(and(eq(liveSessions.id, job.sessionId), eq(liveSessions.seller_id, job.sellerId)));
      if (store?.platform !== 'facebook' || !store.token) return fallback;
      const { id, pageId, token, tokenError } = store;
      return {
        async sendPrivateReply(commentId, text) {
          if (tokenError) {
            throw new ReplyRefused(
              'The page access token is expired or invalid; resynchronise the store to send replies',
            );
          }
          let accessToken: string;
          try {
            accessToken = decryptSecret(deps.config.authSecret, token);
          } catch (err) {
            if (!(err instanceof SecretError)) throw err;
            await markToken(id, 'invalid');
            throw new TokenRejected(
              'The stored page access token cannot be read; resynchronise the store',
              'invalid',
            );
          }
          try {
            await facebook.forPage({ pageId, accessToken }).sendPrivateReply(commentId, text);
          } catch (err) {
            if (err instanceof TokenRejected) await markToken(id, err.tokenError);
            throw err;
          }
        },
      };
    },
  };
}
