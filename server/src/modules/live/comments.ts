import { timingSafeEqual } from 'node:crypto';
import type {
  TIngestMessage,
  TIngestResult,
  TLiveComment,
  TLiveCommentListQuery,
} from '@livecart/contract/live';
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { type ListDef, runList } from '../../lib/list.ts';
import { foldText, queryRows, toIso } from '../../lib/sql.ts';
import { sha256 } from '../../lib/tokens.ts';
import { catalogueVersionSql, claimComments } from './claim.ts';
import { screenComments } from './comment-text.ts';
import { type PrivateReplyJob, privateReplyText } from './replies.ts';
import { lockSessionRead, type SessionRow } from './sessions.ts';
import { type liveComments, liveSessions } from './tables.ts';

type CommentRow = typeof liveComments.$inferSelect;

/*
 * The comments of a live session: received from the capture tool, the platform or the simulator
 * (stored once each, then claimed: claim.ts), and listed in the session console.
 */

/**
 * The session an ingest call names, when its token is right; anything else answers 401. Also reads
 * the seller's catalogue version, which lets the claim reuse the catalogue it cached.
 */
export async function authenticateIngest(
  ctx: Ctx,
  sessionId: number,
  token: string | undefined,
): Promise<SessionRow & { catalogue_version: string }> {
  const [session] = await ctx.db
    .select({
      ...getTableColumns(liveSessions),
      catalogue_version: catalogueVersionSql(liveSessions.seller_id),
    })
    .from(liveSessions)
    .where(and(eq(liveSessions.id, sessionId), isNull(liveSessions.deleted_at)));
  const expected = Buffer.from(session?.ingest_token_hash ?? '0'.repeat(64), 'hex');
  const given = Buffer.from(sha256(token ?? ''), 'hex');
  const matches = timingSafeEqual(expected, given);
  if (!session || !token || !matches) throw new AppError('ingest_token_invalid');
  return session;
}

/** What storing a post's comments did. */
export interface Ingested {
  /**
   * What the claim takes, in comment order: the rows inserted now and, on a live session, the rows
   * of comments delivered again that are still undecided (stored by a call that never claimed
   * them: the server stopped in between).
   */
  rows: CommentRow[];
  /** How many of `rows` are new. */
  stored: number;
  /** Ids of the `rows` delivered again. */
  redelivered: Set<number>;
  /** Comments refused: an id that is not valid text, or a time that cannot be stored. */
  refused: number;
}

/**
 * A comment as a platform adapter hands it over: Graph-API-shaped, with the platform it was written
 * on (default facebook) and the store it came through (none: the capture tool, the simulator).
 */
export type CapturedMessage = TIngestMessage & {
  platform?: CommentRow['platform'];
  store_id?: number | null;
};

/**
 * The one ingestion function every source calls (capture tools, simulator, webhooks, polling).
 * Each comment is screened alone (`comment-text.ts`: message and name cleaned, a comment whose id
 * or time cannot be stored refused), so one bad comment never fails its post. Stores each comment
 * once (UNIQUE(session_id, external_id)), whatever path brought it; comments of a session that is
 * not live are stored as ignored with the reason. Those of a live session are committed without
 * waiting for their WAL flush: `claimComments` must follow, whose last commit flushes them.
 */
export async function ingestComments(
  ctx: Ctx,
  session: Pick<SessionRow, 'id' | 'seller_id' | 'status'>,
  messages: CapturedMessage[],
): Promise<Ingested> {
  const { kept, refused } = screenComments(messages);
  const unique = [...new Map(kept.map((m) => [m.id, m])).values()];
  if (!unique.length) return { rows: [], stored: 0, redelivered: new Set(), refused };
  // One statement: the rows, the undecided ones delivered again, and the viewers never seen before
  // in the session counted in `participants` (exact under concurrent posts: see
  // live_ingest_comments, sql/ingest.sql).
  const rows = unique.map((m) => ({
    external_id: m.id,
    from_id: m.from.id,
    from_name: m.from.name ?? null,
    message: m.message,
    created_time: m.created_time,
    platform: m.platform ?? 'facebook',
    store_id: m.store_id ?? null,
  }));
  const answered = await queryRows<Record<keyof CommentRow | 'redelivered', unknown>>(
    ctx.db,
    sql`SELECT * FROM live_ingest_comments(${session.id}, ${session.seller_id}, ${session.status === 'live'},
          ${JSON.stringify(rows)}::jsonb)`,
  );
  const redelivered = new Set(answered.filter((r) => r.redelivered).map((r) => Number(r.id)));
  return {
    rows: answered
      .map(toCommentRow)
      .sort((a, b) => a.created_time.getTime() - b.created_time.getTime() || a.id - b.id),
    stored: answered.length - redelivered.size,
    redelivered,
    refused,
  };
}

const toDate = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** A `live_comments` row as a raw statement answers it (timestamps as text or Date). */
function toCommentRow(r: Record<keyof CommentRow, unknown>): CommentRow {
  return {
    id: Number(r.id),
    session_id: Number(r.session_id),
    seller_id: Number(r.seller_id),
    external_id: r.external_id as string,
    platform: (r.platform ?? 'facebook') as CommentRow['platform'],
    store_id: r.store_id === null || r.store_id === undefined ? null : Number(r.store_id),
    social_identity_id: r.social_identity_id === null ? null : Number(r.social_identity_id),
    from_id: r.from_id as string | null,
    from_name: r.from_name as string | null,
    message: r.message as string,
    created_time: toDate(r.created_time) as Date,
    received_at: toDate(r.received_at) as Date,
    processed_at: toDate(r.processed_at),
    outcome: r.outcome as CommentRow['outcome'],
    outcome_reason: r.outcome_reason as string | null,
    // the database's own value, which the ingest does not send back
    search_text: foldText(`${r.message}\n${r.from_name ?? ''}`),
  };
}

