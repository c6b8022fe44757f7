import type pg from 'pg';

/** One reading of a workflow's executions (one statement, so one consistent snapshot). */
export interface Snapshot {
  counts: Record<string, number>;
  finished: number;
  error: number;
  processing: number;
  /** Owners (replicas) holding processing executions. */
  owners: Set<string>;
}

export interface Watch {
  latest(): Snapshot;
  /** Resolves with the first snapshot that satisfies `done`; fails after `timeoutMs`. */
  until(done: (snapshot: Snapshot) => boolean, timeoutMs: number): Promise<Snapshot>;
  /** Stops polling; the last snapshot, the highest processing count seen, the readings and their mean interval. */
  stop(): Promise<Snapshot & { peak: number; samples: number; intervalMs: number }>;
}

const POLL_MS = 10;

/** Reads the workflow's executions by status and owner every ~10 ms, keeping the peak of processing. */
export function watchExecutions(client: pg.Client, workflowId: string): Watch {
  let latest: Snapshot = { counts: {}, finished: 0, error: 0, processing: 0, owners: new Set() };
  let peak = 0;
  let samples = 0;
  let failure: unknown = null;
  let stopped = false;

  const read = async (): Promise<Snapshot> => {
    const { rows } = await client.query<{ status: string; owner: string | null; n: number }>(
      'SELECT status, owner, COUNT(*)::int AS n FROM executions WHERE workflow_id = $1 GROUP BY status, owner',
      [workflowId],
    );
    const counts: Record<string, number> = {};
    const owners = new Set<string>();
    for (const row of rows) {
      counts[row.status] = (counts[row.status] ?? 0) + row.n;
      if (row.status === 'processing' && row.owner) owners.add(row.owner);
    }
    return {
      counts,
      finished: counts.finished ?? 0,
      error: counts.error ?? 0,
      processing: counts.processing ?? 0,
      owners,
    };
  };
  const started = Date.now();
  const loop = (async () => {
    while (!stopped) {
      const at = Date.now();
      try {
        latest = await read();
      } catch (error) {
        failure = error;
        return;
      }
      samples += 1;
      peak = Math.max(peak, latest.processing);
      // One reading starts every POLL_MS, or right after the previous one when that took longer.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, POLL_MS - (Date.now() - at))));
    }
  })();

  return {
    latest: () => latest,
    async until(done, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!done(latest)) {
        if (failure) throw failure;
        if (Date.now() > deadline) throw new Error(`timed out at ${JSON.stringify(latest.counts)}`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      return latest;
    },
    async stop() {
      stopped = true;
      await loop;
      if (failure) throw failure;
      return { ...latest, peak, samples, intervalMs: Math.round((Date.now() - started) / Math.max(1, samples)) };
    },
  };
}
