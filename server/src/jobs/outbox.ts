import type { TLocale } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import type { TemplateData, TemplateName } from '../integrations/mail/templates.ts';

/**
 * The transactional outbox: a change writes its side effects (e-mails, private messages,
 * notifications) as rows in the same transaction; a worker performs them after commit, with
 * retries and backoff, and dead-letters a row after MAX_ATTEMPTS. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED`, so any number of server processes can run workers.
 */
export const MAX_ATTEMPTS = 8;
const LOCK_SECONDS = 120;
/** Pause between a NOTIFY waking the worker and its claim of due rows. */
const WAKE_DELAY_MS = 50;
/** Rows claimed (and settled) together. */
const BATCH = 50;

export interface OutboxRow {
  id: number;
  kind: string;
  dedupe_key: string;
  payload: unknown;
  attempts: number;
}

/**
 * Performs one row. A handler may leave a write for later: it answers a value, and its `settle`
 * writes the values of a whole claimed batch at once (one statement instead of one per row)
 * before the rows are marked done; when `settle` fails, those rows fail (and are retried).
 */
export type OutboxHandler = ((payload: any, row: OutboxRow) => Promise<unknown>) & {
  settle?: (values: unknown[]) => Promise<void>;
};

/** Adds a side effect; a second row with the same dedupe key is ignored (idempotency). */
export async function enqueue(
  db: DbOrTx,
  job: { kind: string; dedupeKey: string; payload: unknown; runAt?: Date },
): Promise<void> {
  await db
    .insert(outbox)
    .values({
      kind: job.kind,
      dedupe_key: job.dedupeKey,
      payload: job.payload,
      run_at: job.runAt ?? new Date(),
    })
    .onConflictDoNothing();
  await db.execute(sql`SELECT pg_notify('outbox', ${job.kind})`);
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

export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopListening: (() => Promise<void>) | null = null;
  private wake: (() => void) | null = null;
  private woken: NodeJS.Timeout | null = null;
  /** Woken while running: look again once done. */
  private rerun = false;

  constructor(
    private database: Database,
    private handlers: Record<string, OutboxHandler>,
    private log: FastifyBaseLogger,
    private pollMs = 1000,
  ) {}

  /**
   * Claims due rows (up to `batch`, one statement), performs them one after another, lets the
   * handlers write what they deferred, and settles them all with one statement.
   */
  async runOnce(batch = BATCH): Promise<number> {
    const claimed = await this.database.raw<OutboxRow>(
      `UPDATE outbox SET locked_until = now() + interval '${LOCK_SECONDS} seconds', attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM outbox
         WHERE status = 'pending' AND run_at <= now() AND (locked_until IS NULL OR locked_until < now())
         ORDER BY run_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, dedupe_key, payload, attempts`,
      [batch],
    );
    if (!claimed.length) return 0;
    claimed.sort((a, b) => Number(a.id) - Number(b.id));
    const outcomes = new Map<OutboxRow, string | null>();
    const deferred = new Map<OutboxHandler, { rows: OutboxRow[]; values: unknown[] }>();
    for (const row of claimed) {
      const handler = this.handlers[row.kind];
      try {
        if (!handler) throw new Error(`No outbox handler for ${row.kind}`);
        const value = await handler(row.payload, row);
        if (handler.settle && value !== undefined) {
          const group = deferred.get(handler) ?? { rows: [], values: [] };
          group.rows.push(row);
          group.values.push(value);
          deferred.set(handler, group);
        }
        outcomes.set(row, null);
      } catch (err) {
        outcomes.set(row, err instanceof Error ? err.message : String(err));
      }
    }
    for (const [handler, group] of deferred) {
      try {
        await handler.settle?.(group.values);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        for (const row of group.rows) outcomes.set(row, message);
      }
    }
    const settled = [...outcomes].map(([row, error]) => {
      if (error === null) return { id: row.id, status: 'done', error: null, backoff: 0 };
      const dead = row.attempts >= MAX_ATTEMPTS;
      this.log.warn(
        { outboxId: row.id, kind: row.kind, attempts: row.attempts, dead, err: error },
        'outbox job failed',
      );
      return {
        id: row.id,
        status: dead ? 'dead' : 'pending',
        error: error.slice(0, 2000),
        backoff: backoffSeconds(row.attempts),
      };
    });
    await this.database.raw(
      `UPDATE outbox o SET status = v.status, locked_until = NULL, last_error = v.error,
         done_at = CASE WHEN v.status = 'done' THEN now() ELSE o.done_at END,
         run_at = CASE WHEN v.status = 'done' THEN o.run_at ELSE now() + make_interval(secs => v.backoff) END
       FROM jsonb_to_recordset($1::jsonb) AS v(id bigint, status text, error text, backoff integer)
       WHERE o.id = v.id`,
      [JSON.stringify(settled)],
    );
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
