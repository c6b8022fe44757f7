import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import type { BatchCreateResponse } from '../../../contract/openapi-document';
import { systemClock } from '../../clock';
import { openStore } from '../../store/store';
import { addReportWorkflow } from '../../test-support/report-workflow';

/** A ready two-step workflow of `key`'s account, written before the replicas start (no planner involved). */
export async function readyWorkflow(databaseUrl: string, key: string, name: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'workflow-replicas-setup-'));
  const store = await openStore({ dataDir, databaseUrl }, systemClock);
  try {
    return await addReportWorkflow(store, key, name);
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Starts a batch of `count` items `{n}` at `base` (a service's or a load balancer's address); answers their ids. */
export async function startBatch(base: string, key: string, workflowId: string, count: number): Promise<string[]> {
  const res = await fetch(`${base}/api/v1/workflows/${workflowId}/executions/batch`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ items: Array.from({ length: count }, (_, n) => ({ n })) }),
  });
  if (res.status !== 201) throw new Error(`the batch was not created: ${res.status} ${await res.text()}`);
  return ((await res.json()) as BatchCreateResponse).executions.map((e) => e.execution_id);
}

export interface RunRow {
  id: string;
  status: string;
  attempt: number;
  files: number;
  filename: string | null;
}

/** Each execution of the workflow with its status, attempt and how many result files it has. */
export async function runRows(client: pg.Client, workflowId: string): Promise<RunRow[]> {
  const { rows } = await client.query<RunRow>(
    `SELECT e.id, e.status, e.attempt, COUNT(f.id)::int AS files, MIN(f.filename) AS filename
     FROM executions e LEFT JOIN files f ON f.execution_id = e.id WHERE e.workflow_id = $1 GROUP BY e.id`,
    [workflowId],
  );
  return rows;
}

/** Rows that did not end finished with exactly one report.html: a second completion would add a second set of files. */
export const notFinishedOnce = (rows: RunRow[]) =>
  rows.filter((row) => row.status !== 'finished' || row.files !== 1 || row.filename !== 'report.html');

/** Executions processing now, as `id:attempt`. */
export async function processingNow(client: pg.Client, workflowId: string): Promise<Set<string>> {
  const { rows } = await client.query<{ id: string; attempt: number }>(
    `SELECT id, attempt FROM executions WHERE workflow_id = $1 AND status = 'processing'`,
    [workflowId],
  );
  return new Set(rows.map((row) => `${row.id}:${row.attempt}`));
}
