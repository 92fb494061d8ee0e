import type { Database } from '../../db/client.ts';
import { type Limit, RateLimiter } from './rate-limit.ts';

/**
 * How sign-in attempts are limited (counters shared by every process, see rate-limit.ts):
 * - per client address and per (e-mail, address): at most `max` failures a window, counted
 *   before the password is checked, so concurrent guesses cannot slip past; a success gives its
 *   attempt back, so a crowd signing in from one address is never blocked;
 * - per e-mail from anywhere: past `max` failures each new attempt waits longer (1 s … 5 min),
 *   never a lock-out; and not at all from an address the owner signed in from in the last 30
 *   days, so guesses from elsewhere never keep the owner out. The restore-password e-mail always
 *   works as another way in.
 */
export class SignInAttempts {
  private readonly counts: RateLimiter;
  private readonly known: RateLimiter;

  constructor(database: Database, limit: Limit) {
    this.counts = new RateLimiter(database.db, limit);
    this.known = new RateLimiter(database.db, { max: 1, windowMs: 30 * 24 * 3600_000 });
  }

  /** Runs `check` (the password check) only when the attempt is within the limits; null = refused. */
  async attempt<T>(
    email: string,
    ip: string,
    check: () => Promise<T | null>,
  ): Promise<{ result: T | null } | null> {
    const hard = [`signin:ip:${ip}`, `signin:pair:${email}|${ip}`];
    const everywhere = `signin:email:${email}`;
    const knownAddress = `signin:known:${email}|${ip}`;
    if (!(await this.counts.take(hard))) return null;
    if (!(await this.known.seen(knownAddress))) {
      const slow = await this.counts.slowDown(everywhere);
      if (!slow.allowed) {
        await this.counts.give(hard);
        return null;
      }
    }
    const result = await check();
    if (result !== null) {
      await this.counts.give(hard);
      await this.counts.clear([everywhere]);
      await this.known.mark(knownAddress);
    }
    return { result };
  }
}
