import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KEY = 'worker-startup-test-key-0123456789ab';
const dataDir = mkdtempSync(join(tmpdir(), 'workflow-worker-startup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function api<T>(base: string, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
  });
  return (await res.json()) as T;
}

describe('the step worker pool', () => {
  it('starts under the tsx CLI, as npm start runs the service, and runs a workflow to the end', async () => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['src/service/main.ts', '--no-build'], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WORKFLOW_API_KEYS: KEY,
        WORKFLOW_TIME_SCALE: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const base = await new Promise<string>((resolve, reject) => {
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const api = /API: (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(stdout);
          if (api) resolve(api[1]!);
        });
        child.on('exit', (code) => reject(new Error(`the service exited with ${code}`)));
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
      let status = 'initial';
      while (status === 'initial' || status === 'processing') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await api<{ status: string }>(base, `/workflows/${workflowId}/executions/${created.execution_id}`))
          .status;
      }
      expect(status).toBe('finished');
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
