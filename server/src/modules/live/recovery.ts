/**
 * Comments stored but never claimed. A post's comments are committed by the ingest, then claimed;
 * a server stopped between the two (crash, kill, deploy) leaves them undecided (`outcome` null).
 * Two ways bring them back, both through `claimComments`, whose claims lock the comment and skip
 * one already decided (so exactly one caller decides each comment):
 * - the capture tool delivers the post again: `ingestComments` answers the undecided rows of its
 *   comments with the new ones, and the post claims them (`recovered` in its answer);
 * - the sweeper here, in every server process: at start-up and every few seconds, the undecided
 *   comments of live sessions stored more than a few seconds ago, claimed session by session in
 *   comment order.
 */
import { eq, getTableColumns, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Ctx } from '../../lib/http.ts';
import { Periodic } from '../../lib/periodic.ts';
import { catalogueVersionSql, claimComments } from './claim.ts';
import { liveComments, liveSessions } from './tables.ts';

type CommentRow = typeof liveComments.$inferSelect;

/** A comment undecided this long after it was stored is swept (a post normally claims in well under a second). */
export const STALE_MS = 5_000;
/** Comments read per sweep round. */
const ROUND = 500;

/**
 * Claims the undecided comments of live sessions stored at least `olderThanMs` ago, oldest
 * session first, each session's in comment order, `ROUND` at a time. Answers the ids of the
 * comments this call decided (not those another caller decided meanwhile).
 */
export async function claimStaleComments(
  database: Pick<Database, 'db' | 'raw'>,
  env: { config: Config; log: FastifyBaseLogger },
  opts: { olderThanMs?: number } = {},
): Promise<number[]> {
  const olderThan = (opts.olderThanMs ?? STALE_MS) / 1000;
  const decided: number[] = [];
  for (;;) {
    // The partial index live_comments_unprocessed_idx holds exactly the undecided comments.
    const ids = await database.raw<{ id: number }>(
      `SELECT c.id FROM live_comments c
       JOIN live_sessions s ON s.id = c.session_id AND s.status = 'live' AND s.deleted_at IS NULL
       WHERE c.processed_at IS NULL AND c.outcome IS NULL
         AND c.received_at <= now() - make_interval(secs => $1)
       ORDER BY c.session_id, c.created_time, c.id
       LIMIT $2`,
      [olderThan, ROUND],
    );
    if (!ids.length) return decided;
    const rows = await database.db
      .select()
      .from(liveComments)
      .where(
        inArray(
          liveComments.id,
          ids.map((r) => Number(r.id)),
        ),
      );
    const bySession = new Map<number, CommentRow[]>();
    for (const row of rows) {
      const list = bySession.get(row.session_id) ?? [];
      list.push(row);
      bySession.set(row.session_id, list);
    }
    let round = 0;
    for (const [sessionId, comments] of bySession) {
      const [session] = await database.db
        .select({
          ...getTableColumns(liveSessions),
          catalogue_version: catalogueVersionSql(liveSessions.seller_id),
        })
        .from(liveSessions)
        .where(eq(liveSessions.id, sessionId));
      if (!session) continue;
      comments.sort((a, b) => a.created_time.getTime() - b.created_time.getTime() || a.id - b.id);
      const ctx: Ctx = { db: database.db, user: null, locale: 'fr', ...env };
      const claimed = await claimComments(ctx, session, comments, session.catalogue_version);
      round += claimed.decided.size;
      decided.push(...claimed.decided);
      if (claimed.decided.size) {
        env.log.info({ sessionId, comments: claimed.decided.size }, 'undecided live comments claimed');
      }
    }
    // A round that decided nothing (every comment taken by another caller, or a claim that cannot
    // even record its failure) ends the sweep; the next one looks again.
    if (ids.length < ROUND || round === 0) return decided;
  }
}

/**
 * Runs `claimStaleComments` at start and every `intervalMs` in the background (like the cart
 * sweeper). Never throws out of its timer (errors are logged); `stop()` waits for a sweep in
 * progress; `sweepNow()` sweeps at once (tests).
 */
export class CommentSweeper {
  private readonly sweeps: Periodic<number[]>;

  constructor(
    private readonly database: Pick<Database, 'db' | 'raw'>,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { intervalMs?: number; olderThanMs?: number } = {},
  ) {
    this.sweeps = new Periodic('comment sweeper', log, () => this.sweep(), {
      intervalMs: opts.intervalMs ?? 2_000,
      atStart: true,
    });
  }

  start() {
    this.sweeps.start();
  }

  /** Claims every stale undecided comment now (after a sweep in progress); answers their ids. */
  sweepNow(opts: { olderThanMs?: number } = {}): Promise<number[]> {
    return this.sweeps.runNow(() => this.sweep(opts.olderThanMs));
  }

  stop() {
    return this.sweeps.stop();
  }

  private sweep(olderThanMs = this.opts.olderThanMs) {
    return claimStaleComments(this.database, { config: this.config, log: this.log }, { olderThanMs });
  }
}
