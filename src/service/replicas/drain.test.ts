import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { notFinishedOnce, processingNow, runRows, startBatch } from './test-support/report-runs';
import { sleep, startReplica } from './test-support/replica';
import { useSharedDatabase } from './test-support/shared-database';

const KEY = 'replicas-drain-key-0123456789abcdef';
const BASE_URL = process.env.TEST_DATABASE_URL;
const ITEMS = 600;
const DRAIN_SECONDS = 3;
// Long enough that a run left for its lease to expire would still be processing when the test checks.
const LEASE_SECONDS = 120;

// 'npm start': SIGTERM goes to npm, sh, tsx and node at once, as systemd's default KillMode and
// `kill -TERM -<group>` send it, and npm and tsx pass it on too, so node gets it two or three times.
describe.skipIf(!BASE_URL).each([
  { launcher: 'node' as const, how: 'SIGTERM' },
  { launcher: 'npm start' as const, how: 'SIGTERM to the process group of npm start' },
])('a replica stopped with $how while two share one PostgreSQL', ({ launcher }) => {
  const setUp = useSharedDatabase(BASE_URL, KEY, 'Drain test');

  it(
    'answers /readyz 503 but still serves requests while it drains, then hands its runs to the other, none twice',
    { timeout: 120_000 },
    async () => {
      const { url, workflowId, client, watch: startWatch } = await setUp();
      const env = {
        WORKFLOW_API_KEYS: KEY,
        WORKFLOW_TIME_SCALE: '0.1',
        WORKFLOW_RATE_LIMIT: '100000',
        LEASE_SECONDS: String(LEASE_SECONDS),
        WORKFLOW_DRAIN_SECONDS: String(DRAIN_SECONDS),
      };
      const [a] = await Promise.all([
        startReplica('a', url, { ...env, LOG_LEVEL: 'info' }, { launcher }),
        startReplica('b', url, env),
      ]);
      expect((await fetch(a.url('/readyz'))).status).toBe(200);
      const watch = startWatch();
      const ids = await startBatch(a.url(''), KEY, workflowId, ITEMS);
      expect(ids).toHaveLength(ITEMS);
      // Both replicas seen running executions, or enough done that waiting longer would end the batch first
      // (on a loaded machine a snapshot may never catch both at once).
      await watch.until((s) => s.finished >= 20 && (s.owners.size >= 2 || s.finished >= 60), 40_000);

      const signalled = Date.now();
      a.terminate();
      const readyAnswers: number[] = [];
      const apiAnswers: number[] = [];
      // Polls through most of the drain; the first answers may still come before the signal lands.
      while (Date.now() - signalled < (DRAIN_SECONDS - 0.5) * 1000) {
        const ready = await fetch(a.url('/readyz')).catch(withOutputOf(a));
        readyAnswers.push(ready.status);
        if (ready.status === 503) expect(await ready.json()).toEqual({ error: 'This replica is shutting down' });
        else await ready.body?.cancel();
        const list = await fetch(a.url(`/api/v1/workflows/${workflowId}/executions?limit=5`), {
          headers: { 'x-api-key': KEY },
        }).catch(withOutputOf(a));
        apiAnswers.push(list.status);
        await list.body?.cancel();
        await sleep(100);
      }
      expect(await a.exited).toBe(launcher === 'node' ? 0 : null);
      const exitedAfter = Date.now() - signalled;
      const leftProcessing = await processingNow(client, workflowId);

      // Not ready from soon after the signal to the end, while every API request was answered.
      expect(readyAnswers.slice(3).every((status) => status === 503)).toBe(true);
      expect(readyAnswers.length).toBeGreaterThan(10);
      expect(new Set(apiAnswers)).toEqual(new Set([200]));
      expect(exitedAfter).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
      const atExit = watch.latest();
      expect(atExit.finished).toBeLessThan(ITEMS);

      // What was processing when A exited was B's and moves on; a run A had left behind would wait for its lease.
      const movedOnAfter = await untilMovedOn(client, workflowId, leftProcessing, 10_000);
      expect(a.output()).toContain('"msg":"stopped: runs in flight were handed back to the queue"');

      await watch.until((s) => s.finished + s.error >= ITEMS, 60_000);
      await sleep(200); // nothing more may happen: e.g. no second completion of a handed-over execution
      const final = await watch.stop();
      expect(final.counts).toEqual({ finished: ITEMS });
      const rows = await runRows(client, workflowId);
      expect(new Set(rows.map((row) => row.id))).toEqual(new Set(ids));
      expect(notFinishedOnce(rows)).toEqual([]);
      console.log(
        `replicas drain test (${launcher}): A exited ${exitedAfter} ms after SIGTERM (drain ${DRAIN_SECONDS} s) ` +
          `with ${atExit.finished} of ${ITEMS} finished; what was processing then had moved on ` +
          `${movedOnAfter} ms later; B finished the rest`,
      );
    },
  );
});

/** A request that failed during the drain, with what the replica logged up to then: the cause is in there. */
const withOutputOf =
  (replica: { output: () => string }) =>
  (error: unknown): never => {
    throw new Error(`A request to the draining replica failed (${String(error)}). It logged:\n${replica.output()}`, {
      cause: error,
    });
  };

/** Ms until none of `runs` (id:attempt) is processing any more; fails after `timeoutMs` (the lease is 120 s). */
async function untilMovedOn(
  client: pg.Client,
  workflowId: string,
  runs: Set<string>,
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    const now = await processingNow(client, workflowId);
    const left = [...runs].filter((run) => now.has(run));
    if (left.length === 0) return Date.now() - started;
    if (Date.now() - started > timeoutMs) expect(left).toEqual([]);
    await sleep(100);
  }
}
