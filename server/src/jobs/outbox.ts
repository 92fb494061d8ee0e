import type { TLocale } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../db/client.ts';
import type { TemplateData, TemplateName } from '../integrations/mail/templates.ts';

/**
 * The transactional outbox: a change writes its side effects (e-mails, private messages,
 * notifications) as rows in the same transaction; a worker performs them after commit, with
 * retries and backoff, and dead-letters a row after MAX_ATTEMPTS. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED`, so any number of server processes can run workers.
 *
 * A claim is a short lease (`locked_until`, {@link LEASE_MS}) that the worker renews while it
 * works, so the rows of a worker that died (crash, kill, deploy) are taken again within seconds.
 * Rows are settled a few at a time as they are done, which clears the lease; a row claimed while
 * `locked_until` is still set is thus *uncertain*: its previous attempt never settled (its worker
 * died, maybe after the effect) or settled without knowing whether the effect happened (a handler
 * error marked `uncertain`, such as a timeout, leaves `locked_until` set; so does any failed
 * attempt of an uncertain row, until one succeeds). Its handler is told
 * (`row.uncertain`) and checks before doing it again (a private reply asks the platform whether
 * the comment was already answered).
 */
export const MAX_ATTEMPTS = 8;
/** How long a claim holds a row unless renewed; a dead worker's rows are taken again after it. */
export const LEASE_MS = 10_000;
/** Pause between a NOTIFY waking the worker and its claim of due rows. */
const WAKE_DELAY_MS = 50;
/** Rows claimed together. */
const BATCH = 50;
/**
 * Rows done are settled (and their deferred writes made) in groups of at most this many (a whole
 * claim when its handlers are quick: a live's replies in the sandbox, two statements per 50 rows
 * instead of per 10)…
 */
const SETTLE_ROWS = BATCH;
/** …or as soon as the oldest of a group has waited this long. */
const SETTLE_MS = 250;

export interface OutboxRow {
  id: number;
  kind: string;
  dedupe_key: string;
  payload: unknown;
  attempts: number;
  /** An earlier attempt may have had its effect without it being recorded: check before redoing it. */
  uncertain: boolean;
}

/**
 * Performs one row. A handler may leave a write for later: it answers a value, and its `settle`
 * writes the values of a group of rows at once (one statement instead of one per row) before the
 * rows are marked done; when `settle` fails, those rows fail (and are retried, as uncertain). A
 * handler error with `uncertain: true` means the effect may have happened all the same.
 */
export type OutboxHandler = ((payload: any, row: OutboxRow) => Promise<unknown>) & {
  settle?: (values: unknown[]) => Promise<void>;
};

/** Adds a side effect; a second row with the same dedupe key is ignored (idempotency). */
export async function enqueue(
  db: DbOrTx,
  job: { kind: string; dedupeKey: string; payload: unknown; runAt?: Date },
): Promise<void> {
  await db.execute(
    sql`SELECT jobs_enqueue(${job.kind}, ${job.dedupeKey}, ${JSON.stringify(job.payload)}::jsonb,
          ${(job.runAt ?? new Date()).toISOString()}::timestamptz), pg_notify('outbox', ${job.kind})`,
  );
}

/**
 * Makes these jobs due again as new (no attempt counted, no lease, no last error), whatever they
 * became: a private reply refused for a token that was since renewed is sent once more. Answers
 * how many rows there were.
 */
export async function requeue(db: DbOrTx, kind: string, dedupeKeys: string[]): Promise<number> {
  if (!dedupeKeys.length) return 0;
  const result = await db.execute(
    sql`UPDATE outbox SET status = 'pending', attempts = 0, run_at = now(), locked_until = NULL,
          last_error = NULL, done_at = NULL
        WHERE kind = ${kind} AND dedupe_key IN (${sql.join(
          dedupeKeys.map((k) => sql`${k}`),
          sql`, `,
        )})
        RETURNING id`,
  );
  const count = (result as unknown as { rows: unknown[] }).rows.length;
  if (count) await db.execute(sql`SELECT pg_notify('outbox', ${kind})`);
  return count;
}

export interface MailJob<K extends TemplateName = TemplateName> {
  to: string;
  template: K;
  locale: TLocale;
  data: TemplateData[K];
  attachments?: { filename: string; contentType: string; storageKey: string }[];
}

