// Issue #22: the model's added latency per planned workflow, ours and not the model's: time from POST
// /workflows to ready against a fake model that answers at once, beside the same with the rules only.
// Both services run at time scale 0, side by side in interleaved rounds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultAnswer } from '../src/service/test-support/fake-model-answers';
import { startFakeModel } from '../src/service/test-support/fake-model';
import { sleep } from './support/processes';
import { json, round, startService, type LocalService } from './support/service-api';
import type { Figure } from './service-bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PER_ROUND = 10;
const GOAL_MS = 50;
const PROMPT = 'write a short sales intro email to a prospect given their name, company and what we sell';

/** Milliseconds from creating a workflow to its plan being ready. */
async function createToReady(service: LocalService): Promise<number> {
  const started = performance.now();
  const created = await json<{ id: string }>(`${service.base}/workflows`, {
    method: 'POST',
    body: JSON.stringify({ prompt: PROMPT }),
  });
  for (;;) {
    const detail = await json<{ status: string }>(`${service.base}/workflows/${created.id}`);
    if (detail.status === 'ready') return performance.now() - started;
    if (detail.status !== 'planning') throw new Error(`planning ended ${detail.status}`);
    await sleep(2);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export async function runModelBench(): Promise<Figure[]> {
  const fake = await startFakeModel(defaultAnswer);
  const dirs = [mkdtempSync(join(tmpdir(), 'wf-bench-rules-')), mkdtempSync(join(tmpdir(), 'wf-bench-model-'))];
  const services: LocalService[] = [];
  try {
    const rules = await startService(dirs[0]!);
    services.push(rules);
    const model = await startService(dirs[1]!, '', { WORKFLOW_MODEL_URL: fake.url, WORKFLOW_MODEL: 'fake' });
    services.push(model);
    // Warm-up: the first plans load the planner's thread and the model client.
    for (const service of services) for (let i = 0; i < 3; i++) await createToReady(service);
    const times = { rules: [] as number[], model: [] as number[] };
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? (['rules', 'model'] as const) : (['model', 'rules'] as const);
      for (const which of order)
        for (let i = 0; i < PER_ROUND; i++) times[which].push(await createToReady(which === 'rules' ? rules : model));
    }
    const requests = fake.requests.length;
    if (requests < ROUNDS * PER_ROUND) throw new Error(`the fake model saw ${requests} planning requests`);
    const overhead = median(times.model) - median(times.rules);
    console.log(`  (${ROUNDS} rounds of ${PER_ROUND} workflows each; the fake model answers at once)`);
    return [
      { name: 'create to ready, rules only (median)', value: round(median(times.rules)), unit: 'ms' },
      { name: 'create to ready, planned by the fake model (median)', value: round(median(times.model)), unit: 'ms' },
      {
        name: "model's added latency per planned workflow (ours)",
        value: round(overhead),
        unit: 'ms',
        goal: `≤ ${GOAL_MS} ms`,
        ok: overhead <= GOAL_MS,
      },
    ];
  } finally {
    await Promise.all(services.map((service) => service.proc.stop()));
    await fake.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
