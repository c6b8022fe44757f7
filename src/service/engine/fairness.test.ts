import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionCreateResponse, ExecutionDetail } from '../../contract/openapi-document';
import type { StepSpec } from '../workflow/plan-types';
import { queueRuns, runsUrl } from '../test-support/runs';
import { KEY_A, KEY_B, reportStep, startTestService, type TestService } from '../test-support/test-service';
import { closeStepPool, useStepWorker } from './step-pool';

const REPORTING_WORKER = new URL('../test-support/reporting-step-worker.ts', import.meta.url);

/** Every step start on a pool thread, in time order: the run's input `who` and when. */
const starts: Array<{ who: string; at: number }> = [];
const channel = new BroadcastChannel('step-starts');
channel.onmessage = (event) => starts.push((event as { data: { who: string; at: number } }).data);
channel.unref();

beforeAll(() => useStepWorker(REPORTING_WORKER));
afterAll(async () => {
  channel.close();
  useStepWorker(null);
  await closeStepPool();
});

let svc: TestService | undefined;
afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

/** A long markdown document: a PDF and an HTML page of it keep a pool thread busy for a while. */
const bigText = Array.from(
  { length: 60 },
  (_, i) =>
    `## Section ${i}\n\nSome words about item ${i}, with a [link](https://example.com/${i}) and **bold** text.\n`,
).join('\n');

const heavySteps: StepSpec[] = [
  { kind: 'markdown_report', filename: 'report.md', title: 'Report', template: '{{ input.text }}', syntax: 'liquid' },
  { kind: 'pdf_document', filename: 'report.pdf', title: 'Report' },
  { kind: 'render_html', filename: 'report.html' },
  { kind: 'pdf_document', filename: 'again.pdf', title: 'Again' },
  { kind: 'render_html', filename: 'again.html' },
];

/** Starts one run of account B, answering when it was sent and how long it took to end (polling every few ms). */
async function timedRun(workflowId: string): Promise<{ sent: number; ms: number }> {
  const sent = performance.timeOrigin + performance.now();
  const created = await svc!.call<ExecutionCreateResponse>('POST', runsUrl(workflowId), {
    key: KEY_B,
    body: { input: { name: 'small', who: 'B' } },
  });
  expect(created.status).toBe(201);
  for (;;) {
    const run = await svc!.call<ExecutionDetail>('GET', `${runsUrl(workflowId)}/${created.body.execution_id}`, {
      key: KEY_B,
    });
    if (run.body.status === 'finished') return { sent, ms: performance.timeOrigin + performance.now() - sent };
    expect(run.body.status).not.toBe('error');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Account A floods two workflows with heavy runs (40 each, high concurrency: 20 running at once). */
async function flood(s: TestService): Promise<void> {
  for (let w = 0; w < 2; w++) {
    const workflowId = await s.addWorkflow({ steps: heavySteps });
    await queueRuns(
      s,
      workflowId,
      Array.from({ length: 40 }, () => ({ text: bigText, who: 'A' })),
    );
  }
  // Until account A's steps fill the pool.
  while (starts.filter((start) => start.who === 'A').length < 30)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('fair share between accounts', () => {
  it("starts another account's steps ahead of the backlog of an account flooding two workflows with heavy runs", async () => {
    svc = await startTestService({ WORKFLOW_RATE_LIMIT: '100000' }, { runTimeLimitMs: 600_000 });
    const small = await svc.addWorkflow({ steps: [reportStep(), reportStep('again.md')] }, KEY_B);
    await timedRun(small);
    starts.length = 0;
    await flood(svc);
    const ahead: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { sent } = await timedRun(small);
      // The threads' messages may come in after the run is seen finished.
      const mine = () => starts.filter((start) => start.who === 'B' && start.at >= sent);
      while (mine().length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
      const [, last] = mine();
      // Account A's steps that got a thread while B's run was waiting for its two steps.
      ahead.push(starts.filter((start) => start.who === 'A' && start.at >= sent && start.at <= last!.at).length);
    }
    console.log(`account A's steps started while account B's run waited: ${ahead.join(', ')}`);
    // With first-in-first-out all of A's queued steps (18 or so each time) went first; taking turns, about
    // one per thread and step, plus the few A's runs queue while B's run is claimed and its steps recorded.
    expect(median(ahead)).toBeLessThanOrEqual(8);
  }, 120_000);

  it("keeps another account's small run within 3x its unloaded time while one account floods (wall time, generous margin)", async () => {
    // At this scale a report step waits 0.25 s, as a small run of the took about 0.7 s at full scale.
    svc = await startTestService(
      { WORKFLOW_TIME_SCALE: '0.125', WORKFLOW_RATE_LIMIT: '100000' },
      { runTimeLimitMs: 600_000 },
    );
    const small = await svc.addWorkflow({ steps: [reportStep(), reportStep('again.md')] }, KEY_B);
    // Warm the step threads and the caches before measuring.
    await timedRun(small);
    const unloaded: number[] = [];
    for (let i = 0; i < 3; i++) unloaded.push((await timedRun(small)).ms);
    starts.length = 0;
    await flood(svc);
    const loaded: number[] = [];
    for (let i = 0; i < 3; i++) loaded.push((await timedRun(small)).ms);
    const ratio = median(loaded) / median(unloaded);
    console.log(
      `unloaded ${unloaded.map(Math.round).join(', ')} ms; loaded ${loaded.map(Math.round).join(', ')} ms; ratio ${ratio.toFixed(2)}`,
    );
    // The goal is 3x (npm run bench fairness); a shared 2-core machine gets twice that here before the
    // test calls it a failure. First in, first out took 10-25x.
    expect(ratio).toBeLessThanOrEqual(6);
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
