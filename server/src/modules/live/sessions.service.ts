import { timingSafeEqual } from 'node:crypto';
import type {
  TIngestMessage,
  TIngestResult,
  TLiveComment,
  TLiveCommentListQuery,
  TLiveScenario,
  TLiveSession,
  TLiveSessionBody,
  TLiveSessionDetail,
  TLiveSessionList,
  TLiveSessionListQuery,
} from '@livecart/contract/live';
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Ctx, withDb } from '../../lib/http.ts';
import { type ListDef, runList } from '../../lib/list.ts';
import { inRange, queryRows, toIso } from '../../lib/sql.ts';
import { derivedToken, sha256 } from '../../lib/tokens.ts';
import { stores } from '../stores/tables.ts';
import { catalogueVersionSql, claimComments } from './claim.ts';
import { screenComments } from './comment-text.ts';
import { type PrivateReplyJob, privateReplyText } from './replies.ts';
import { type liveComments, liveSessions } from './tables.ts';

type SessionRow = typeof liveSessions.$inferSelect;
type CommentRow = typeof liveComments.$inferSelect;

/** The calling seller's id: every session query is scoped by it. */
function sellerOf(ctx: Ctx): number {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user.id;
}

// ---------------------------------------------------------------------------------------------
// Ingest token

/**
 * The session's ingest token. Derived (HMAC of the server secret) rather than random so the
 * seller can be shown it again while only its SHA-256 is stored (docs/decisions.md).
 */
export const ingestTokenOf = (ctx: Ctx, sessionId: number) =>
  derivedToken(ctx.config.authSecret, `ingest:${sessionId}`);

// ---------------------------------------------------------------------------------------------
// Sessions

const hhmm = (t: string) => t.slice(0, 5);

function toSession(r: SessionRow): TLiveSession {
  return {
    id: r.id,
    status: r.status,
    closed: r.closed,
    event_date: r.event_date,
    event_time: hhmm(r.event_time),
    order_timer: r.order_timer_minutes,
    scenario: r.scenario,
    store_id: r.store_id,
    participants: r.participants,
    started_at: toIso(r.started_at),
    stopped_at: toIso(r.stopped_at),
    created_at: toIso(r.created_at) ?? '',
    updated_at: toIso(r.updated_at) ?? '',
  };
}

/** The seller's session (not removed), locked when `ctx.db` is a transaction; any other id is 404. */
async function lockSession(ctx: Ctx, id: number): Promise<SessionRow> {
  const [row] = await ctx.db
    .select()
    .from(liveSessions)
    .where(
      and(
        eq(liveSessions.id, id),
        eq(liveSessions.seller_id, sellerOf(ctx)),
        isNull(liveSessions.deleted_at),
      ),
    )
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** The store a session goes live on: the one given (must be the seller's), else the selected one. */
async function storeFor(ctx: Ctx, storeId: number | null | undefined): Promise<number | null> {
  const sellerId = sellerOf(ctx);
  if (storeId) {
    const [row] = await ctx.db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.id, storeId), eq(stores.seller_id, sellerId)));
    if (!row) throw notFound();
    return row.id;
  }
  const [selected] = await ctx.db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.seller_id, sellerId), eq(stores.selected, true)));
  return selected?.id ?? null;
}

/** Creates a scheduled session, or updates one that is not closed. */
export async function saveSession(ctx: Ctx, input: TLiveSessionBody): Promise<TLiveSession> {
  return ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    const fields = {
      event_date: input.event_date,
      event_time: input.event_time,
      order_timer_minutes: input.order_timer,
      ...(input.scenario !== undefined && { scenario: input.scenario }),
    };
    if (input.id) {
      const current = await lockSession(t, input.id);
      if (current.closed || current.status === 'closed') throw new AppError('live_session_closed');
      const storeId = input.store_id === undefined ? current.store_id : await storeFor(t, input.store_id);
      const [row] = await tx
        .update(liveSessions)
        .set({ ...fields, store_id: storeId, updated_at: new Date() })
        .where(eq(liveSessions.id, current.id))
        .returning();
      return toSession(row);
    }
    const storeId = await storeFor(t, input.store_id);
    const [created] = await tx
      .insert(liveSessions)
      .values({ ...fields, seller_id: sellerOf(ctx), store_id: storeId })
      .returning();
    const [row] = await tx
      .update(liveSessions)
      .set({ ingest_token_hash: sha256(ingestTokenOf(ctx, created.id)) })
      .where(eq(liveSessions.id, created.id))
      .returning();
    return toSession(row);
  });
}

/** One session with its ingest token and URL. */
export async function getSession(ctx: Ctx, id: number): Promise<TLiveSessionDetail> {
  const row = await lockSessionRead(ctx, id);
  return {
    ...toSession(row),
    ingest_token: ingestTokenOf(ctx, row.id),
    ingest_url: `${ctx.config.publicUrl}/api/add-live-messages?sessionId=${row.id}`,
  };
}

