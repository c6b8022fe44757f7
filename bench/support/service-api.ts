// The local service as the benches drive it: started as `npm start` starts it (tsx src/service/main.ts),
// with one API key, and read through its v1 API.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, sleep, startProcess, type Started } from './processes';

export const root = resolve(import.meta.dirname, '../..');
export const tsx = join(root, 'node_modules/.bin/tsx');
export const KEY = 'bench-key-00000000000000000000000000';

export async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: { 'x-api-key': KEY, 'content-type': 'application/json', ...init?.headers },
  });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface LocalService {
  /** http://127.0.0.1:<port>/api/v1 */
  base: string;
  proc: Started;
}

/**
 * Starts one service process at time scale 0 with the bench key. `databaseUrl` empty means SQLite in
 * `dataDir` (an inherited DATABASE_URL is blanked, so the SQLite figures never land on PostgreSQL).
 * The dashboard is not built (`--no-build`): the benches measure the API.
 */
export async function startService(dataDir: string, databaseUrl = '', env: Record<string, string> = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api/v1`;
  const proc = await startProcess(
    tsx,
    [join(root, 'src/service/main.ts'), '--no-build'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WORKFLOW_API_KEYS: KEY,
      // The limiter stays on; the limit is raised so it does not cap the throughput figure.
      WORKFLOW_RATE_LIMIT: '100000000',
      WORKFLOW_TIME_SCALE: '0',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    `${base}/openapi.json`,
  );
  return { base, proc } satisfies LocalService;
}

interface WorkflowItem {
  id: string;
  name: string;
}

/** The first ready demo workflow that takes no input. */
export async function inputFreeWorkflow(base: string): Promise<string> {
  const page = await json<{ data: WorkflowItem[] }>(`${base}/workflows?limit=100`);
  for (const w of page.data) {
    const detail = await json<{ input_schema: unknown; status?: string }>(`${base}/workflows/${w.id}`);
    if (detail.input_schema === null && detail.status !== 'planning') return w.id;
  }
  throw new Error('no ready workflow without input found among the demo workflows');
}

export async function waitTerminal(base: string, wid: string, eid: string, timeoutMs = Infinity) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const d = await json<{ status: string }>(`${base}/workflows/${wid}/executions/${eid}`);
    if (d.status === 'finished' || d.status === 'error') return d;
    if (performance.now() > deadline) throw new Error(`execution ${eid} still ${d.status} after ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** Detail path (under the base) of one finished execution of an input-free demo workflow. */
export async function finishedExecution(base: string): Promise<{ wid: string; detailPath: string }> {
  const wid = await inputFreeWorkflow(base);
  const created = await json<{ execution_id: string }>(`${base}/workflows/${wid}/executions`, {
    method: 'POST',
    body: '{"input":{}}',
  });
  await waitTerminal(base, wid, created.execution_id);
  return { wid, detailPath: `/workflows/${wid}/executions/${created.execution_id}` };
}

/** Executions of the workflow not yet finished or in error, walking every list page. */
export async function countUnfinished(base: string, wid: string): Promise<number> {
  let cursor: string | null = null;
  let unfinished = 0;
  do {
    const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: { data: Array<{ status: string }>; cursor: string | null } = await json(
      `${base}/workflows/${wid}/executions?limit=100${q}`,
    );
    unfinished += page.data.filter((e) => e.status !== 'finished' && e.status !== 'error').length;
    cursor = page.cursor;
  } while (cursor);
  return unfinished;
}

export const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Runs `measure` against a fresh SQLite service holding one finished run (`detailUrl` reads it), in
 * a temporary folder named after `name`; then stops the service and removes the folder.
 */
export async function withFinishedRun<T>(
  name: string,
  measure: (local: LocalService, detailUrl: string) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `wf-bench-${name}-`));
  const local = await startService(dataDir);
  try {
    const { detailPath } = await finishedExecution(local.base);
    return await measure(local, `${local.base}${detailPath}`);
  } finally {
    await local.proc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
