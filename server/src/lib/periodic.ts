import type { FastifyBaseLogger } from 'fastify';

/**
 * A background job run every `intervalMs`, one run at a time (the cart sweeper, the comment
 * sweeper, the comment poller). A tick while a run is in progress is skipped; a run's error is
 * logged under `name` and never thrown out of the timer. `runNow` waits for a run in progress and
 * then runs at once (tests, and callers that need the job done now); `stop` clears the timer and
 * waits for a run in progress.
 */
export class Periodic<T> {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<T> | null = null;

  constructor(
    private readonly name: string,
    private readonly log: FastifyBaseLogger,
    private readonly job: () => Promise<T>,
    private readonly opts: { intervalMs: number; atStart?: boolean },
  ) {}

  start() {
    if (this.timer) return;
    const tick = () => {
      if (!this.current) void this.runNow().catch(() => {});
    };
    this.timer = setInterval(tick, this.opts.intervalMs);
    this.timer.unref?.();
    if (this.opts.atStart) tick();
  }

  /** Runs `job` (by default the periodic one) after a run in progress; answers what it answered. */
  async runNow(job: () => Promise<T> = this.job): Promise<T> {
    await this.settled();
    const run = job();
    this.current = run;
    try {
      return await run;
    } catch (err) {
      this.log.error({ err }, this.name);
      throw err;
    } finally {
      this.current = null;
    }
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.settled();
  }

  private async settled() {
    while (this.current) await this.current.catch(() => undefined);
  }
}
