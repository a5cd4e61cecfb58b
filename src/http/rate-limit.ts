// A fixed-window limiter in memory, for login attempts keyed by e-mail and by address.
// One process's view only; behind several API processes use a shared store (documented in the README).
import { AppError } from '../lib/errors.js';

export class WindowLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly limit: number, private readonly windowMs: number) {}

  /** Counts a hit; throws 429 with Retry-After once the key is over its limit. */
  hit(key: string, now = Date.now()): void {
    if (this.hits.size > 50_000) this.sweep(now);
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, entry);
    }
    entry.count++;
    if (entry.count > this.limit) {
      const retryAfter = Math.max(1, Math.ceil((entry.resetAt - now) / 1000));
      throw new AppError(429, 'rate_limited', `Too many attempts; retry in ${retryAfter} s`, undefined, { 'retry-after': String(retryAfter) });
    }
  }

  private sweep(now: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}
