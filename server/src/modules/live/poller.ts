/**
 * The polling backstop of the webhooks: while a session is live, the comments of each of its
 * stores' live videos are read every few seconds from where the last read stopped
 * (`comments_cursor`), so a webhook Meta never delivered loses no order. What is read enters the
 * session as every captured comment does (capture.ts): a comment the webhook brought already is
 * stored once.
 *
 * Rows due (`next_poll_at`) are leased with `FOR UPDATE SKIP LOCKED` in one short statement (the
 * lease pushes `next_poll_at` on by {@link LEASE_MS}), so any number of server processes poll, and
 * each video is read by one of them at a time without a transaction held across the Graph call.
 * A rate-limit answer (codes 4, 17, 32, 613, HTTP 429) or an outage backs off exponentially
 * (`poll_failures`, `poll_error`); a token the platform rejects marks the store's `token_error`,
 * which stops the polling of its videos until the seller resynchronises.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Graph } from '../../integrations/social/graph.ts';
import { facebookLiveComments, instagramLiveComments } from '../../integrations/social/live.ts';
import type { Ctx } from '../../lib/http.ts';
import { Periodic } from '../../lib/periodic.ts';
import { markTokenRejected, type StoreAccess, storesAccess } from '../stores/access.ts';
import {
  asStore,
  type CaptureFailure,
  captureFailureOf,
  captureGraph,
  captureIntoSession,
} from './capture.ts';
import type { CapturedMessage } from './comments.ts';

/** Pause between two reads of a video that answered. */
export const POLL_EVERY_MS = 3_000;
/** The longest pause after failures (5 minutes). */
export const MAX_BACKOFF_MS = 5 * 60_000;
/** How long a process holds a due row while it reads it. */
const LEASE_MS = 30_000;
/** Videos read per round. */
const ROUND = 50;
/** Pages of comments read per video per round (100 each). */
const PAGES = 5;

/** The pause after `failures` failures in a row: 3 s, 6 s, 12 s… up to 5 minutes. */
export const backoffMs = (failures: number) => Math.min(MAX_BACKOFF_MS, POLL_EVERY_MS * 2 ** failures);

interface DueRow {
  id: number;
  session_id: number;
  store_id: number;
  video_id: string;
  comments_cursor: string | null;
  poll_failures: number;
}

/** What reading one video came to. */
type Read =
  | { row: DueRow; comments: CapturedMessage[]; cursor: string | null }
  | { row: DueRow; failure: CaptureFailure; store: StoreAccess | undefined };

/** Leases the videos due now of live sessions whose store's token stands. */
async function leaseDue(database: Pick<Database, 'raw'>): Promise<DueRow[]> {
  const rows = await database.raw<DueRow>(
    `WITH due AS (
       SELECT lss.id FROM live_session_stores lss
       JOIN live_sessions s ON s.id = lss.session_id AND s.status = 'live' AND s.deleted_at IS NULL
       JOIN stores st ON st.id = lss.store_id AND st.token_error IS NULL AND NOT st.sandbox
       WHERE lss.video_id IS NOT NULL AND lss.video_status IS DISTINCT FROM 'ended'
         AND (lss.next_poll_at IS NULL OR lss.next_poll_at <= now())
       ORDER BY lss.next_poll_at NULLS FIRST, lss.id
       LIMIT $1 FOR UPDATE OF lss SKIP LOCKED)
     UPDATE live_session_stores lss SET next_poll_at = now() + make_interval(secs => $2)
     FROM due WHERE lss.id = due.id
     RETURNING lss.id, lss.session_id, lss.store_id, lss.video_id, lss.comments_cursor, lss.poll_failures`,
    [ROUND, LEASE_MS / 1000],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), poll_failures: Number(r.poll_failures) }));
}

