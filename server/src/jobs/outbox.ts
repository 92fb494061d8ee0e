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

export interface OutboxRow {
  id: number;
  kind: string;
  dedupe_key: string;
  payload: unknown;
  attempts: number;
}

export type OutboxHandler = (payload: any, row: OutboxRow) => Promise<void>;

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

  constructor(
    private database: Database,
    private handlers: Record<string, OutboxHandler>,
    private log: FastifyBaseLogger,
    private pollMs = 1000,
  ) {}

  /** Claims due rows and performs them; returns how many were processed. */
  async runOnce(batch = 20): Promise<number> {
    const claimed = await this.database.raw<OutboxRow>(
      `UPDATE outbox SET locked_until = now() + interval '${LOCK_SECONDS} seconds', attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM outbox
         WHERE status = 'pending' AND run_at <= now() AND (locked_until IS NULL OR locked_until < now())
         ORDER BY run_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, dedupe_key, payload, attempts`,
      [batch],
    );
    for (const row of claimed) await this.perform(row);
    return claimed.length;
  }

  /** Processes until nothing is due (tests, shutdown). */
  async drain(): Promise<void> {
    while ((await this.runOnce()) > 0) {}
  }

  private async perform(row: OutboxRow) {
    const handler = this.handlers[row.kind];
    try {
      if (!handler) throw new Error(`No outbox handler for ${row.kind}`);
      await handler(row.payload, row);
      await this.database.raw(
        `UPDATE outbox SET status = 'done', done_at = now(), locked_until = NULL, last_error = NULL WHERE id = $1`,
        [row.id],
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const dead = row.attempts >= MAX_ATTEMPTS;
      this.log.warn(
        { outboxId: row.id, kind: row.kind, attempts: row.attempts, dead, err: message },
        'outbox job failed',
      );
      await this.database.raw(
        `UPDATE outbox SET status = $2, last_error = $3, locked_until = NULL,
           run_at = now() + ($4 || ' seconds')::interval WHERE id = $1`,
        [row.id, dead ? 'dead' : 'pending', message.slice(0, 2000), String(backoffSeconds(row.attempts))],
      );
    }
  }

  /** Runs in the background: woken by NOTIFY after a commit, and by a poll for retries. */
  async start() {
    this.stopListening = await this.database.listen('outbox', () => this.wake?.());
    const loop = async () => {
      if (this.running) return;
      this.running = true;
      try {
        while ((await this.runOnce()) > 0) {}
      } catch (err) {
        this.log.error({ err }, 'outbox worker');
      } finally {
        this.running = false;
      }
    };
    this.wake = () => void loop();
    this.timer = setInterval(() => void loop(), this.pollMs);
    void loop();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.wake = null;
    await this.stopListening?.();
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }
}
