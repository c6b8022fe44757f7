import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSpec } from '../workflow/plan-types';
import { reportStep, startTestService, type TestService } from '../test-support/test-service';
import { queueRuns } from '../test-support/runs';
import { closeStepPool, useStepWorker } from './step-pool';
import { TIME_LIMIT_MESSAGE } from './timing';

const SPINNING_WORKER = new URL('../test-support/spinning-step-worker.ts', import.meta.url);
const LIMIT_MS = 2_000;

let svc: TestService;
beforeAll(async () => {
  useStepWorker(SPINNING_WORKER);
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
  useStepWorker(null);
  await closeStepPool();
});

async function start(steps: StepSpec[], input: Record<string, unknown> = {}, service = svc) {
  const workflowId = await service.addWorkflow({ steps });
  const [execution] = await queueRuns(service, workflowId, [input]);
  return { workflowId, executionId: execution!.id };
}

async function run(steps: StepSpec[], input: Record<string, unknown> = {}, service = svc) {
  const { executionId } = await start(steps, input, service);
  await service.engine.idle();
  return {
    row: (await service.store.executions.byId(executionId))!,
    files: await service.store.files.summaries(executionId),
    steps: await service.store.steps.list(executionId),
  };
}

describe('runExecution', () => {
  it('hides an unexpected exception behind the step number and kind', async () => {
    // A template that is not text makes the templater throw a TypeError: a bug, not a StepFailure.
    const broken = {
      kind: 'markdown_report',
      filename: 'broken.md',
      title: 'T',
      template: null,
    } as unknown as StepSpec;
    const { row, files } = await run([reportStep(), broken]);
    expect(row).toMatchObject({ status: 'error', error: 'step 2 (markdown_report) failed: internal error' });
    expect(files.map((f) => [f.filename, f.inline_data?.toString()])).toEqual([
      ['error.txt', 'step 2 (markdown_report) failed: internal error'],
    ]);
  });

  it('uses a StepFailure’s own message', async () => {
    const { row } = await run([{ kind: 'guard', field: 'email', rule: 'required', message: 'email is required' }]);
    expect(row).toMatchObject({ status: 'error', error: 'email is required' });
  });

  it('returns the files of the last step that produced any', async () => {
    const { row, files } = await run(
      [reportStep('a.md'), { kind: 'guard', field: 'name', rule: 'required', message: 'x' }],
      { name: 'N' },
    );
    expect(row.status).toBe('finished');
    expect(files.map((f) => f.filename)).toEqual(['a.md']);
  });

  it('records every step’s timing: finishing one starts the next, and completion finishes the last', async () => {
    const { row, steps } = await run([reportStep('a.md'), reportStep('b.md'), reportStep('c.md')], { name: 'N' });
    expect(row.status).toBe('finished');
    expect(steps.map((step) => [step.position, step.status])).toEqual([
      [0, 'finished'],
      [1, 'finished'],
      [2, 'finished'],
    ]);
    expect(steps.every((step) => step.finished_at !== null && step.finished_at >= step.started_at)).toBe(true);
    expect(steps[1]!.started_at).toBe(steps[0]!.finished_at);
  });

  it('marks the failing step in error and keeps the ones before it finished', async () => {
    const guard = { kind: 'guard', field: 'email', rule: 'required', message: 'email is required' } as const;
    const { steps } = await run([reportStep('a.md'), guard, reportStep('c.md')]);
    expect(steps.map((step) => [step.position, step.status, step.error])).toEqual([
      [0, 'finished', null],
      [1, 'error', 'email is required'],
    ]);
  });

  it('finishes a workflow without steps with no results', async () => {
    const { row, files } = await run([]);
    expect(row.status).toBe('finished');
    expect(files).toEqual([]);
  });
});

describe('a step that never returns', () => {
  let limited: TestService;
  beforeAll(async () => {
    limited = await startTestService({}, { runTimeLimitMs: LIMIT_MS });
    // Threads loading their modules on a busy machine must not eat into the runs' time limit below.
    await run([reportStep('warm-up.md')], { name: 'N' });
  });
  afterAll(() => limited.close());

  it('runs off the HTTP thread: requests are answered while it spins', async () => {
    const { workflowId, executionId } = await start([reportStep('spin.md')], {}, limited);
    await expect.poll(async () => (await limited.store.executions.byId(executionId))!.status).toBe('processing');
    const reply = await limited.call<{ status: string }>(
      'GET',
      `/api/v1/workflows/${workflowId}/executions/${executionId}`,
    );
    expect(reply.body.status).toBe('processing');
    await limited.engine.idle();
  });

  it('is stopped at the run time limit, and its execution ends in error with the time-limit message', async () => {
    const { row, files } = await run([reportStep('first.md'), reportStep('spin.md')], { name: 'N' }, limited);
    expect(row).toMatchObject({ status: 'error', error: TIME_LIMIT_MESSAGE });
    expect(files.map((f) => f.filename)).toEqual(['error.txt']);
    // The pool replaced the stopped thread: the next run works.
    expect((await run([reportStep('after.md')], { name: 'N' }, limited)).row.status).toBe('finished');
  });
});
