import { sql } from 'kysely';
import type { StoreContext } from './db/context';

/** Fixed rate-limit windows shared by every replica: the first hit opens a window of `windowMs`. */
export class RateWindowsRepo {
  constructor(private readonly ctx: StoreContext) {}

  /**
   * Counts one hit for `key` at `now` (epoch ms) and returns the window's count so far and its
   * start, in one atomic upsert: concurrent hits from any replica each get a distinct count.
   */
  async hit(key: string, now: number, windowMs: number): Promise<{ count: number; windowStart: number }> {
    const at = Math.floor(now);
    // The window ended when it started at least windowMs ago; both SET expressions read the old row.
    const ended = sql<boolean>`rate_windows.window_start <= ${at - windowMs}`;
    const row = await this.ctx.db
      .insertInto('rate_windows')
      .values({ key, window_start: at, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`CASE WHEN ${ended} THEN 1 ELSE rate_windows.count + 1 END`,
          window_start: sql<number>`CASE WHEN ${ended} THEN ${at} ELSE rate_windows.window_start END`,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), windowStart: Number(row.window_start) };
  }
}