async function lockSessionRead(ctx: Ctx, id: number): Promise<SessionRow> {
  const [row] = await ctx.db
    .select()
    .from(liveSessions)
    .where(
      and(
        eq(liveSessions.id, id),
        eq(liveSessions.seller_id, sellerOf(ctx)),
        isNull(liveSessions.deleted_at),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** scheduled → live. */
export async function startSession(ctx: Ctx, id: number): Promise<TLiveSession> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockSession(withDb(ctx, tx), id);
    if (current.status !== 'scheduled') throw new AppError('live_session_not_scheduled');
    const [row] = await tx
      .update(liveSessions)
      .set({ status: 'live', started_at: new Date(), updated_at: new Date() })
      .where(eq(liveSessions.id, id))
      .returning();
    return toSession(row);
  });
}

/** live or scheduled → closed. Stopping a closed session changes nothing. */
export async function stopSession(ctx: Ctx, id: number): Promise<TLiveSession> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockSession(withDb(ctx, tx), id);
    if (current.status === 'closed') return toSession(current);
    const [row] = await tx
      .update(liveSessions)
      .set({ status: 'closed', closed: true, stopped_at: new Date(), updated_at: new Date() })
      .where(eq(liveSessions.id, id))
      .returning();
    return toSession(row);
  });
}

/** Soft-deletes a session; a live one must be stopped first. */
export async function removeSession(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await lockSession(withDb(ctx, tx), id);
    if (current.status === 'live') throw new AppError('live_session_is_live');
    await tx.update(liveSessions).set({ deleted_at: new Date() }).where(eq(liveSessions.id, id));
  });
}

interface SessionListRow {
  id: number;
  status: TLiveSession['status'];
  closed: boolean;
  event_date: string;
  event_time: string;
  order_timer_minutes: number;
  scenario: string | null;
  store_id: number | null;
  participants: number;
  started_at: Date | string | null;
  stopped_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  ingest_token_hash: string | null;
}

/** Minutes a session ran (until now while live); null before it starts. */
const ranMinutes = sql`(extract(epoch from (coalesce(s.stopped_at, now()) - s.started_at)) / 60)`;

/** The seller's sessions with the selected store's social token state. */
export async function listSessions(ctx: Ctx, q: TLiveSessionListQuery): Promise<TLiveSessionList> {
  const sellerId = sellerOf(ctx);
  const list: ListDef<TLiveSessionListQuery, SessionListRow, TLiveSession> = {
    select: sql`s.id, s.status, s.closed, s.event_date::text AS event_date, s.event_time::text AS event_time,
      s.order_timer_minutes, s.scenario, s.store_id, s.participants, s.started_at, s.stopped_at,
      s.created_at, s.updated_at, s.ingest_token_hash`,
    from: sql`live_sessions s`,
    where: ({ queryFilter: f }) => [
      sql`s.seller_id = ${sellerId}`,
      sql`s.deleted_at IS NULL`,
      f.status && sql`s.status = ${f.status}`,
      ...inRange(sql`s.order_timer_minutes`, f.cart_duration),
      ...(f.duration?.min !== undefined || f.duration?.max !== undefined
        ? [sql`s.started_at IS NOT NULL`, ...inRange(ranMinutes, f.duration)]
        : []),
      f.event_date?.from && sql`s.event_date >= ${f.event_date.from}::date`,
      f.event_date?.to && sql`s.event_date <= ${f.event_date.to}::date`,
    ],
    search: [sql`s.scenario`],
    order: {
      columns: {
        created_at: sql`s.created_at`,
        event_date: sql`(s.event_date + s.event_time)`,
        order_timer: sql`s.order_timer_minutes`,
        status: sql`s.status`,
      },
      tieBreaker: sql`s.id`,
      notNull: ['created_at', 'event_date', 'order_timer', 'status'],
    },
    map: (r) =>
      toSession({
        ...r,
        started_at: r.started_at ? new Date(r.started_at) : null,
        stopped_at: r.stopped_at ? new Date(r.stopped_at) : null,
        created_at: new Date(r.created_at),
        updated_at: new Date(r.updated_at),
      } as SessionRow),
  };
  const [page, [store]] = await Promise.all([
    runList(ctx.db, list, q),
    ctx.db
      .select({ token_error: stores.token_error, token_expires_at: stores.token_expires_at })
      .from(stores)
      .where(and(eq(stores.seller_id, sellerId), eq(stores.selected, true))),
  ]);
  return {
    ...page,
    longTokenError: store?.token_error ?? null,
    expireTokenAt: toIso(store?.token_expires_at),
  };
}

/**
 * The chatbot scenarios a session can answer with: the seller's active own ones and the active
 * system ones (a seller's system row overrides the platform default of the same name).
 */
