/**
 * Meta's webhooks of the pages and Instagram accounts sellers go live on. The route
 * (`/api/webhooks/facebook`, routes.ts) only checks the signature and queues the body (an outbox
 * row `social_webhook`, once per body), so Meta is answered at once; the worker then reads it
 * here, entry by entry, change by change — a change that cannot be read is skipped and logged,
 * never the others:
 *
 * - `page` / `feed`, item `comment`, verb `add`: a comment on a post; when the post is the live
 *   video of a session fed by that page, the comment enters the session (capture.ts).
 * - `page` / `live_videos`: a broadcast starts (`LIVE`: tied to the seller's live session of that
 *   page that has no video yet) or ends (any other status: the video is marked ended).
 * - `instagram` / `live_comments` and `comments`: a comment on an Instagram live media; a live
 *   session fed by the account without a live media yet takes this one.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isoOf } from '../../integrations/social/live.ts';
import { enqueue, type OutboxHandler } from '../../jobs/outbox.ts';
import type { Ctx, Deps } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { captureIntoSession } from './capture.ts';
import type { CapturedMessage } from './comments.ts';

/** The body of a Meta webhook, as queued: base64 of its exact bytes (any byte survives jsonb). */
export interface SocialWebhookJob {
  body: string;
}

/** Whether `X-Hub-Signature-256` is `sha256=` the HMAC-SHA256 of the raw body with the app secret. */
export function signatureMatches(
  raw: Buffer,
  header: string | string[] | undefined,
  appSecret: string,
): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(given?.trim() ?? '')?.[1];
  if (!hex) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(hex, 'hex'));
}

/**
 * Queues a well-signed body for the worker (once per body: Meta delivers again what it thinks was
 * not received). A body that is not a JSON object is only logged: there is nothing to read in it.
 */
export async function queueWebhook(ctx: Ctx, raw: Buffer): Promise<boolean> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    ctx.log.warn({ bytes: raw.length }, 'facebook webhook: a signed body that is not a JSON object');
    return false;
  }
  await enqueue(ctx.db, {
    kind: 'social_webhook',
    dedupeKey: `webhook:facebook:${createHash('sha256').update(raw).digest('hex')}`,
    payload: { body: raw.toString('base64') } satisfies SocialWebhookJob,
  });
  return true;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
const str = (v: unknown): string | null =>
  typeof v === 'string' && v ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;

/** A comment a change brings, with where it was written. */
interface Arrived {
  platform: 'facebook' | 'instagram';
  /** The page id or Instagram account id of the entry. */
  accountId: string;
  /** The ids the comment's video may be known by (post id, video id). */
  videoIds: string[];
  /** Surely a live's comment: its media may be tied to a live session of the account without one. */
  live: boolean;
  message: CapturedMessage;
}

/** What one change says, or null when it says nothing the live engine reads. */
type Change =
  | { kind: 'comment'; comment: Arrived }
  | { kind: 'video'; pageId: string; videoId: string; live: boolean };

