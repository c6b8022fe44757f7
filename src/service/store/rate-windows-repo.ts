import type { Db } from './database';

/** Fixed rate-limit windows shared by every replica: the first hit opens a window of `windowMs`. */
export class RateWindowsRepo {
  constructor(private readonly db: Db) {}

  /** Counts one hit for `key` at `now` (epoch ms) and returns the window's count so far and its start. */
  async hit(key: string, now: number, windowMs: number): Promise<{ count: number; windowStart: number }> {
    const at = Math.floor(now);
    const row = this.db
      .prepare<[string, number, number, number], { count: number; window_start: number }>(
        `INSERT INTO rate_windows (key, window_start, count) VALUES (?, ?, 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_windows.window_start <= excluded.window_start - ? THEN 1 ELSE rate_windows.count + 1 END,
           window_start = CASE WHEN rate_windows.window_start <= excluded.window_start - ? THEN excluded.window_start ELSE rate_windows.window_start END
         RETURNING count, window_start`,
      )
      .get(key, at, windowMs, windowMs) as { count: number; window_start: number };
    return { count: row.count, windowStart: row.window_start };
  }
}
