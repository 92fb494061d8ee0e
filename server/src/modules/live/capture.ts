/**
 * Comments captured from the platforms themselves (webhooks and polling, `webhooks.ts` and
 * `poller.ts`): the stores feeding a session (`live_session_stores`), their tokens, the live video
 * of each, and the one way captured comments enter a session — `ingestComments` then
 * `claimComments`, exactly as the capture tool's (comments.ts), so a comment brought twice by two
 * paths is stored and claimed once.
 */
import type { TLiveStore, TLiveVideoNow } from '@livecart/contract/live';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { classifyGraphError } from '../../integrations/social/facebook.ts';
import { type Graph, GraphCallError, graphApi } from '../../integrations/social/graph.ts';
import { facebookLiveVideos, instagramLiveMedia, type LiveVideo } from '../../integrations/social/live.ts';
import type { Ctx } from '../../lib/http.ts';
import { decryptSecret, SecretError } from '../../lib/secrets.ts';
import { queryRows } from '../../lib/sql.ts';
import { markTokenRejected, type StoreAccess, sellerStores, storesAccess } from '../stores/access.ts';
import { catalogueVersionSql, claimComments } from './claim.ts';
import { type CapturedMessage, ingestComments } from './comments.ts';
import { liveSessions } from './tables.ts';

/** The Graph API as the capture calls it (the app secret proves each token when configured). */
export function captureGraph(config: Config): Graph {
  return graphApi({
    graphUrl: config.graph.url,
    version: config.graph.version,
    appSecret: config.facebook?.appSecret ?? config.facebookWebhooks.appSecret,
  });
}

/** Why a capture call failed: the platform's word sorted (rate limit, token, other). */
export type CaptureFailure =
  | { kind: 'token'; reason: string; tokenError: 'expired' | 'invalid' }
  | { kind: 'retry'; reason: string; rateLimited: boolean }
  | { kind: 'refused'; reason: string };

/** Throttling codes of the Graph API that ask to slow down. */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);

/** Sorts an error of a capture call (a token that cannot be decrypted counts as invalid). */
export function captureFailureOf(err: unknown): CaptureFailure {
  if (err instanceof SecretError) {
    return { kind: 'token', tokenError: 'invalid', reason: 'The stored access token cannot be read' };
  }
  if (!(err instanceof GraphCallError)) throw err;
  if (err.status === 0) return { kind: 'retry', reason: err.message, rateLimited: false };
  const outcome = classifyGraphError(err.status, err.error);
  if (outcome.kind === 'token') return outcome;
  const code = err.error?.code;
  const rateLimited = err.status === 429 || (code !== undefined && RATE_LIMIT_CODES.has(code));
  if (outcome.kind === 'retry' || rateLimited) return { kind: 'retry', reason: outcome.reason, rateLimited };
  return outcome;
}

/** A Graph call with the store's token decrypted. */
export async function asStore<T>(
  config: Config,
  store: StoreAccess,
  run: (token: string) => Promise<T>,
): Promise<T> {
  if (!store.token) throw new SecretError('The store has no access token');
  return run(decryptSecret(config.authSecret, store.token));
}

/** The store's broadcasts live now: the page's live videos, or the Instagram account's live media. */
export function liveVideosOf(config: Config, graph: Graph, store: StoreAccess): Promise<LiveVideo[]> {
  return asStore(config, store, (token) =>
    store.platform === 'instagram'
      ? instagramLiveMedia(graph, store.externalId, token)
      : facebookLiveVideos(graph, store.externalId, token),
  );
}

/**
 * Ties a live video to each store of the session that has none yet, from what the platform says
 * is live now (the first found). Failures are logged and change nothing (a token rejected marks
 * the store): the webhook or a later start may still tie it. Answers the stores tied.
 */
export async function tieLiveVideos(ctx: Ctx, sessionId: number): Promise<number> {
  const waiting = await queryRows<{ store_id: number }>(
    ctx.db,
    sql`SELECT store_id FROM live_session_stores WHERE session_id = ${sessionId} AND video_id IS NULL`,
  );
  if (!waiting.length) return 0;
  const graph = captureGraph(ctx.config);
  let tied = 0;
  for (const store of await storesAccess(
    ctx.db,
    waiting.map((w) => w.store_id),
  )) {
    if (store.tokenError || !store.token) continue;
    try {
      const [video] = await liveVideosOf(ctx.config, graph, store);
      if (!video) continue;
      const done = await ctx.db.execute(
        sql`UPDATE live_session_stores SET video_id = ${video.id}, video_status = 'live', comments_cursor = NULL,
              next_poll_at = now(), poll_failures = 0, poll_error = NULL, updated_at = now()
            WHERE session_id = ${sessionId} AND store_id = ${store.id} AND video_id IS NULL`,
      );
      if ((done as { rowCount?: number | null }).rowCount !== 0) tied++;
    } catch (err) {
      const failure = captureFailureOf(err);
      if (failure.kind === 'token') await markTokenRejected(ctx.db, store, failure.tokenError);
      ctx.log.warn({ storeId: store.id, sessionId, reason: failure.reason }, 'live video not read');
    }
  }
  return tied;
}

/**
 * Captured comments of one session stored and claimed, exactly as the capture tool's: stored once
 * each whatever path brought them, claimed in comment time order (a session fed by several stores
 * gets their comments merged). Answers how many were new.
 */
export async function captureIntoSession(
  ctx: Ctx,
  sessionId: number,
  messages: CapturedMessage[],
): Promise<number> {
  if (!messages.length) return 0;
  const [session] = await ctx.db
    .select({
      ...getTableColumns(liveSessions),
      catalogue_version: catalogueVersionSql(liveSessions.seller_id),
    })
    .from(liveSessions)
    .where(eq(liveSessions.id, sessionId));
  if (!session || session.deleted_at) return 0;
  const ingested = await ingestComments(ctx, session, messages);
  await claimComments(ctx, session, ingested.rows, session.catalogue_version);
  return ingested.stored;
}

/**
 * The broadcasts live now on the seller's stores (each store with a token read at once; one that
 * fails is left out and logged, a token rejected marks its store), and the seller's stores.
 */
export async function liveVideosNow(
  ctx: Ctx,
  sellerId: number,
): Promise<{ videos: TLiveVideoNow[]; stores: TLiveStore[] }> {
  const mine: TLiveStore[] = await sellerStores(ctx.db, sellerId);
  const graph = captureGraph(ctx.config);
  const readable = (
    await storesAccess(
      ctx.db,
      mine.map((s) => s.id),
    )
  ).filter((s) => s.token && !s.tokenError);
  const found = await Promise.all(
    readable.map(async (store) => {
      try {
        const videos = await liveVideosOf(ctx.config, graph, store);
        return videos.map((v) => ({
          store_id: store.id,
          platform: store.platform,
          video_id: v.id,
          title: v.title,
          started_at: v.startedAt,
        }));
      } catch (err) {
        const failure = captureFailureOf(err);
        if (failure.kind === 'token') await markTokenRejected(ctx.db, store, failure.tokenError);
        ctx.log.warn({ storeId: store.id, reason: failure.reason }, 'live videos not read');
        return [];
      }
    }),
  );
  return { videos: found.flat(), stores: mine };
}