/**
 * POST add-live-messages: checks the token, stores the comments, claims the new ones of a live
 * session and those delivered again that were never claimed (carts, waiting list, replies), and
 * counts what happened. A comment whose text cannot be stored is cleaned or refused alone here
 * (`ingestComments`), never by the whole post.
 */
export async function receiveComments(
  ctx: Ctx,
  sessionId: number,
  token: string | undefined,
  messages: TIngestMessage[],
): Promise<TIngestResult> {
  const session = await authenticateIngest(ctx, sessionId, token);
  const ingested = await ingestComments(ctx, session, messages);
  const { ordered, waiting, decided } = await claimComments(
    ctx,
    session,
    ingested.rows,
    session.catalogue_version,
  );
  const recovered = [...ingested.redelivered].filter((id) => decided.has(id)).length;
  return {
    received: messages.length,
    stored: ingested.stored,
    recovered,
    duplicates: messages.length - ingested.stored - recovered - ingested.refused,
    refused: ingested.refused,
    ordered,
    waiting,
  };
}

/** Stored outcomes as the contract names them (the console, a shopper's comments). */
export const COMMENT_OUTCOME_NAMES: Record<NonNullable<CommentRow['outcome']>, TLiveComment['outcome']> = {
  cart: 'ordered',
  waiting: 'waiting',
  chatbot: 'ambiguous',
  blocked: 'blocked',
  answered: 'answered',
  no_match: 'no_match',
  ignored: 'ignored',
  rejected: 'ignored',
  error: null,
};

interface CommentListRow {
  id: number;
  external_id: string;
  from_id: string | null;
  from_name: string | null;
  platform: CommentRow['platform'] | null;
  message: string;
  outcome: CommentRow['outcome'];
  outcome_reason: string | null;
  created_time: Date | string;
  order_number: string | null;
  reply_payload: PrivateReplyJob | string | null;
  sent_text: string | null;
  reply_status: 'pending' | 'sent' | 'failed' | null;
}

const replyJob = (r: CommentListRow): PrivateReplyJob | null =>
  r.reply_payload === null
    ? null
    : typeof r.reply_payload === 'string'
      ? JSON.parse(r.reply_payload)
      : r.reply_payload;

/**
 * The reply of a comment as the console shows it: the text recorded when it was sent, else the
 * text it will be sent with (rendered from the outbox row, as the worker will).
 */
function replyOf(ctx: Ctx, r: CommentListRow, job: PrivateReplyJob | null): TLiveComment['reply'] {
  if (!job || !r.reply_status) return null;
  const text = r.sent_text ?? privateReplyText(job, ctx.config);
  return text ? { text, status: r.reply_status } : null;
}

/** A session's comments, newest first. */
export async function listComments(
  ctx: Ctx,
  sessionId: number,
  q: TLiveCommentListQuery,
): Promise<{ count: number; items: TLiveComment[] }> {
  const session = await lockSessionRead(ctx, sessionId);
  const list: ListDef<TLiveCommentListQuery, CommentListRow, TLiveComment> = {
    // The reply is the outbox row the claim wrote (unique key `reply:session:comment`) and, once
    // the worker ran, what the platform made of it (at most one each: the count reads the comments).
    select: sql`c.id, c.external_id, c.from_id, c.from_name,
      CASE WHEN c.store_id IS NULL THEN NULL ELSE c.platform END AS platform, c.message, c.outcome, c.outcome_reason, c.created_time,
      ob.payload->>'orderNumber' AS order_number, ob.payload AS reply_payload, pr.text AS sent_text,
      CASE WHEN ob.id IS NULL THEN NULL WHEN ob.status = 'dead' THEN 'failed' ELSE coalesce(pr.status, 'pending') END
        AS reply_status`,
    from: sql`live_comments c`,
    // a live's last page is 25,000 comments down: cut from the (session, time, id) index first
    pageBy: {
      key: sql`c.id`,
      rows: sql`live_comments c
        LEFT JOIN outbox ob ON ob.dedupe_key = 'reply:' || c.session_id || ':' || c.external_id
        LEFT JOIN private_replies pr ON pr.live_comment_id = c.id`,
    },
    where: () => [sql`c.session_id = ${session.id}`],
    // the stored folded texts narrow the live's comments cheaply; the fields themselves decide
    searchFolded: [sql`c.search_text`],
    search: [sql`c.message`, sql`c.from_name`],
    order: {
      columns: { created_time: sql`c.created_time` },
      tieBreaker: sql`c.id`,
      notNull: ['created_time'],
    },
    map: (r) => {
      const job = replyJob(r);
      return {
        id: r.id,
        external_id: r.external_id,
        from_id: r.from_id,
        from_name: r.from_name,
        platform: r.platform,
        message: r.message,
        outcome: r.outcome ? COMMENT_OUTCOME_NAMES[r.outcome] : null,
        reason: r.outcome_reason,
        order_number: r.order_number,
        // The custom reply that answered it, alone or with what it ordered.
        answered: job?.answer ? { id: job.answer.id, name: job.answer.name } : null,
        reply: replyOf(ctx, r, job),
        created_time: toIso(r.created_time) ?? '',
      };
    },
  };
  return runList(ctx.db, list, q);
}
