import { sql } from 'kysely';
import type { StoreContext } from './db/context';
import { KeyedBatches } from './keyed-batches';

interface Hit {
  now: number;
  windowMs: number;
}

interface Window {
  count: number;
  windowStart: number;
}

/** Fixed rate-limit windows shared by every replica: the first hit opens a window of `windowMs`. */
export class RateWindowsRepo {
  // One upsert per key at a time: a key's hits that arrive meanwhile are counted together in the next.
  private readonly batches = new KeyedBatches<Hit, Window>(async (key, hits) => {
    const last = hits[hits.length - 1]!;
    const { count, windowStart } = await this.count(key, last.now, last.windowMs, hits.length);
    // The batch's hits hold the positions count - n + 1 … count, in the order they came.
    return hits.map((_, i) => ({ count: count - hits.length + 1 + i, windowStart }));
  });

  constructor(private readonly ctx: StoreContext) {}

  /**
   * Counts one hit for `key` at `now` (epoch ms) and returns the window's count so far and its
   * start. Concurrent hits from any replica each get a distinct count, so the limit stays exact.
   */
  hit(key: string, now: number, windowMs: number): Promise<Window> {
    if (this.ctx.db.isTransaction) return this.count(key, now, windowMs, 1);
    return this.batches.add(key, { now, windowMs });
  }

  /** Adds `hits` to the key's window in one atomic upsert, opening a new window if the last one ended. */
  private async count(key: string, now: number, windowMs: number, hits: number): Promise<Window> {
    const at = Math.floor(now);
    // The window ended when it started at least windowMs ago; both SET expressions read the old row.
    const ended = sql`rate_windows.window_start <= ${at - windowMs}`;
    // PostgreSQL: this statement's commit does not wait for the disk (see docs/service.md, "Rate limits").
    const quick =
      this.ctx.dialect === 'postgres'
        ? sql`FROM (SELECT set_config('synchronous_commit', 'off', true)) AS quick`
        : sql``;
    // SQLite needs the WHERE to tell the SELECT's end from the upsert's ON CONFLICT.
    const upsert = sql<{ count: number; window_start: number }>`
      INSERT INTO rate_windows (key, window_start, count)
      SELECT CAST(${key} AS text), CAST(${at} AS bigint), CAST(${hits} AS integer) ${quick} WHERE true
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN ${ended} THEN ${hits} ELSE rate_windows.count + ${hits} END,
        window_start = CASE WHEN ${ended} THEN ${at} ELSE rate_windows.window_start END
      RETURNING count, window_start`.compile(this.ctx.db);
    const rows = this.ctx.runPrepared
      ? ((await this.ctx.runPrepared(upsert.sql, upsert.parameters)) as Array<{ count: number; window_start: number }>)
      : (await this.ctx.db.executeQuery(upsert)).rows;
    const row = rows[0]!;
    return { count: Number(row.count), windowStart: Number(row.window_start) };
  }
}
