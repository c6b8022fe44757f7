import { afterEach, describe, expect, it } from 'vitest';
import type { ExecutionCreateResponse, ExecutionDetail } from '../../contract/openapi-document';
import type { StepSpec } from '../planner/plan-types';
import { queueRuns, runsUrl } from '../test-support/runs';
import { KEY_A, KEY_B, reportStep, startTestService, type TestService } from '../test-support/test-service';

let svc: TestService | undefined;
afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

/** A long markdown document: a PDF and an HTML page of it cost a pool thread tens of milliseconds each. */
const bigText = Array.from(
  { length: 400 },
  (_, i) =>
    `## Section ${i}\n\nSome words about item ${i}, with a [link](https://example.com/${i}) and **bold** text.\n`,
).join('\n');

const heavySteps: StepSpec[] = [
  { kind: 'markdown_report', filename: 'report.md', title: 'Report', template: '{{text}}' },
  { kind: 'pdf_document', filename: 'report.pdf', title: 'Report' },
  { kind: 'render_html', filename: 'report.html' },
];

/** Starts one run as `key` and answers how long it took to end, polling every few milliseconds. */
async function timedRun(workflowId: string, key: string): Promise<number> {
  const started = performance.now();
  const created = await svc!.call<ExecutionCreateResponse>('POST', runsUrl(workflowId), {
    key,
    body: { input: { name: 'small' } },
  });
  expect(created.status).toBe(201);
  for (;;) {
    const run = await svc!.call<ExecutionDetail>('GET', `${runsUrl(workflowId)}/${created.body.execution_id}`, { key });
    if (run.body.status === 'finished') return performance.now() - started;
    expect(run.body.status).not.toBe('error');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('fair share between accounts', () => {
  it("keeps another account's small run within 3x its unloaded time while one account floods two workflows with heavy runs", async () => {
    // At this scale a report step waits 0.25 s, as a small run of the took about 0.7 s at full scale.
    svc = await startTestService(
      { WORKFLOW_TIME_SCALE: '0.125', WORKFLOW_RATE_LIMIT: '100000' },
      { runTimeLimitMs: 600_000 },
    );
    const small = await svc.addWorkflow({ steps: [reportStep(), reportStep('again.md')] }, KEY_B);
    const heavy = [await svc.addWorkflow({ steps: heavySteps }), await svc.addWorkflow({ steps: heavySteps })];
    // Warm the step threads and the caches before measuring.
    await timedRun(small, KEY_B);
    const unloaded: number[] = [];
    for (let i = 0; i < 3; i++) unloaded.push(await timedRun(small, KEY_B));

    for (const workflowId of heavy) {
      const batch = await svc.call('POST', `${runsUrl(workflowId)}/batch`, {
        key: KEY_A,
        body: { items: Array.from({ length: 40 }, () => ({ text: bigText })), concurrency: 'high' },
      });
      expect(batch.status).toBe(201);
    }
    // Let account A's runs fill the pool before account B asks.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const loaded: number[] = [];
    for (let i = 0; i < 3; i++) loaded.push(await timedRun(small, KEY_B));
    const ratio = median(loaded) / median(unloaded);
    console.log(
      `unloaded ${unloaded.map(Math.round).join(', ')} ms; loaded ${loaded.map(Math.round).join(', ')} ms; ratio ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeLessThanOrEqual(3);
  }, 120_000);
});

describe('per-account cap on running executions', () => {
  it('runs at most WORKFLOW_ACCOUNT_MAX_RUNNING of an account at once over all its workflows, and starts held ones as others end', async () => {
    svc = await startTestService(
      { WORKFLOW_TIME_SCALE: '0.01', WORKFLOW_ACCOUNT_MAX_RUNNING: '3' },
      { runTimeLimitMs: 600_000 },
    );
    const workflows = [
      await svc.addWorkflow({ steps: [reportStep()] }),
      await svc.addWorkflow({ steps: [reportStep()] }),
      await svc.addWorkflow({ steps: [reportStep()] }),
    ];
    for (const id of workflows)
      await queueRuns(
        svc,
        id,
        Array.from({ length: 8 }, () => ({})),
      );
    const other = await svc.addWorkflow({ steps: [reportStep()] }, KEY_B);
    await svc.store.createExecutions(
      svc.accountId(KEY_B),
      other,
      Array.from({ length: 8 }, () => ({})),
      null,
    );
    svc.engine.enqueued(other);
    let peakA = 0;
    let peakB = 0;
    let done = false;
    const idle = svc.engine.idle().then(() => (done = true));
    const processing = async (key: string) =>
      Number(
        (
          await svc!.store.kysely
            .selectFrom('executions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('account_id', '=', svc!.accountId(key))
            .where('status', '=', 'processing')
            .executeTakeFirstOrThrow()
        ).n,
      );
    while (!done) {
      peakA = Math.max(peakA, await processing(KEY_A));
      peakB = Math.max(peakB, await processing(KEY_B));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await idle;
    expect(peakA).toBe(3);
    // The cap is per account: the other account's runs were not held back by account A's.
    expect(peakB).toBe(3);
    for (const id of [...workflows, other])
      expect(await svc.store.executions.countByStatus(id)).toEqual({ finished: 8 });
  }, 60_000);
});