export async function listScenarios(ctx: Ctx): Promise<{ items: TLiveScenario[] }> {
  const sellerId = sellerOf(ctx);
  const items = await queryRows<TLiveScenario & { active: boolean }>(
    ctx.db,
    sql`SELECT * FROM (
          SELECT DISTINCT ON (type, name) id, name, type, active
          FROM chatbot_messages
          WHERE (type = 'users' AND seller_id = ${sellerId})
             OR (type = 'system' AND (seller_id IS NULL OR seller_id = ${sellerId}))
          ORDER BY type, name, seller_id NULLS LAST
        ) AS c
        WHERE c.active
        ORDER BY c.type DESC, c.name`,
  );
  return { items: items.map(({ id, name, type }) => ({ id, name, type })) };
}

// ---------------------------------------------------------------------------------------------
// Comments

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
 * The one ingestion function every source calls (capture tools, simulator, platform adapters).
 * Each comment is screened alone (`comment-text.ts`: message and name cleaned, a comment whose id
 * or time cannot be stored refused), so one bad comment never fails its post. Stores each comment
 * once (UNIQUE(session_id, external_id)); comments of a session that is not live are stored as
 * ignored with the reason. Those of a live session are committed without waiting for their WAL
 * flush: `claimComments` must follow, whose last commit flushes them.
 */
export async function ingestComments(
  ctx: Ctx,
  session: Pick<SessionRow, 'id' | 'seller_id' | 'status'>,
  messages: TIngestMessage[],
): Promise<Ingested> {
  const { kept, refused } = screenComments(messages);
  const unique = [...new Map(kept.map((m) => [m.id, m])).values()];
  if (!unique.length) return { rows: [], stored: 0, redelivered: new Set(), refused };
  // One statement: the rows, the undecided ones delivered again, and the viewers never seen before
  // in the session counted in `participants` (exact under concurrent posts: see
  // live_ingest_comments, migrations 0003 and 0004).
  const rows = unique.map((m) => ({
    external_id: m.id,
    from_id: m.from.id,
    from_name: m.from.name ?? null,
    message: m.message,
    created_time: m.created_time,
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
    social_identity_id: r.social_identity_id === null ? null : Number(r.social_identity_id),
    from_id: r.from_id as string | null,
    from_name: r.from_name as string | null,
    message: r.message as string,
    created_time: toDate(r.created_time) as Date,
    received_at: toDate(r.received_at) as Date,
    processed_at: toDate(r.processed_at),
    outcome: r.outcome as CommentRow['outcome'],
    outcome_reason: r.outcome_reason as string | null,
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

/** Stored outcomes as the contract names them. */
const OUTCOME_NAMES: Record<NonNullable<CommentRow['outcome']>, TLiveComment['outcome']> = {
  cart: 'ordered',
  waiting: 'waiting',
  chatbot: 'ambiguous',
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
  message: string;
  outcome: CommentRow['outcome'];
  outcome_reason: string | null;
  created_time: Date | string;
  order_number: string | null;
  reply_payload: PrivateReplyJob | string | null;
  sent_text: string | null;
  reply_status: 'pending' | 'sent' | 'failed' | null;
}

/**
 * The reply of a comment as the console shows it: the text recorded when it was sent, else the
 * text it will be sent with (rendered from the outbox row, as the worker will).
 */
function replyOf(ctx: Ctx, r: CommentListRow): TLiveComment['reply'] {
  if (!r.reply_payload || !r.reply_status) return null;
  const job = (
    typeof r.reply_payload === 'string' ? JSON.parse(r.reply_payload) : r.reply_payload
  ) as PrivateReplyJob;
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
    // the worker ran, what the platform made of it.
    select: sql`c.id, c.external_id, c.from_id, c.from_name, c.message, c.outcome, c.outcome_reason, c.created_time,
      ob.payload->>'orderNumber' AS order_number, ob.payload AS reply_payload, pr.text AS sent_text,
      CASE WHEN ob.id IS NULL THEN NULL WHEN ob.status = 'dead' THEN 'failed' ELSE coalesce(pr.status, 'pending') END
        AS reply_status`,
    from: sql`live_comments c
      LEFT JOIN outbox ob ON ob.dedupe_key = 'reply:' || c.session_id || ':' || c.external_id
      LEFT JOIN private_replies pr ON pr.live_comment_id = c.id`,
    where: () => [sql`c.session_id = ${session.id}`],
    search: [sql`c.message`, sql`c.from_name`],
    order: {
      columns: { created_time: sql`c.created_time` },
      tieBreaker: sql`c.id`,
      notNull: ['created_time'],
    },
    map: (r) => ({
      id: r.id,
      external_id: r.external_id,
      from_id: r.from_id,
      from_name: r.from_name,
      message: r.message,
      outcome: r.outcome ? OUTCOME_NAMES[r.outcome] : null,
      reason: r.outcome_reason,
      order_number: r.order_number,
      reply: replyOf(ctx, r),
      created_time: toIso(r.created_time) ?? '',
    }),
  };
  return runList(ctx.db, list, q);
}
