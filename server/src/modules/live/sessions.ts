import type {
  TLiveSession,
  TLiveSessionBody,
  TLiveSessionDetail,
  TLiveSessionList,
  TLiveSessionListQuery,
} from '@livecart/contract/live';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Ctx, withDb } from '../../lib/http.ts';
import { type ListDef, runList } from '../../lib/list.ts';
import { inRange, queryRows, toIso } from '../../lib/sql.ts';
import { derivedToken, sha256 } from '../../lib/tokens.ts';
import { shopSettings } from '../settings/service.ts';
import { sellerStore } from '../stores/service.ts';
import { tieLiveVideos } from './capture.ts';
import { exampleComment } from './example-comment.ts';
import { saveSessionStores, sessionSources } from './session-stores.ts';
import { liveSessions } from './tables.ts';

export type SessionRow = typeof liveSessions.$inferSelect;

/** The calling seller's id: every session query is scoped by it. */
export function sellerOf(ctx: Ctx): number {
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
  const store = await sellerStore(ctx.db, sellerId, storeId);
  if (storeId && !store) throw notFound();
  return store?.id ?? null;
}

/**
 * Creates a scheduled session, or updates one that is not closed. A new session without a cart
 * duration takes the shop's default one (settings); an update without one keeps its own. The
 * stores feeding it follow (session-stores.ts).
 */
export async function saveSession(ctx: Ctx, input: TLiveSessionBody): Promise<TLiveSession> {
  const saved = await ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    const timer =
      input.order_timer ?? (input.id ? undefined : (await shopSettings(tx, sellerOf(ctx))).cartDuration);
    const fields = {
      event_date: input.event_date,
      event_time: input.event_time,
      ...(timer !== undefined && { order_timer_minutes: timer }),
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
      await saveSessionStores(tx, row, input);
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
    await saveSessionStores(tx, row, input);
    return toSession(row);
  });
  // A store joining a session already live takes the video live now on it.
  if (saved.status === 'live') await tieLiveVideos(ctx, saved.id);
  return saved;
}

/** One session with its ingest token and URL. */
export async function getSession(ctx: Ctx, id: number): Promise<TLiveSessionDetail> {
  const row = await lockSessionRead(ctx, id);
  return {
    ...toSession(row),
    ingest_token: ingestTokenOf(ctx, row.id),
    ingest_url: `${ctx.config.publicUrl}/api/add-live-messages?sessionId=${row.id}`,
    example_comment: await exampleComment(ctx, row.seller_id),
    sources: await sessionSources(ctx.db, row),
  };
}

export async function lockSessionRead(ctx: Ctx, id: number): Promise<SessionRow> {
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

/**
 * scheduled → live. Then each store feeding it without a live video takes the one live now on its
 * page or Instagram account, if any (read after the commit: the platform's latency holds no lock).
 */
export async function startSession(ctx: Ctx, id: number): Promise<TLiveSession> {
  const started = await ctx.db.transaction(async (tx) => {
    const current = await lockSession(withDb(ctx, tx), id);
    if (current.status !== 'scheduled') throw new AppError('live_session_not_scheduled');
    const [row] = await tx
      .update(liveSessions)
      .set({ status: 'live', started_at: new Date(), updated_at: new Date() })
      .where(eq(liveSessions.id, id))
      .returning();
    return toSession(row);
  });
  await tieLiveVideos(ctx, id);
  return started;
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
  const [page, store] = await Promise.all([runList(ctx.db, list, q), sellerStore(ctx.db, sellerId)]);
  return {
    ...page,
    longTokenError: store?.token_error ?? null,
    expireTokenAt: toIso(store?.token_expires_at),
  };
}

/** A session live now, as the chatbot's "test in a live" lists it. */
export interface LiveSessionNow {
  id: number;
  event_date: string;
  event_time: string;
  started_at: string | null;
  store: { id: number; name: string; platform: string } | null;
}

/** The seller's sessions live now, the first started first, with the store each sells on. */
export async function liveSessionsNow(db: DbOrTx, sellerId: number): Promise<LiveSessionNow[]> {
  const rows = await queryRows<{
    id: number;
    event_date: string;
    event_time: string;
    started_at: Date | string | null;
    store_id: number | null;
    store_name: string | null;
    store_platform: string | null;
  }>(
    db,
    sql`SELECT s.id, s.event_date::text AS event_date, s.event_time::text AS event_time, s.started_at,
               st.id AS store_id, st.name AS store_name, st.platform AS store_platform
          FROM live_sessions s LEFT JOIN stores st ON st.id = s.store_id
         WHERE s.seller_id = ${sellerId} AND s.status = 'live' AND s.deleted_at IS NULL
         ORDER BY s.started_at NULLS LAST, s.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    event_date: r.event_date,
    event_time: hhmm(r.event_time),
    started_at: toIso(r.started_at),
    store:
      r.store_id === null
        ? null
        : { id: r.store_id, name: r.store_name ?? '', platform: r.store_platform ?? '' },
  }));
}