/** Queues an e-mail rendered from a template when it is sent. */
export function enqueueMail<K extends TemplateName>(db: DbOrTx, dedupeKey: string, mail: MailJob<K>) {
  return enqueue(db, { kind: 'mail', dedupeKey, payload: mail });
}

const backoffSeconds = (attempts: number) => Math.min(3600, 2 ** attempts * 5);

/** What became of a performed row, until it is settled. */
export interface Done {
  row: OutboxRow;
  handler: OutboxHandler | undefined;
  value: unknown;
  error: string | null;
  uncertain: boolean;
}

export interface OutboxWorkerOptions {
  /** Pause between polls for due rows (retries, missed wakes). */
  pollMs?: number;
  /** Lease of a claim ({@link LEASE_MS}); renewed every third of it while the worker works. */
  leaseMs?: number;
}

export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopListening: (() => Promise<void>) | null = null;
  private wake: (() => void) | null = null;
  private woken: NodeJS.Timeout | null = null;
  /** Woken while running: look again once done. */
  private rerun = false;
  private pollMs: number;
  private leaseMs: number;

  constructor(
    private database: Database,
    private handlers: Record<string, OutboxHandler>,
    private log: FastifyBaseLogger,
    opts: OutboxWorkerOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 1000;
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
  }

  /**
   * Claims up to `batch` due rows (one statement): leased for `leaseMs`, attempts counted, each
   * marked uncertain when its previous claim was never settled. `only`: just these rows, when due
   * (a test's own rows on a database other tests share).
   */
  async claim(batch = BATCH, only?: number[]): Promise<OutboxRow[]> {
    const rows = await this.database.raw<OutboxRow>(
      `WITH due AS (
         SELECT id, locked_until IS NOT NULL AS uncertain FROM outbox
         WHERE status = 'pending' AND run_at <= now() AND (locked_until IS NULL OR locked_until < now())
           AND ($3::bigint[] IS NULL OR id = ANY ($3::bigint[]))
         ORDER BY run_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
       UPDATE outbox o SET locked_until = now() + make_interval(secs => $2), attempts = o.attempts + 1
       FROM due WHERE o.id = due.id
       RETURNING o.id, o.kind, o.dedupe_key, o.payload, o.attempts, due.uncertain`,
      [batch, this.leaseMs / 1000, only ?? null],
    );
    return rows
      .map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }))
      .sort((a, b) => a.id - b.id);
  }

  /** Runs one claimed row's handler; nothing is recorded until {@link settle}. */
  async perform(row: OutboxRow): Promise<Done> {
    const handler = this.handlers[row.kind];
    try {
      if (!handler) throw new Error(`No outbox handler for ${row.kind}`);
      const value = await handler(row.payload, row);
      return { row, handler, value, error: null, uncertain: false };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      // An uncertain row stays so until an attempt succeeds (this one may have failed checking).
      const uncertain = row.uncertain || (err as { uncertain?: unknown } | null)?.uncertain === true;
      return { row, handler, value: undefined, error, uncertain };
    }
  }

  /**
   * Records what a group of performed rows became: the handlers' deferred writes (one statement
   * per handler), then the rows (one statement) — done, or pending again with backoff, or dead.
   * Only rows still held by this claim are touched: a row another worker claimed since (its lease
   * ran out) has a higher attempt count.
   */
  async settle(group: Done[]): Promise<void> {
    const deferred = new Map<OutboxHandler, Done[]>();
    for (const d of group) {
      if (d.error !== null || !d.handler?.settle || d.value === undefined) continue;
      deferred.set(d.handler, [...(deferred.get(d.handler) ?? []), d]);
    }
    for (const [handler, done] of deferred) {
      try {
        await handler.settle?.(done.map((d) => d.value));
      } catch (err) {
        // The effects happened but were not recorded: the next attempt checks before redoing them.
        const message = err instanceof Error ? err.message : String(err);
        for (const d of done) Object.assign(d, { error: message, uncertain: true });
      }
    }
    const settled = group.map(({ row, error, uncertain }) => {
      if (error === null)
        return { id: row.id, attempts: row.attempts, status: 'done', error: null, backoff: 0 };
      const dead = row.attempts >= MAX_ATTEMPTS;
      this.log.warn(
        { outboxId: row.id, kind: row.kind, attempts: row.attempts, dead, err: error },
        'outbox job failed',
      );
      return {
        id: row.id,
        attempts: row.attempts,
        status: dead ? 'dead' : 'pending',
        error: error.slice(0, 2000),
        backoff: backoffSeconds(row.attempts),
        uncertain,
      };
    });
    await this.database.raw(
      `UPDATE outbox o SET status = v.status, last_error = v.error,
         locked_until = CASE WHEN v.status = 'pending' AND v.uncertain THEN now() END,
         done_at = CASE WHEN v.status = 'done' THEN now() ELSE o.done_at END,
         run_at = CASE WHEN v.status = 'done' THEN o.run_at ELSE now() + make_interval(secs => v.backoff) END
       FROM jsonb_to_recordset($1::jsonb)
         AS v(id bigint, attempts integer, status text, error text, backoff integer, uncertain boolean)
       WHERE o.id = v.id AND o.attempts = v.attempts`,
      [JSON.stringify(settled)],
    );
  }

  /**
   * Claims due rows (up to `batch`; `only` these, see {@link claim}), performs them one after
   * another and settles them in small groups as they are done, renewing the lease of those not
   * settled yet. Answers how many it took.
   */
  async runOnce(batch = BATCH, only?: number[]): Promise<number> {
    const claimed = await this.claim(batch, only);
    if (!claimed.length) return 0;
    const held = new Map(claimed.map((r) => [r.id, r]));
    let renewal: Promise<unknown> = Promise.resolve();
    const renew = setInterval(() => {
      const rows = [...held.values()];
      if (!rows.length) return;
      renewal = this.database
        .raw(
          `UPDATE outbox o SET locked_until = now() + make_interval(secs => $3)
           FROM unnest($1::bigint[], $2::int[]) AS v(id, attempts)
           WHERE o.id = v.id AND o.attempts = v.attempts`,
          [rows.map((r) => r.id), rows.map((r) => r.attempts), this.leaseMs / 1000],
        )
        .catch((err) => this.log.error({ err }, 'outbox lease not renewed'));
    }, this.leaseMs / 3);
    const settle = async (group: Done[]) => {
      for (const d of group) held.delete(d.row.id);
      await renewal;
      await this.settle(group);
    };
    try {
      let group: Done[] = [];
      let since = 0;
      for (const row of claimed) {
        group.push(await this.perform(row));
        if (group.length === 1) since = performance.now();
        if (group.length >= SETTLE_ROWS || performance.now() - since >= SETTLE_MS) {
          await settle(group);
          group = [];
        }
      }
      if (group.length) await settle(group);
    } finally {
      clearInterval(renew);
    }
    return claimed.length;
  }

  /** Processes until nothing is due (tests, shutdown). */
  async drain(): Promise<void> {
    while ((await this.runOnce()) > 0) {}
  }

  /** Runs in the background: woken by NOTIFY after a commit, and by a poll for retries. */
  async start() {
    this.stopListening = await this.database.listen('outbox', () => this.wake?.());
    // Full batches are taken back to back; after a partial one the worker waits for the next wake
    // (a NOTIFY, a moment later) or the poll, so a steady stream is taken in batches, not row by row.
    const loop = async () => {
      if (this.running) {
        this.rerun = true;
        return;
      }
      this.running = true;
      try {
        while ((await this.runOnce(BATCH)) >= BATCH) {}
      } catch (err) {
        this.log.error({ err }, 'outbox worker');
      } finally {
        this.running = false;
        if (this.rerun) {
          this.rerun = false;
          this.wake?.();
        }
      }
    };
    // Woken by a commit, the worker waits a moment so the rows committed meanwhile (a live sends
    // hundreds of replies a second) are claimed and settled together.
    this.wake = () => {
      this.woken ??= setTimeout(() => {
        this.woken = null;
        void loop();
      }, WAKE_DELAY_MS);
    };
    this.timer = setInterval(() => void loop(), this.pollMs);
    void loop();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.wake = null;
    if (this.woken) clearTimeout(this.woken);
    this.woken = null;
    await this.stopListening?.();
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }
}