/** Reads a video's new comments, a few pages at most, from its cursor. */
async function readVideo(
  config: Config,
  graph: Graph,
  row: DueRow,
  store: StoreAccess | undefined,
): Promise<Read> {
  // A store gone or turned sandbox since the lease: nothing to read, tried again later.
  if (!store) return { row, store, failure: { kind: 'refused', reason: 'The store cannot be read' } };
  try {
    return await asStore(config, store, async (token) => {
      const comments: CapturedMessage[] = [];
      let cursor = row.comments_cursor;
      for (let page = 0; page < PAGES; page++) {
        const read =
          store.platform === 'instagram'
            ? await instagramLiveComments(graph, row.video_id, token, cursor)
            : await facebookLiveComments(graph, row.video_id, token, cursor);
        // The store's own comments (the seller answering on the live) order nothing.
        const viewers = read.comments.filter((c) => c.from.id !== store.externalId);
        comments.push(...viewers.map((c) => ({ ...c, platform: store.platform, store_id: store.id })));
        cursor = read.cursor;
        if (!read.more) break;
      }
      return { row, comments, cursor };
    });
  } catch (err) {
    return { row, store, failure: captureFailureOf(err) };
  }
}

/**
 * One round: the due videos read, their comments stored and claimed session by session (a
 * session's stores merged in comment time order), then each video's cursor and next read written.
 * A cursor moves only once what was read before it is stored. Answers how many comments were new.
 */
export async function pollComments(
  database: Pick<Database, 'db' | 'raw'>,
  env: { config: Config; log: FastifyBaseLogger },
): Promise<number> {
  const due = await leaseDue(database);
  if (!due.length) return 0;
  const ctx: Ctx = { db: database.db, user: null, locale: 'fr', ...env };
  const graph = captureGraph(env.config);
  const access = new Map(
    (await storesAccess(database.db, [...new Set(due.map((r) => r.store_id))])).map((s) => [s.id, s]),
  );
  const reads = await Promise.all(
    due.map((row) => readVideo(env.config, graph, row, access.get(row.store_id))),
  );
  const bySession = new Map<number, Read[]>();
  for (const read of reads)
    bySession.set(read.row.session_id, [...(bySession.get(read.row.session_id) ?? []), read]);
  let stored = 0;
  for (const [sessionId, session] of bySession) {
    const messages = session.flatMap((r) => ('comments' in r ? r.comments : []));
    try {
      stored += await captureIntoSession(ctx, sessionId, messages);
    } catch (err) {
      // Nothing moves: the lease runs out and the same comments are read again.
      env.log.error({ err, sessionId }, 'polled comments not stored');
      continue;
    }
    for (const read of session) await settle(ctx, read);
  }
  return stored;
}

/** Writes what reading one video came to: its cursor and next read, or the failure and back-off. */
async function settle(ctx: Ctx, read: Read) {
  const { row } = read;
  if ('comments' in read) {
    await ctx.db.execute(
      sql`UPDATE live_session_stores SET comments_cursor = ${read.cursor}, polled_at = now(), poll_failures = 0,
            poll_error = NULL, next_poll_at = now() + make_interval(secs => ${POLL_EVERY_MS / 1000}), updated_at = now()
          WHERE id = ${row.id}`,
    );
    return;
  }
  const { failure, store } = read;
  if (failure.kind === 'token' && store) await markTokenRejected(ctx.db, store, failure.tokenError);
  const failures = row.poll_failures + 1;
  ctx.log.warn(
    { sessionId: row.session_id, storeId: row.store_id, reason: failure.reason },
    'live comments not read',
  );
  await ctx.db.execute(
    sql`UPDATE live_session_stores SET poll_failures = ${failures}, poll_error = ${failure.reason.slice(0, 255)},
          polled_at = now(), next_poll_at = now() + make_interval(secs => ${backoffMs(failures) / 1000}),
          updated_at = now()
        WHERE id = ${row.id}`,
  );
}

/**
 * Runs {@link pollComments} every `intervalMs` in the background (like the comment sweeper). Never
 * throws out of its timer (errors are logged); `stop()` waits for a round in progress; `pollNow()`
 * runs a round at once (tests).
 */
export class CommentPoller {
  private readonly rounds: Periodic<number>;

  constructor(
    database: Pick<Database, 'db' | 'raw'>,
    config: Config,
    log: FastifyBaseLogger,
    opts: { intervalMs?: number } = {},
  ) {
    this.rounds = new Periodic('comment poller', log, () => pollComments(database, { config, log }), {
      intervalMs: opts.intervalMs ?? 1_000,
      atStart: true,
    });
  }

  start() {
    this.rounds.start();
  }

  /** Reads every due video now (after a round in progress); answers how many comments were new. */
  pollNow(): Promise<number> {
    return this.rounds.runNow();
  }

  stop() {
    return this.rounds.stop();
  }
}
