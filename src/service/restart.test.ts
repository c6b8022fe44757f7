import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { BatchCreateResponse, ExecutionDetail } from '../contract/openapi-document';
import { provisionKeys } from './accounts/provision';
import { hashKey } from './accounts/keys';
import { systemClock } from './clock';
import { planColumns } from './engine/planning';
import { openStore } from './store/store';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KEY = 'restart-test-key';
const dataDir = mkdtempSync(join(tmpdir(), 'workflow-restart-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts main.ts in one Node process (tsx as a loader, so kill -9 hits the service itself). */
async function startService(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/service/main.ts', '--no-build'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WORKFLOW_API_KEYS: KEY,
      WORKFLOW_TIME_SCALE: '0.02',
      WORKFLOW_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!output.includes('Dashboard: ')) {
    if (child.exitCode !== null) throw new Error(`the service exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the service did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('restart after kill -9', () => {
  it('ends each of 1,000 batch executions in exactly one terminal state, with its files exactly once', async () => {
    // The workflow is written before the first start, so the test does not depend on what the planner makes of a prompt.
    const setup = await openStore({ dataDir }, systemClock);
    const [account] = await provisionKeys(setup, [KEY]);
    const columns = planColumns({
      name: 'Restart test',
      description: '',
      input_schema: null,
      concurrency: 'high',
      steps: [
        { kind: 'markdown_report', filename: 'report.md', title: 'Item {{n}}', template: 'Number {{n}}' },
        { kind: 'render_html', filename: 'report.html' },
      ],
    });
    const workflow = await setup.createWorkflow(
      {
        accountId: account!.id,
        prompt: 'test',
        name: 'Restart test',
        description: '',
        nameGiven: true,
        descriptionGiven: true,
      },
      { status: 'ready', input_schema: null, steps: columns.steps, concurrency: 'high' },
    );
    expect(await setup.accounts.byKeyHash(hashKey(KEY))).toBeDefined();
    await setup.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api/v1/workflows/${workflow.id}/executions`;
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
            .all(workflow.id) as Array<{ status: string; n: number }>
        ).map((row) => [row.status, row.n]),
      ) as Record<string, number>;
    try {
      let before = counts();
      while (!((before.finished ?? 0) >= 100 && (before.processing ?? 0) > 0)) {
        expect(before.finished ?? 0).toBeLessThan(1_000);
        await sleep(10);
        before = counts();
      }
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
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
        .all(workflow.id) as Array<{ id: string; status: string; attempt: number; files: number; filename: string }>;
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
