import { describe, expect, it } from 'vitest';
import type { BatchCreateResponse } from '../../contract/openapi-document';
import { sleep, startReplica } from './test-support/replica';
import { useSharedDatabase } from './test-support/shared-database';

const KEY = 'replicas-crash-key-0123456789abcdef';
const BASE_URL = process.env.TEST_DATABASE_URL;
const ITEMS = 1_000;

interface Row {
  id: string;
  status: string;
  attempt: number;
  files: number;
  filename: string | null;
}

describe.skipIf(!BASE_URL)('two replicas on one PostgreSQL, one killed mid-run', () => {
  const setUp = useSharedDatabase(BASE_URL, KEY, 'Crash test');

  it(
    'finishes each of 1,000 batch executions exactly once on the survivor, never over 10 processing',
    { timeout: 120_000 },
    async () => {
      const { url, workflowId, client, watch: startWatch } = await setUp();
      const env = {
        WORKFLOW_API_KEYS: KEY,
        WORKFLOW_TIME_SCALE: '0.02',
        WORKFLOW_RATE_LIMIT: '100000',
        LEASE_SECONDS: '2',
      };
      const [a] = await Promise.all([startReplica('a', url, env), startReplica('b', url, env)]);
      const watch = startWatch();

      const created = await fetch(a.url(`/api/v1/workflows/${workflowId}/executions/batch`), {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ items: Array.from({ length: ITEMS }, (_, n) => ({ n })) }),
      });
      expect(created.status).toBe(201);
      const ids = ((await created.json()) as BatchCreateResponse).executions.map((e) => e.execution_id);
      expect(ids).toHaveLength(ITEMS);

      // Some but not all finished, and both replicas running executions (so the one killed holds some).
      const before = await watch.until((s) => s.finished >= 100 && (s.owners.size >= 2 || s.finished >= 400), 40_000);
      expect(before.finished).toBeLessThan(ITEMS);
      await a.kill();
      await sleep(100); // a transaction A sent its COMMIT for just before dying lands first
      const held = (
        await client.query<{ id: string; owner: string; attempt: number }>(
          `SELECT id, owner, attempt FROM executions WHERE workflow_id = $1 AND status = 'processing'`,
          [workflowId],
        )
      ).rows;
      const atCrash = watch.latest();

      const after = await watch.until((s) => s.finished + s.error >= ITEMS, 45_000);
      await sleep(200); // nothing more may happen: e.g. no second completion of a recovered execution
      const final = await watch.stop();
      expect(final.counts).toEqual({ finished: ITEMS });
      expect(after.finished).toBe(ITEMS);

      const rows = (
        await client.query<Row>(
          `SELECT e.id, e.status, e.attempt, COUNT(f.id)::int AS files, MIN(f.filename) AS filename
         FROM executions e LEFT JOIN files f ON f.execution_id = e.id WHERE e.workflow_id = $1 GROUP BY e.id`,
          [workflowId],
        )
      ).rows;
      expect(rows).toHaveLength(ITEMS);
      expect(new Set(rows.map((row) => row.id))).toEqual(new Set(ids));
      // One terminal state each, and one set of result files each: none finished twice.
      const wrong = rows.filter(
        (row) => row.status !== 'finished' || row.files !== 1 || row.filename !== 'report.html',
      );
      expect(wrong).toEqual([]);

      // What the dead replica held was resumed (a new attempt); the survivor's own running ones were not re-run.
      const attempts = new Map(rows.map((row) => [row.id, Number(row.attempt)]));
      const resumed = held.filter((row) => attempts.get(row.id)! > Number(row.attempt));
      expect(resumed.length).toBeGreaterThan(0);
      const deadOwner = resumed[0]!.owner;
      expect(held.filter((row) => row.owner === deadOwner)).toEqual(resumed);
      expect(resumed.every((row) => row.owner === deadOwner)).toBe(true);

      console.log(
        `replicas crash test: killed A at ${atCrash.finished} finished / ${held.length} processing ` +
          `(${resumed.length} of them A's, resumed by B); peak processing for the workflow across both replicas: ` +
          `${final.peak} (${final.samples} readings of the database, one every ${final.intervalMs} ms)`,
      );
      expect(final.peak).toBeGreaterThan(0);
      expect(final.peak).toBeLessThanOrEqual(10);
    },
  );
});
