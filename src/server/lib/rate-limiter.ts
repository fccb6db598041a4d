import { AppError } from './app-error';

/**
 * A fixed-window counter per key, in memory. Enough for one instance; with several instances
 * each enforces its own limit (the per-instance limit still bounds guessing per instance).
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  retryAfter(key: string): number {
    const entry = this.hits.get(key);
    const t = this.now();
    if (!entry || entry.resetAt <= t) return 0;
    return entry.count >= this.max ? Math.ceil((entry.resetAt - t) / 1000) : 0;
  }

  /**
   * Checks and counts in one synchronous step: 0 when the attempt is allowed (and now
   * counted), otherwise the seconds to wait (and nothing is counted). Callers count before
   * any await, so concurrent attempts can never all pass a check made before any of them
   * was counted.
   */
  consume(key: string): number {
    const wait = this.retryAfter(key);
    if (wait > 0) return wait;
    this.hit(key);
    return 0;
  }

  hit(key: string): void {
    const t = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= t) {
      this.hits.set(key, { count: 1, resetAt: t + this.windowMs });
      if (this.hits.size > 50_000) this.prune(t);
    } else {
      entry.count += 1;
    }
  }

  /** Takes back one counted attempt (one that turned out not to count, e.g. a success). */
  refund(key: string): void {
    const entry = this.hits.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(t: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= t) this.hits.delete(k);
  }
}

/** The 429 of every limit: '<what>. Please try again in N minute(s).' */
export function tooManyAttempts(what: string, retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    429,
    `${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}