/** Reads one change of an entry; throws nothing (a change it cannot read is null). */
export function readChange(object: string, entry: Json, change: Json): Change | null {
  const accountId = str(entry.id);
  const field = change.field;
  const value = obj(change.value);
  if (!accountId || !value) return null;
  const at = isoOf(entry.time) ?? new Date().toISOString();
  if (object === 'page' && field === 'feed') {
    if (value.item !== 'comment' || value.verb !== 'add') return null;
    const id = str(value.comment_id);
    const from = obj(value.from);
    const postId = str(value.post_id) ?? str(obj(value.post)?.id);
    // The page's own comments (the seller answering on the live) order nothing.
    if (
      !id ||
      !str(from?.id) ||
      !postId ||
      typeof value.message !== 'string' ||
      str(from?.id) === accountId
    ) {
      return null;
    }
    const videoIds = [postId, postId.split('_').at(-1) ?? postId, str(value.video_id)].filter(
      (v): v is string => !!v,
    );
    return {
      kind: 'comment',
      comment: {
        platform: 'facebook',
        accountId,
        videoIds,
        live: false,
        message: {
          id,
          from: { id: str(from?.id) as string, name: str(from?.name) },
          message: value.message,
          created_time: isoOf(value.created_time) ?? at,
        },
      },
    };
  }
  if (object === 'page' && field === 'live_videos') {
    const videoId = str(value.id);
    if (!videoId || typeof value.status !== 'string') return null;
    return { kind: 'video', pageId: accountId, videoId, live: value.status === 'LIVE' };
  }
  if (object === 'instagram' && (field === 'live_comments' || field === 'comments')) {
    const id = str(value.id);
    const from = obj(value.from);
    const mediaId = str(obj(value.media)?.id);
    if (!id || !str(from?.id) || !mediaId || typeof value.text !== 'string' || str(from?.id) === accountId) {
      return null;
    }
    return {
      kind: 'comment',
      comment: {
        platform: 'instagram',
        accountId,
        videoIds: [mediaId],
        live: field === 'live_comments' || obj(value.media)?.media_product_type === 'LIVE',
        message: {
          id,
          from: { id: str(from?.id) as string, name: str(from?.username) },
          message: value.text,
          created_time: isoOf(value.timestamp) ?? at,
        },
      },
    };
  }
  return null;
}

/** Every change a webhook body holds that the live engine reads, in order. */
export function readWebhook(body: unknown): { changes: Change[]; skipped: number } {
  const root = obj(body);
  const object = str(root?.object) ?? '';
  const changes: Change[] = [];
  let skipped = 0;
  for (const e of Array.isArray(root?.entry) ? root.entry : []) {
    const entry = obj(e);
    for (const c of Array.isArray(entry?.changes) ? entry.changes : []) {
      const change = entry && obj(c) ? readChange(object, entry, obj(c) as Json) : null;
      if (change) changes.push(change);
      else skipped++;
    }
  }
  return { changes, skipped };
}

/** A session a store feeds, with the video it has for that store. */
interface Fed {
  session_id: number;
  store_id: number;
  video_id: string | null;
}

/**
 * The live sessions (not closed) fed by the seller stores of this platform account that show one of
 * these videos; for an Instagram live's comment, a live session fed by the account without a live
 * media yet takes it (Instagram sends no event when a live starts; a comment on a post never ties).
 */
async function sessionsOfVideo(ctx: Ctx, c: Arrived): Promise<Fed[]> {
  const rows = await queryRows<Fed>(
    ctx.db,
    sql`SELECT lss.session_id, lss.store_id, lss.video_id
        FROM stores st
        JOIN live_session_stores lss ON lss.store_id = st.id
        JOIN live_sessions s ON s.id = lss.session_id AND s.deleted_at IS NULL AND s.status <> 'closed'
        WHERE st.platform = ${c.platform} AND st.external_id = ${c.accountId} AND st.seller_id = lss.seller_id
          AND (lss.video_id = ANY(${sql.param(c.videoIds)}::text[])
               OR (${c.live} AND lss.video_id IS NULL AND s.status = 'live'))`,
  );
  const matched = rows.filter((r) => r.video_id !== null);
  const claimable = rows.filter((r) => r.video_id === null);
  for (const r of claimable) {
    await ctx.db.execute(
      sql`UPDATE live_session_stores SET video_id = ${c.videoIds[0]}, video_status = 'live', next_poll_at = now(),
            updated_at = now()
          WHERE session_id = ${r.session_id} AND store_id = ${r.store_id} AND video_id IS NULL`,
    );
  }
  return [...matched, ...claimable];
}

