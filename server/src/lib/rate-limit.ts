/**
 * A fixed-window counter per key, in memory. Sign-in and the public auth calls are limited per IP
 * and per e-mail. Several server processes each keep their own counters (see docs/decisions.md).
 */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private max: number,
    private windowMs: number,
  ) {}

  /** Counts one hit for each key; false when any key is over its limit. */
  hit(keys: string[], now = Date.now()): boolean {
    let allowed = true;
    for (const key of keys) {
      let entry = this.hits.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { count: 0, resetAt: now + this.windowMs };
        this.hits.set(key, entry);
      }
      entry.count += 1;
      if (entry.count > this.max) allowed = false;
    }
    if (this.hits.size > 50_000) this.prune(now);
    return allowed;
  }

  /** True when any key has used up its attempts in the current window (counts nothing). */
  blocked(keys: string[], now = Date.now()): boolean {
    return keys.some((key) => {
      const entry = this.hits.get(key);
      return !!entry && entry.resetAt > now && entry.count >= this.max;
    });
  }

  private prune(now: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}
