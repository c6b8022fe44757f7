import { afterEach, describe, expect, it } from 'vitest';
import type { StepSpec } from '../workflow/plan-types';
import type { BatchOptions } from '../store/store';
import { reportStep, startTestService, type TestService } from '../test-support/test-service';
import { queueRuns } from '../test-support/runs';
import { TIME_LIMIT_MESSAGE } from './timing';

const services: TestService[] = [];
async function service(env: Record<string, string> = {}, runTimeLimitMs?: number): Promise<TestService> {
  const svc = await startTestService(
    { WORKFLOW_RATE_LIMIT: '100000', ...env },
    runTimeLimitMs === undefined ? {} : { runTimeLimitMs },
  );
  services.push(svc);
  return svc;
}
afterEach(async () => {
  for (const svc of services.splice(0).reverse()) await svc.close();
});

const row = async (svc: TestService, id: string) => (await svc.store.executions.byId(id))!;

/** Samples how many executions of each workflow are processing, until the engine is idle. */
async function sampleWhileDraining(svc: TestService, workflowIds: string[]): Promise<Map<string, number>> {
  const peaks = new Map(workflowIds.map((id) => [id, 0]));
  let done = false;
  const idle = svc.engine.idle().then(() => {
    done = true;
  });
  while (!done) {
    for (const id of workflowIds) {
      const processing = (await svc.store.executions.countByStatus(id)).processing ?? 0;
      expect(svc.engine.runningCount(id)).toBeLessThanOrEqual(10);
      peaks.set(id, Math.max(peaks.get(id)!, processing));
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await idle;
  return peaks;
}

const slowStep: StepSpec = reportStep(); // 2 s nominal; at scale 0.005 about 10 ms
/** The scaled limit at 0.005 is 4.5 s: step threads still loading on a busy machine could reach it. */
const ROOMY_LIMIT_MS = 60_000;

/** A service at `scale` (0.005 unless said) with one slow-step workflow and `count` runs of it queued. */
async function slowRuns(count: number, input: object = {}, batch: BatchOptions | null = null, scale = '0.005') {
  const svc = await service({ WORKFLOW_TIME_SCALE: scale }, ROOMY_LIMIT_MS);
  const workflowId = await svc.addWorkflow({ steps: [slowStep] });
  const inputs = Array.from({ length: count }, () => ({ ...input }));
  return { svc, workflowId, queued: await queueRuns(svc, workflowId, inputs, batch) };
}

describe('dispatch', () => {
  it('never processes more than 10 executions of a workflow at once, and starts them in creation order', async () => {
    const { svc, workflowId, queued: created } = await slowRuns(60, { name: 'x' });
    const peaks = await sampleWhileDraining(svc, [workflowId]);
    expect(peaks.get(workflowId)).toBe(10);
    expect(await svc.store.executions.countByStatus(workflowId)).toEqual({ finished: 60 });
    const started = await Promise.all(created.map(async (e) => (await svc.store.executions.byId(e.id))!.started_at!));
    expect([...started].sort((a, b) => a - b)).toEqual(started);
  });

  it('caps each batch at its concurrency: low 1, medium 5, high 10 (the per-workflow limit)', async () => {
    // Steps of about 50 ms: on PostgreSQL each sample is a round trip per workflow, and 10 ms steps of the
    // high batch could end between two samples, hiding its peak of 10.
    const svc = await service({ WORKFLOW_TIME_SCALE: '0.025' }, ROOMY_LIMIT_MS);
    const levels = ['low', 'medium', 'high'] as const;
    const ids: string[] = [];
    for (const _ of levels) ids.push(await svc.addWorkflow({ steps: [slowStep] }));
    for (const [i, level] of levels.entries()) {
      const res = await svc.call('POST', `/api/v1/workflows/${ids[i]}/executions/batch`, {
        body: { items: Array.from({ length: 25 }, () => ({})), concurrency: level },
      });
      expect(res.status).toBe(201);
    }
    const peaks = await sampleWhileDraining(svc, ids);
    expect(ids.map((id) => peaks.get(id))).toEqual([1, 5, 10]);
  });

  it('defaults a batch to the workflow’s own concurrency, and lets single runs share the remaining slots', async () => {
    // Steps of 500 ms: the four single runs, created one request at a time, all overlap the batch's one.
    // (With 100 ms steps, four requests on PostgreSQL under two test workers took longer than a step,
    // and the first single run ended before the last began: CI saw a peak of 4.)
    const svc = await service({ WORKFLOW_TIME_SCALE: '0.25' }, ROOMY_LIMIT_MS);
    const workflowId = await svc.addWorkflow({ concurrency: 'low', steps: [slowStep] });
    await svc.call('POST', `/api/v1/workflows/${workflowId}/executions/batch`, {
      body: { items: Array.from({ length: 6 }, () => ({})) },
    });
    for (let i = 0; i < 4; i++) await svc.call('POST', `/api/v1/workflows/${workflowId}/executions`);
    const peaks = await sampleWhileDraining(svc, [workflowId]);
    expect(peaks.get(workflowId)).toBe(5);
  });
});

describe('time limit', () => {
  it('ends a run that goes over the limit in error, saying so', async () => {
    const svc = await service({ WORKFLOW_TIME_SCALE: '1' }, 150);
    const workflowId = await svc.addWorkflow({
      steps: [reportStep(), { kind: 'pdf_document', filename: 'a.pdf', title: 'A' }],
    });
    const [execution] = await queueRuns(svc, workflowId, [{}]);
    await svc.engine.idle();
    expect(await row(svc, execution!.id)).toMatchObject({ status: 'error', error: TIME_LIMIT_MESSAGE });
    expect(TIME_LIMIT_MESSAGE).toBe('execution exceeded the 15-minute run time limit');
  });

  it('does not count time spent waiting for approval', async () => {
    // The wait is longer than the limit, and the limit leaves room for the steps' own work on a loaded
    // machine (200 ms was too little for PostgreSQL's round trips under CI's two test workers).
    const svc = await service({ WORKFLOW_TIME_SCALE: '0.01' }, 1_000);
    const workflowId = await svc.addWorkflow({
      steps: [reportStep(), { kind: 'approval', message: 'ok?' }, { kind: 'render_html', filename: 'a.html' }],
    });
    const [execution] = await queueRuns(svc, workflowId, [{}]);
    await svc.engine.idle();
    expect((await row(svc, execution!.id)).status).toBe('human_in_the_loop');
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(
      await svc.engine.decide(await row(svc, execution!.id), true, undefined, { id: 'k-reviewer', name: 'Reviewer' }),
    ).toBe('ok');
    await svc.engine.idle();
    expect((await row(svc, execution!.id)).status).toBe('finished');
  });
});

describe('retry_after_seconds', () => {
  it('grows with the queue ahead and stays within 1..30', async () => {
    const svc = await service({ WORKFLOW_TIME_SCALE: '1' });
    await svc.engine.stop();
    const workflowId = await svc.addWorkflow({ steps: [reportStep(), reportStep('b.md')] });
    const workflow = (await svc.store.workflows.byId(workflowId))!;
    const rows = await svc.store.createExecutions(
      svc.accountId(),
      workflowId,
      Array.from({ length: 200 }, () => ({})),
      null,
    );
    const estimate = async (i: number) => svc.engine.retryAfterSeconds(await row(svc, rows[i]!.id), workflow);
    expect(await estimate(0)).toBe(4);
    expect(await estimate(10)).toBe(8);
    expect(await estimate(199)).toBe(30);
  });
});

describe('stopping', () => {
  it('puts the runs it interrupts back in the queue at once, for any replica to run', async () => {
    const svc = await service({ WORKFLOW_TIME_SCALE: '1' });
    const workflowId = await svc.addWorkflow({ steps: [slowStep] });
    const queued = await queueRuns(svc, workflowId, [{}, {}, {}]);
    await expect.poll(async () => (await svc.store.executions.countByStatus(workflowId)).processing).toBe(3);
    await svc.engine.stop();
    // Interrupted mid-step: waiting again with no owner, and the attempt they had can no longer complete them.
    const rows = await Promise.all(queued.map((e) => row(svc, e.id)));
    expect(rows.map((r) => [r.status, r.attempt, r.owner, r.lease_until])).toEqual(
      queued.map(() => ['initial', 1, null, null]),
    );
    expect(await svc.store.completeExecution(queued[0]!.id, 1, [])).toBe(false);
  });
});

describe('recovery after a crash', () => {
  it('requeues processing runs, fails those past their deadline, and never lets the old attempt complete', async () => {
    const first = await service();
    await first.engine.stop();
    const workflowId = await first.addWorkflow({ steps: [reportStep()] });
    const [late, interrupted] = await first.store.createExecutions(first.accountId(), workflowId, [{}, {}], null);
    const now = Date.now();
    expect(await first.store.executions.claim(late!.id, now - 60_000, now - 1_000)).toBe(true);
    expect(await first.store.executions.claim(interrupted!.id, now, now + 60_000)).toBe(true);
    await first.shutdown();

    const second = await service({ DATA_DIR: first.dataDir });
    await second.engine.idle();
    expect(await row(second, late!.id)).toMatchObject({ status: 'error', error: TIME_LIMIT_MESSAGE });
    expect(await row(second, interrupted!.id)).toMatchObject({ status: 'finished', attempt: 2 });
    expect(await second.store.completeExecution(interrupted!.id, 1, [])).toBe(false);
    expect(await second.store.files.summaries(interrupted!.id)).toHaveLength(1);
  });

  it('ends a run that was cancelled while processing in error on restart, with the cancel message', async () => {
    const first = await service();
    await first.engine.stop();
    const workflowId = await first.addWorkflow({ steps: [reportStep()] });
    const [marked] = await first.store.createExecutions(first.accountId(), workflowId, [{}], null);
    const now = Date.now();
    expect(await first.store.executions.claim(marked!.id, now, now + 60_000)).toBe(true);
    const counts = await first.store.cancelExecutions({
      accountId: first.accountId(),
      workflowId,
      target: { ids: [marked!.id] },
      message: 'cancelled by A (API key)',
      by: 'k-a',
    });
    expect(counts).toEqual({ cancelled: 0, stopping: 1, unchanged: 0, not_found: 0 });
    await first.shutdown();

    const second = await service({ DATA_DIR: first.dataDir });
    await second.engine.idle();
    expect(await row(second, marked!.id)).toMatchObject({
      status: 'error',
      error: 'cancelled by A (API key)',
      attempt: 1,
    });
    expect((await second.store.files.summaries(marked!.id)).map((f) => f.filename)).toEqual(['error.txt']);
  });

  it('drops cancelled waiting executions from its queues and goes idle', async () => {
    // Steps of about 1 s: the one run claimed must still be running when the cancel lands. With 10 ms
    // steps a busy PostgreSQL let it end first, and only 19 of the 20 were left to cancel.
    const { svc, workflowId, queued: batch } = await slowRuns(20, {}, { batchId: 'b1', cap: 1 }, '0.5');
    const counts = await svc.store.cancelExecutions({
      accountId: svc.accountId(),
      workflowId,
      target: { batchId: 'b1' },
      message: 'stop',
      by: 'k-a',
    });
    svc.engine.cancelled(workflowId);
    expect(counts.cancelled + counts.stopping).toBe(20);
    await svc.engine.idle();
    // At most the one run already claimed got to run; every cancelled one kept attempt 0.
    const attempts = await Promise.all(batch.map(async (e) => (await row(svc, e.id)).attempt));
    expect(attempts.filter((a) => a > 0).length).toBe(counts.stopping);
    expect(await svc.store.executions.countByStatus(workflowId)).toEqual({ error: 20 });
  });

  it('resumes planning and keeps approvals waiting across a restart', async () => {
    const first = await service();
    const workflowId = await first.addWorkflow({
      steps: [reportStep(), { kind: 'approval', message: 'ok?' }, { kind: 'render_html', filename: 'a.html' }],
    });
    const [waiting] = await queueRuns(first, workflowId, [{ name: 'Zoe' }]);
    await first.engine.idle();
    await first.engine.stop();
    const planning = await first.store.createWorkflow({
      accountId: first.accountId(),
      prompt: 'Summarize meeting notes',
      name: 'Notes',
      description: '',
      nameGiven: true,
      descriptionGiven: false,
    });
    await first.shutdown();

    const second = await service({ DATA_DIR: first.dataDir });
    await second.engine.idle();
    expect((await second.store.workflows.byId(planning.id))!.status).toBe('ready');
    expect((await row(second, waiting!.id)).status).toBe('human_in_the_loop');
    expect(
      await second.engine.decide(await row(second, waiting!.id), true, undefined, {
        id: 'k-reviewer',
        name: 'Reviewer',
      }),
    ).toBe('ok');
    await second.engine.idle();
    expect((await row(second, waiting!.id)).status).toBe('finished');
    const files = await second.store.files.summaries(waiting!.id);
    expect(files.map((f) => f.filename)).toEqual(['a.html']);
    expect(files[0]!.inline_data!.toString()).toContain('Hello Zoe');
    // One write per step: each step's record is finished, the approval by the decision.
    const steps = await second.store.steps.list(waiting!.id);
    expect(steps.map((step) => [step.position, step.status])).toEqual([
      [0, 'finished'],
      [1, 'finished'],
      [2, 'finished'],
    ]);
  });
});
