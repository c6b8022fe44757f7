import type { Clock } from '../../clock';
import type { Store } from '../../store/store';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the current window ends (at least 1). */
  resetSeconds: number;
}

const WINDOW_MS = 60_000;

interface Window {
  start: number;
  count: number;
}

/**
 * Where windows are counted when other replicas share the database: one atomic upsert per hit, so
 * the limit holds across them (see RateWindowsRepo).
 */
export interface SharedWindows {
  hit(key: string, now: number, windowMs: number): Promise<{ count: number; windowStart: number }>;
}

/**
 * Fixed one-minute windows per key: the first request opens a window, which allows `limit` requests.
 * With `shared` windows (PostgreSQL, where other replicas may run) they are counted in the database
 * under `${scope}:${key}`; otherwise (SQLite, one process) in memory, without a promise per request.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly clock: Clock,
    private readonly shared: { windows: SharedWindows; scope: string } | null = null,
  ) {}

  /** Whether hits go to the database (then only the async methods count). */
  get isShared(): boolean {
    return this.shared !== null;
  }

  /** Counts one request for `key` and says whether it may proceed. */
  async hit(key: string): Promise<RateDecision> {
    if (!this.shared) return this.hitLocal(key);
    const now = this.clock.now();
    const window = await this.shared.windows.hit(`${this.shared.scope}:${key}`, now, WINDOW_MS);
    return this.decide({ start: window.windowStart, count: window.count }, now);
  }

  /** The in-memory count of `hit`, for callers on the fast path when the limiter is not shared. */
  hitLocal(key: string): RateDecision {
    const now = this.clock.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= WINDOW_MS) {
      if (this.windows.size > 10_000) this.prune(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return this.decide(window, now);
  }

  private decide(window: Window, now: number): RateDecision {
    return {
      allowed: window.count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000)),
    };
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= WINDOW_MS) this.windows.delete(key);
  }
}

/** The store's shared windows (rate_windows), for the limiters of a service on a shared store. */
export function storeWindows(store: Store): SharedWindows {
  return { hit: (key, now, windowMs) => store.rateWindows.hit(key, now, windowMs) };
}
