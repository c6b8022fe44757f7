// Issue 20's fair-share goal: while account A floods two workflows with heavy runs (15 PDF and HTML
// items each, as the review measured), account B's small run stays within 3x its unloaded time. One
// service process (SQLite) with two keys; the workflows' plans are written straight into its database
// so the figure measures the engine, not the planner. Rounds interleave: B unloaded, then B while A
// floods, then A drains before the next round. Knobs: BENCH_ROUNDS (default 3),
// BENCH_FAIRNESS_TIME_SCALE (default 0.25: a small run of two report steps takes about 1 s).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { hashKey } from '../src/service/accounts/keys';
import type { StepSpec } from '../src/service/workflow/plan-types';
import { formatMicros } from '../src/service/store/timestamps';
import type { Figure } from './service-bench';
import { sleep } from './support/processes';
import { round, startService } from './support/service-api';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TIME_SCALE = process.env.BENCH_FAIRNESS_TIME_SCALE ?? '0.25';
const KEY_A = 'bench-fairness-account-a-0000000000000';
const KEY_B = 'bench-fairness-account-b-0000000000000';
const GOAL = 3;
const ITEMS = 15;

/** A long markdown document: its PDF and HTML page keep a step thread busy. */
const bigText = Array.from(
  { length: 150 },
  (_, i) =>
    `## Section ${i}\n\nSome words about item ${i}, with a [link](https://example.com/${i}), **bold** text and a list:\n\n- one\n- two\n`,
).join('\n');

const heavySteps: StepSpec[] = [
  { kind: 'markdown_report', filename: 'report.md', title: 'Report', template: '{{ input.text }}', syntax: 'liquid' },
  { kind: 'pdf_document', filename: 'report.pdf', title: 'Report' },
  { kind: 'render_html', filename: 'report.html' },
];
const smallSteps: StepSpec[] = [
  {
    kind: 'markdown_report',
    filename: 'hello.md',
    title: 'Hello',
    template: 'Hello {{ input.name }}',
    syntax: 'liquid',
  },
  {
    kind: 'markdown_report',
    filename: 'again.md',
    title: 'Again',
    template: 'Hello again {{ input.name }}',
    syntax: 'liquid',
  },
];

/** Writes a ready workflow with exactly these steps for the account of `key`; answers its id. */
function addWorkflow(db: Database.Database, key: string, steps: StepSpec[], name: string): string {
  const { id: accountId } = db.prepare('SELECT id FROM accounts WHERE key_hash = ?').get(hashKey(key)) as {
    id: string;
  };
  const id = randomUUID();
  const now = formatMicros(Date.now() * 1000 + Math.floor(Math.random() * 1000));
  db.prepare(
    `INSERT INTO workflows (id, account_id, name, description, prompt, name_given, description_given, status,
       input_schema, steps, concurrency, created_at, updated_at)
     VALUES (?, ?, ?, '', 'bench', 1, 0, 'ready', NULL, ?, 'high', ?, ?)`,
  ).run(id, accountId, name, JSON.stringify(steps), now, now);
  return id;
}

async function api<T>(base: string, key: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Account B's small run, from sending it to seeing it finished (polled every 20 ms), in ms. */
async function smallRun(base: string, workflowId: string): Promise<number> {
  const started = performance.now();
  const { execution_id: id } = await api<{ execution_id: string }>(base, KEY_B, `/workflows/${workflowId}/executions`, {
    input: { name: 'B' },
  });
  for (;;) {
    const run = await api<{ status: string }>(base, KEY_B, `/workflows/${workflowId}/executions/${id}`);
    if (run.status === 'finished') return performance.now() - started;
    if (run.status === 'error') throw new Error(`account B's run failed`);
    await sleep(20);
  }
}

/** Waits until none of the workflow's runs is waiting or processing. */
async function drained(base: string, workflowId: string): Promise<void> {
  for (;;) {
    const page = await api<{ data: Array<{ status: string }> }>(
      base,
      KEY_A,
      `/workflows/${workflowId}/executions?limit=100`,
    );
    if (page.data.every((run) => run.status === 'finished' || run.status === 'error')) return;
    await sleep(250);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runFairnessBench(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-fairness-'));
  const svc = await startService(dataDir, '', {
    WORKFLOW_API_KEYS: `${KEY_A},${KEY_B}`,
    WORKFLOW_TIME_SCALE: TIME_SCALE,
  });
  try {
    const db = new Database(join(dataDir, 'service.db'));
    db.pragma('busy_timeout = 5000');
    const small = addWorkflow(db, KEY_B, smallSteps, 'Small');
    const heavy = [addWorkflow(db, KEY_A, heavySteps, 'Heavy 1'), addWorkflow(db, KEY_A, heavySteps, 'Heavy 2')];
    db.close();
    // The first run loads the step threads' libraries.
    await smallRun(svc.base, small);
    const unloaded: number[] = [];
    const loaded: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      unloaded.push(await smallRun(svc.base, small));
      for (const workflowId of heavy) {
        await api(svc.base, KEY_A, `/workflows/${workflowId}/executions/batch`, {
          items: Array.from({ length: ITEMS }, () => ({ text: bigText })),
          concurrency: 'high',
        });
      }
      // Account A's first steps reach the pool.
      await sleep(500);
      loaded.push(await smallRun(svc.base, small));
      for (const workflowId of heavy) await drained(svc.base, workflowId);
    }
    const ratio = median(loaded) / median(unloaded);
    return [
      { name: "another account's small run, unloaded (median)", value: Math.round(median(unloaded)), unit: 'ms' },
      {
        name: `… while one account floods 2 workflows × ${ITEMS} heavy items`,
        value: Math.round(median(loaded)),
        unit: 'ms',
      },
      {
        name: "another account's run, loaded / unloaded",
        value: round(ratio),
        unit: 'x',
        goal: `<= ${GOAL}x`,
        ok: ratio <= GOAL,
      },
    ];
  } finally {
    await svc.proc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
