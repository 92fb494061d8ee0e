import type { FastifyBaseLogger } from 'fastify';
import { type BillingRunDeps, runBilling, type SellerRunResult } from './billing-run.ts';
import { parisMonthOf, previousMonth } from './ledger.ts';

/** How often the scheduler looks at the calendar. */
export const BILLING_TICK_MS = 3600_000;

/**
 * Closes each Paris month: at start, then every hour, when the month has changed since the last
 * run (or the last run left a seller failed), runs the billing of the month before for every
 * seller. Every process may run it: the per-seller claims of the run make each seller's month
 * billed once.
 */
export class BillingScheduler {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<SellerRunResult[]> | null = null;
  /** The month last closed without failures. */
  private closed: string | null = null;

  constructor(
    private deps: () => BillingRunDeps,
    private log: FastifyBaseLogger,
    private intervalMs = BILLING_TICK_MS,
  ) {}

  start() {
    if (this.timer) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref?.();
  }

  private async tick() {
    if (this.current) return;
    const month = previousMonth(parisMonthOf(new Date()));
    if (month === this.closed) return;
    await this.runNow().catch(() => {});
  }

  /** Bills the month before `now`'s for every seller (after a run in progress); answers each seller's outcome. */
  async runNow(now: Date = new Date()): Promise<SellerRunResult[]> {
    while (this.current) await this.current.catch(() => []);
    const month = previousMonth(parisMonthOf(now));
    const run = runBilling(this.deps(), { month, now });
    this.current = run;
    try {
      const results = await run;
      const failed = results.filter((r) => r.outcome === 'failed').length;
      if (!failed) this.closed = month;
      const invoiced = results.filter((r) => r.outcome === 'invoiced').length;
      if (invoiced || failed) this.log.info({ month, invoiced, failed }, 'billing run');
      return results;
    } catch (err) {
      this.log.error({ err, month }, 'billing run');
      throw err;
    } finally {
      this.current = null;
    }
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.current) await this.current.catch(() => []);
  }
}
