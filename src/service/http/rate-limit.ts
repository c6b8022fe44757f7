import type { Clock } from '../clock';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the current window ends (at least 1). */
  resetSeconds: number;
}

const WINDOW_MS = 60_000;

/** Fixed one-minute windows per key: the first request opens a window, which allows `limit` requests. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly clock: Clock,
  ) {}

  /** Counts one request for `key` and says whether it may proceed. */
  hit(key: string): RateDecision {
    const now = this.clock.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= WINDOW_MS) {
      if (this.windows.size > 10_000) this.prune(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000)),
    };
  }

  /** Whole seconds until `key` may try again when its window is used up; null while it has room. Counts nothing. */
  exhausted(key: string): number | null {
    const now = this.clock.now();
    const window = this.windows.get(key);
    if (!window || now - window.start >= WINDOW_MS || window.count < this.limit) return null;
    return Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= WINDOW_MS) this.windows.delete(key);
  }
}