/** A `live_videos` change: a broadcast that starts is tied, one that ends is marked ended. */
async function applyVideo(ctx: Ctx, pageId: string, videoId: string, live: boolean) {
  if (!live) {
    await ctx.db.execute(
      sql`UPDATE live_session_stores lss SET video_status = 'ended', updated_at = now()
          FROM stores st WHERE st.id = lss.store_id AND st.platform = 'facebook' AND st.external_id = ${pageId}
            AND lss.video_id = ${videoId}`,
    );
    return;
  }
  // Each seller having this page: the first started live session of theirs fed by it with no video
  // (a session already showing this video is only marked live again).
  await ctx.db.execute(
    sql`UPDATE live_session_stores lss SET video_status = 'live', updated_at = now()
        FROM stores st WHERE st.id = lss.store_id AND st.platform = 'facebook' AND st.external_id = ${pageId}
          AND lss.video_id = ${videoId}`,
  );
  await ctx.db.execute(
    sql`WITH target AS (
          SELECT lss.id
          FROM stores st
          JOIN live_session_stores lss ON lss.id = (
            SELECT l.id FROM live_session_stores l
            JOIN live_sessions s ON s.id = l.session_id AND s.status = 'live' AND s.deleted_at IS NULL
            WHERE l.store_id = st.id AND l.video_id IS NULL
            ORDER BY s.started_at NULLS LAST, s.id LIMIT 1)
          WHERE st.platform = 'facebook' AND st.external_id = ${pageId}
            AND NOT EXISTS (SELECT 1 FROM live_session_stores o WHERE o.store_id = st.id AND o.video_id = ${videoId})
          FOR UPDATE OF lss SKIP LOCKED)
        UPDATE live_session_stores lss SET video_id = ${videoId}, video_status = 'live', comments_cursor = NULL,
          next_poll_at = now(), poll_failures = 0, poll_error = NULL, updated_at = now()
        FROM target WHERE lss.id = target.id`,
  );
}

/**
 * Applies one webhook body: each change alone (one that fails is logged and the others go on).
 * Throws at the end when a change failed for a reason a retry may not meet again (the database),
 * so the outbox runs the body again: what was done is not done twice (comments are stored once).
 */
export async function applyWebhook(ctx: Ctx, body: unknown): Promise<{ comments: number; skipped: number }> {
  const { changes, skipped } = readWebhook(body);
  if (skipped) ctx.log.info({ skipped }, 'facebook webhook: changes the live engine does not read');
  const bySession = new Map<number, CapturedMessage[]>();
  let failed: unknown = null;
  for (const change of changes) {
    try {
      if (change.kind === 'video') {
        await applyVideo(ctx, change.pageId, change.videoId, change.live);
        continue;
      }
      for (const fed of await sessionsOfVideo(ctx, change.comment)) {
        const list = bySession.get(fed.session_id) ?? [];
        list.push({ ...change.comment.message, platform: change.comment.platform, store_id: fed.store_id });
        bySession.set(fed.session_id, list);
      }
    } catch (err) {
      ctx.log.error({ err }, 'facebook webhook: a change failed');
      failed = err;
    }
  }
  let comments = 0;
  for (const [sessionId, messages] of bySession) {
    try {
      comments += await captureIntoSession(ctx, sessionId, messages);
    } catch (err) {
      ctx.log.error({ err, sessionId }, 'facebook webhook: comments not stored');
      failed = err;
    }
  }
  if (failed) throw failed;
  return { comments, skipped };
}

/** The outbox handler of a queued webhook body. */
export function socialWebhookHandler(deps: Deps, log?: FastifyBaseLogger): OutboxHandler {
  return async (job: SocialWebhookJob) => {
    const ctx: Ctx = {
      db: deps.database.db,
      user: null,
      locale: 'fr',
      config: deps.config,
      log: log ?? (silentLog as FastifyBaseLogger),
    };
    const raw = Buffer.from(job.body, 'base64').toString('utf8');
    await applyWebhook(ctx, JSON.parse(raw));
  };
}

const noop = () => {};
/** A logger that says nothing (the outbox handlers get none of their own). */
const silentLog = {
  info: noop,
  warn: noop,
  error: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  child: () => silentLog,
  level: 'silent',
  silent: noop,
};
