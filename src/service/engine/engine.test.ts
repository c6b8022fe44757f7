import { afterEach, describe, expect, it } from 'vitest';
import type { StepSpec } from '../planner/plan-types';
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

/** Samples how many executions of each workflow are processing, until the engine is idle. */
async function sampleWhileDraining(svc: TestService, workflowIds: string[]): Promise<Map<string, number>> {
  const peaks = new Map(workflowIds.map((id) => [id, 0]));
  let done = false;
  const idle = svc.engine.idle().then(() => {
    done = true;
  });
  while (!done) {
    for (const id of workflowIds) {
      const processing = svc.store.executions.countByStatus(id).processing ?? 0;
      expect(svc.engine.runningCount(id)).toBeLessThanOrEqual(10);
      peaks.set(id, Math.max(peaks.get(id)!, processing));
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await idle;
  return peaks;
}

const slowStep: StepSpec = reportStep(); // 2 s nominal; at scale 0.005 about 10 ms

/** A service at scale 0.005 with one slow-step workflow and `count` runs of it queued. */
async function slowRuns(count: number, input: object = {}, batch: BatchOptions | null = null) {
  const svc = await service({ WORKFLOW_TIME_SCALE: '0.005' });
  const workflowId = svc.addWorkflow({ steps: [slowStep] });
  const inputs = Array.from({ length: count }, () => ({ ...input }));
  return { svc, workflowId, queued: queueRuns(svc, workflowId, inputs, batch) };
}

describe('dispatch', () => {
  it('never processes more than 10 executions of a workflow at once, and starts them in creation order', async () => {
    const { svc, workflowId, queued: created } = await slowRuns(60, { name: 'x' });
    const peaks = await sampleWhileDraining(svc, [workflowId]);
    expect(peaks.get(workflowId)).toBe(10);
    expect(svc.store.executions.countByStatus(workflowId)).toEqual({ finished: 60 });
    const started = created.map((e) => svc.store.executions.byId(e.id)!.started_at!);
    expect([...started].sort((a, b) => a - b)).toEqual(started);
  });

  it('caps each batch at its concurrency: low 1, medium 5, high 10 (the per-workflow limit)', async () => {
    const svc = await service({ WORKFLOW_TIME_SCALE: '0.005' });
    const levels = ['low', 'medium', 'high'] as const;
    const ids = levels.map(() => svc.addWorkflow({ steps: [slowStep] }));
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
    const svc = await service({ WORKFLOW_TIME_SCALE: '0.005' });
    const workflowId = svc.addWorkflow({ concurrency: 'low', steps: [slowStep] });
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
    const workflowId = svc.addWorkflow({
      steps: [reportStep(), { kind: 'pdf_document', filename: 'a.pdf', title: 'A' }],
    });
    const [execution] = queueRuns(svc, workflowId, [{}]);
    await svc.engine.idle();
    const row = svc.store.executions.byId(execution!.id)!;
    expect(row).toMatchObject({ status: 'error', error: TIME_LIMIT_MESSAGE });
    expect(TIME_LIMIT_MESSAGE).toBe('execution exceeded the 15-minute run time limit');
  });

  it('does not count time spent waiting for approval', async () => {
    const svc = await service({ WORKFLOW_TIME_SCALE: '0.01' }, 200);
    const workflowId = svc.addWorkflow({
      steps: [reportStep(), { kind: 'approval', message: 'ok?' }, { kind: 'render_html', filename: 'a.html' }],
    });
    const [execution] = queueRuns(svc, workflowId, [{}]);
    await svc.engine.idle();
    expect(svc.store.executions.byId(execution!.id)!.status).toBe('human_in_the_loop');
    await new Promise((resolve) => setTimeout(resolve, 300));
    svc.engine.decide(svc.store.executions.byId(execution!.id)!, true, undefined);
    await svc.engine.idle();
    expect(svc.store.executions.byId(execution!.id)!.status).toBe('finished');
  });
});

describe('retry_after_seconds', () => {
  it('grows with the queue ahead and stays within 1..30', async () => {
    const svc = await service({ WORKFLOW_TIME_SCALE: '1' });
    await svc.engine.stop();
    const workflowId = svc.addWorkflow({ steps: [reportStep(), reportStep('b.md')] });
    const workflow = svc.store.workflows.byId(workflowId)!;
    const rows = svc.store.createExecutions(
      svc.accountId(),
      workflowId,
      Array.from({ length: 200 }, () => ({})),
      null,
    );
    const estimate = (i: number) => svc.engine.retryAfterSeconds(svc.store.executions.byId(rows[i]!.id)!, workflow);
    expect(estimate(0)).toBe(4);
    expect(estimate(10)).toBe(8);
    expect(estimate(199)).toBe(30);
  });
});

describe('recovery after a crash', () => {
  it('requeues processing runs, fails those past their deadline, and never lets the old attempt complete', async () => {
    const first = await service();
    await first.engine.stop();
    const workflowId = first.addWorkflow({ steps: [reportStep()] });
    const [late, interrupted] = first.store.createExecutions(first.accountId(), workflowId, [{}, {}], null);
    const now = Date.now();
    expect(first.store.executions.claim(late!.id, now - 60_000, now - 1_000)).toBe(true);
    expect(first.store.executions.claim(interrupted!.id, now, now + 60_000)).toBe(true);
    await first.shutdown();

    const second = await service({ DATA_DIR: first.dataDir });
    await second.engine.idle();
    expect(second.store.executions.byId(late!.id)).toMatchObject({ status: 'error', error: TIME_LIMIT_MESSAGE });
    expect(second.store.executions.byId(interrupted!.id)).toMatchObject({ status: 'finished', attempt: 2 });
    expect(second.store.completeExecution(interrupted!.id, 1, [])).toBe(false);
    expect(second.store.files.summaries(interrupted!.id)).toHaveLength(1);
  });

  it('ends a run that was cancelled while processing in error on restart, with the cancel message', async () => {
    const first = await service();
    await first.engine.stop();
    const workflowId = first.addWorkflow({ steps: [reportStep()] });
    const [marked] = first.store.createExecutions(first.accountId(), workflowId, [{}], null);
    const now = Date.now();
    expect(first.store.executions.claim(marked!.id, now, now + 60_000)).toBe(true);
    const counts = first.store.cancelExecutions(
      first.accountId(),
      workflowId,
      { ids: [marked!.id] },
      'cancelled by A (API key)',
    );
    expect(counts).toEqual({ cancelled: 0, stopping: 1, unchanged: 0, not_found: 0 });
    await first.shutdown();

    const second = await service({ DATA_DIR: first.dataDir });
    await second.engine.idle();
    expect(second.store.executions.byId(marked!.id)).toMatchObject({
      status: 'error',
      error: 'cancelled by A (API key)',
      attempt: 1,
    });
    expect(second.store.files.summaries(marked!.id).map((f) => f.filename)).toEqual(['error.txt']);
  });

  it('drops cancelled waiting executions from its queues and goes idle', async () => {
    const { svc, workflowId, queued: batch } = await slowRuns(20, {}, { batchId: 'b1', cap: 1 });
    const counts = svc.store.cancelExecutions(svc.accountId(), workflowId, { batchId: 'b1' }, 'stop');
    svc.engine.cancelled(workflowId);
    expect(counts.cancelled + counts.stopping).toBe(20);
    await svc.engine.idle();
    // At most the one run already claimed got to run; every cancelled one kept attempt 0.
    const attempts = batch.map((e) => svc.store.executions.byId(e.id)!.attempt);
    expect(attempts.filter((a) => a > 0).length).toBe(counts.stopping);
    expect(svc.store.executions.countByStatus(workflowId)).toEqual({ error: 20 });
  });

  it('resumes planning and keeps approvals waiting across a restart', async () => {
    const first = await service();
    const workflowId = first.addWorkflow({
      steps: [reportStep(), { kind: 'approval', message: 'ok?' }, { kind: 'render_html', filename: 'a.html' }],
    });
    const [waiting] = queueRuns(first, workflowId, [{ name: 'Zoe' }]);
    await first.engine.idle();
    await first.engine.stop();
    const planning = first.store.createWorkflow({
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
    expect(second.store.workflows.byId(planning.id)!.status).toBe('ready');
    expect(second.store.executions.byId(waiting!.id)!.status).toBe('human_in_the_loop');
    second.engine.decide(second.store.executions.byId(waiting!.id)!, true, undefined);
    await second.engine.idle();
    expect(second.store.executions.byId(waiting!.id)!.status).toBe('finished');
    const files = second.store.files.summaries(waiting!.id);
    expect(files.map((f) => f.filename)).toEqual(['a.html']);
    expect(files[0]!.inline_data!.toString()).toContain('Hello Zoe');
  });
});
