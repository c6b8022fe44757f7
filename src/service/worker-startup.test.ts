import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KEY = 'worker-startup-test-key-0123456789ab';
const dataDir = mkdtempSync(join(tmpdir(), 'workflow-worker-startup-'));
// Inside the checkout, so the compiled service finds node_modules as dist-service/ does.
const buildRoot = mkdtempSync(join(ROOT, '.tmp-service-build-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(buildRoot, { recursive: true, force: true });
});

async function api<T>(base: string, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
  });
  return (await res.json()) as T;
}

/** Starts the service with `command`, runs the demo workflow that needs no input to its end, and stops it with SIGTERM. */
async function runsAWorkflow(command: string, args: string[]): Promise<{ status: string; code: number | null }> {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WORKFLOW_API_KEYS: KEY,
      // The status is asked every 50 ms; on a slow machine the run outlasts 100 asks, a minute's allowance.
      WORKFLOW_RATE_LIMIT: '100000',
      WORKFLOW_TIME_SCALE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let status = 'initial';
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let output = '';
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const api = /API: (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(output);
        if (api) resolve(api[1]!);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', (code) => reject(new Error(`the service exited with ${code}:\n${output}`)));
    });
    const workflows = await api<{ data: Array<{ id: string }> }>(base, '/workflows?limit=100');
    let workflowId: string | null = null;
    for (const { id } of workflows.data) {
      const detail = await api<{ input_schema: unknown }>(base, `/workflows/${id}`);
      if (detail.input_schema === null) workflowId = id;
    }
    expect(workflowId).not.toBeNull();
    const created = await api<{ execution_id: string }>(base, `/workflows/${workflowId}/executions`, {
      method: 'POST',
      body: '{"input":{}}',
    });
    while (status === 'initial' || status === 'processing') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await api<{ status: string }>(base, `/workflows/${workflowId}/executions/${created.execution_id}`))
        .status;
    }
  } finally {
    child.kill('SIGTERM');
  }
  return { status, code: await exited };
}

describe('the step worker pool', () => {
  it('starts under the tsx CLI, as npm start runs the service, and runs a workflow to the end', async () => {
    const result = await runsAWorkflow(join(ROOT, 'node_modules/.bin/tsx'), ['src/service/main.ts', '--no-build']);
    expect(result).toEqual({ status: 'finished', code: 0 });
  });

  it('starts in one node process on the compiled JavaScript of npm run build:service, and runs a workflow to the end', async () => {
    const outdir = join(buildRoot, 'dist-service');
    execFileSync(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/build-service.ts', outdir], { cwd: ROOT });
    const result = await runsAWorkflow(process.execPath, [join(outdir, 'main.js')]);
    expect(result).toEqual({ status: 'finished', code: 0 });
  }, 120_000);
});
