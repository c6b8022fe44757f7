// The workflows list at the scale a team reaches: 100 workflows with 5,000 runs between them. The local
// service's list items carry each workflow's activity (last run, 7-day success, waiting approvals: three
// queries per page, #19); a strict-v1 service on a copy of the same database answers the bare v1 items.
// Both are measured side by side in interleaved rounds, so the figure is what the activity costs.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeRounds, measureInterleaved } from './support/interleave';
import { sleep } from './support/processes';
import { countUnfinished, json, KEY, round, startService } from './support/service-api';
import type { Figure } from './service-bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Math.max(2, Math.round(Number(process.env.BENCH_SECONDS ?? 8) / 2));
const WORKFLOWS = 100;
const RUNS_PER_WORKFLOW = 50;

/** Seeds `WORKFLOWS` input-free workflows with `RUNS_PER_WORKFLOW` finished runs each. */
async function seed(base: string): Promise<void> {
  const ids: string[] = [];
  for (let i = 0; i < WORKFLOWS; i++) {
    const created = await json<{ id: string }>(`${base}/workflows`, {
      method: 'POST',
      body: JSON.stringify({
        prompt: 'Write a motivational quote of the day as a markdown report',
        name: `Quote ${i + 1}`,
      }),
    });
    ids.push(created.id);
  }
  for (const id of ids) {
    for (;;) {
      const detail = await json<{ status?: string }>(`${base}/workflows/${id}`);
      if (detail.status !== 'planning') break;
      await sleep(50);
    }
    await json(`${base}/workflows/${id}/executions/batch`, {
      method: 'POST',
      body: JSON.stringify({ items: Array.from({ length: RUNS_PER_WORKFLOW }, () => ({})), concurrency: 'high' }),
    });
  }
  while ((await Promise.all(ids.map((id) => countUnfinished(base, id)))).some((n) => n > 0)) await sleep(500);
}

export async function runListsBench(): Promise<Figure[]> {
  const seededDir = mkdtempSync(join(tmpdir(), 'wf-bench-lists-'));
  const strictDir = mkdtempSync(join(tmpdir(), 'wf-bench-lists-strict-'));
  const stops: Array<() => Promise<void>> = [];
  try {
    console.log(`  seeding ${WORKFLOWS} workflows with ${(WORKFLOWS * RUNS_PER_WORKFLOW).toLocaleString()} runs…`);
    const seeding = await startService(seededDir);
    await seed(seeding.base);
    await seeding.proc.stop();
    cpSync(seededDir, strictDir, { recursive: true });
    const local = await startService(seededDir);
    stops.push(local.proc.stop);
    const strict = await startService(strictDir, '', { WORKFLOW_STRICT_V1: '1' });
    stops.push(strict.proc.stop);

    const page = `/workflows?limit=100`;
    const first = await json<{ data: Array<{ activity?: unknown }> }>(`${local.base}${page}`);
    if (!first.data.some((w) => w.activity !== undefined)) throw new Error('the local list items carry no activity');
    console.log(`  measuring GET ${page}, 10 connections, ${ROUNDS} interleaved rounds of ${SECONDS} s…`);
    const headers = { 'x-api-key': KEY };
    const measured = await measureInterleaved(
      [
        { label: 'with activity', urls: [`${local.base}${page}`], headers, pid: local.proc.child.pid },
        { label: 'strict v1', urls: [`${strict.base}${page}`], headers, pid: strict.proc.child.pid },
      ],
      { rounds: ROUNDS, seconds: SECONDS, connections: 10 },
    );
    for (const [label, m] of measured) console.log(`  ${describeRounds(label, m)}`);
    const withActivity = measured.get('with activity')!;
    const bare = measured.get('strict v1')!;
    const ratio = withActivity.rps / bare.rps;
    const cpu = (m: typeof bare) => (m.cpuMicrosPerRequest === null ? null : round(m.cpuMicrosPerRequest / 1000));
    const withCpu = cpu(withActivity);
    return [
      {
        name: 'GET 100 workflows with activity (5,000 runs)',
        value: Math.round(withActivity.rps),
        unit: 'req/s',
        // Every open list asks once a minute; a hundred people refreshing every second is still far below.
        goal: '≥ 100 req/s',
        ok: withActivity.rps >= 100,
      },
      { name: 'GET 100 workflows with activity p99', value: withActivity.p99, unit: 'ms' },
      ...(withCpu === null
        ? []
        : [{ name: 'CPU per page with activity', value: withCpu, unit: 'ms', goal: '≤ 5 ms', ok: withCpu <= 5 }]),
      { name: 'GET 100 workflows, strict v1 (no activity)', value: Math.round(bare.rps), unit: 'req/s' },
      { name: 'GET 100 workflows, strict v1 p99', value: bare.p99, unit: 'ms' },
      ...(cpu(bare) === null ? [] : [{ name: 'CPU per page, strict v1', value: cpu(bare)!, unit: 'ms' }]),
      { name: 'ratio with activity / strict v1', value: round(ratio * 100), unit: '%' },
    ];
  } finally {
    for (const stop of stops) await stop();
    rmSync(seededDir, { recursive: true, force: true });
    rmSync(strictDir, { recursive: true, force: true });
  }
}
