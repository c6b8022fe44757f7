import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { BatchCreateResponse, ExecutionDetail } from '../contract/openapi-document';
import { hashKey } from './accounts/keys';
import { systemClock } from './clock';
import { freePort, sleep, startReplica, stopReplicas } from './replicas/test-support/replica';
import { openStore } from './store/store';
import { addReportWorkflow } from './test-support/report-workflow';

const KEY = 'restart-test-key-0123456789abcdef';
const dataDir = mkdtempSync(join(tmpdir(), 'workflow-restart-'));

afterAll(async () => {
  await stopReplicas();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = { WORKFLOW_API_KEYS: KEY, WORKFLOW_TIME_SCALE: '0.02', WORKFLOW_RATE_LIMIT: '100000' };

/** main.ts as one Node process on SQLite in dataDir, listening on `port` (the same port again after a restart). */
const startService = (port: number) => startReplica('restart', undefined, env, { port, dataDir });

describe('restart after kill -9', () => {
  it('ends each of 1,000 batch executions in exactly one terminal state, with its files exactly once', async () => {
    // The workflow is written before the first start, so the test does not depend on what the planner makes of a prompt.
    const setup = await openStore({ dataDir }, systemClock);
    const workflowId = await addReportWorkflow(setup, KEY, 'Restart test');
    expect(await setup.accounts.byKeyHash(hashKey(KEY))).toBeDefined();
    await setup.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api/v1/workflows/${workflowId}/executions`;
    const headers = { 'x-api-key': KEY, 'content-type': 'application/json' };
    const first = await startService(port);
    const items = Array.from({ length: 1_000 }, (_, n) => ({ n }));
    const created = await fetch(`${base}/batch`, { method: 'POST', headers, body: JSON.stringify({ items }) });
    expect(created.status).toBe(201);
    const batch = (await created.json()) as BatchCreateResponse;
    const ids = batch.executions.map((e) => e.execution_id);

    const db = new Database(join(dataDir, 'service.db'), { readonly: true });
    const counts = () =>
      Object.fromEntries(
        (
          db
            .prepare('SELECT status, COUNT(*) AS n FROM executions WHERE workflow_id = ? GROUP BY status')
            .all(workflowId) as Array<{ status: string; n: number }>
        ).map((row) => [row.status, row.n]),
      ) as Record<string, number>;
    try {
      let before = counts();
      while (!((before.finished ?? 0) >= 100 && (before.processing ?? 0) > 0)) {
        expect(before.finished ?? 0).toBeLessThan(1_000);
        await sleep(10);
        before = counts();
      }
      await first.kill();
      const atCrash = counts();
      expect(atCrash.processing ?? 0).toBeGreaterThan(0);
      expect(atCrash.finished ?? 0).toBeLessThan(1_000);

      await startService(port);
      const deadline = Date.now() + 60_000;
      let after = counts();
      while ((after.finished ?? 0) + (after.error ?? 0) < 1_000) {
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(100);
        after = counts();
      }
      expect(after).toEqual({ finished: 1_000 });

      const rows = db
        .prepare(
          `SELECT e.id, e.status, e.attempt, COUNT(f.id) AS files, MIN(f.filename) AS filename FROM executions e
           LEFT JOIN files f ON f.execution_id = e.id WHERE e.workflow_id = ? GROUP BY e.id`,
        )
        .all(workflowId) as Array<{ id: string; status: string; attempt: number; files: number; filename: string }>;
      expect(rows).toHaveLength(1_000);
      expect(new Set(rows.map((r) => r.id))).toEqual(new Set(ids));
      expect(rows.every((r) => r.files === 1 && r.filename === 'report.html')).toBe(true);
      const resumed = rows.filter((r) => r.attempt === 2);
      expect(resumed.length).toBe(atCrash.processing);

      const detail = (await (await fetch(`${base}/${resumed[0]!.id}`, { headers })).json()) as ExecutionDetail;
      expect(detail.status).toBe('finished');
      expect(detail.results!.map((f) => f.filename)).toEqual(['report.html']);
    } finally {
      db.close();
    }
  });
});
