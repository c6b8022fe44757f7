import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSpec } from '../planner/plan-types';
import { reportStep, startTestService, type TestService } from '../test-support/test-service';
import { closeStepPool, useStepWorker } from './step-pool';
import { TIME_LIMIT_MESSAGE } from './timing';

const SPINNING_WORKER = new URL('../test-support/spinning-step-worker.ts', import.meta.url);
const LIMIT_MS = 1_500;

let svc: TestService;
beforeAll(async () => {
  useStepWorker(SPINNING_WORKER);
  svc = await startTestService({}, { runTimeLimitMs: LIMIT_MS });
});
afterAll(async () => {
  await svc.close();
  useStepWorker(null);
  await closeStepPool();
});

async function start(steps: StepSpec[], input: Record<string, unknown> = {}) {
  const workflowId = svc.addWorkflow({ steps });
  const [execution] = svc.store.createExecutions(svc.accountId(), workflowId, [input], null);
  svc.engine.enqueued(workflowId, null, null);
  return { workflowId, executionId: execution!.id };
}

async function run(steps: StepSpec[], input: Record<string, unknown> = {}) {
  const { executionId } = await start(steps, input);
  await svc.engine.idle();
  return { row: svc.store.executions.byId(executionId)!, files: svc.store.files.summaries(executionId) };
}

describe('runExecution', () => {
  it('hides an unexpected exception behind the step number and kind', async () => {
    // A template that is not text makes the templater throw a TypeError: a bug, not a StepFailure.
    const broken = { kind: 'markdown_report', filename: 'broken.md', title: 'T', template: null } as unknown as StepSpec;
    const { row, files } = await run([reportStep(), broken]);
    expect(row).toMatchObject({ status: 'error', error: 'step 2 (markdown_report) failed: internal error' });
    expect(files.map((f) => [f.filename, f.inline_data?.toString()])).toEqual([['error.txt', 'step 2 (markdown_report) failed: internal error']]);
  });

  it('uses a StepFailure’s own message', async () => {
    const { row } = await run([{ kind: 'guard', field: 'email', rule: 'required', message: 'email is required' }]);
    expect(row).toMatchObject({ status: 'error', error: 'email is required' });
  });

  it('returns the files of the last step that produced any', async () => {
    const { row, files } = await run([reportStep('a.md'), { kind: 'guard', field: 'name', rule: 'required', message: 'x' }], { name: 'N' });
    expect(row.status).toBe('finished');
    expect(files.map((f) => f.filename)).toEqual(['a.md']);
  });

  it('finishes a workflow without steps with no results', async () => {
    const { row, files } = await run([]);
    expect(row.status).toBe('finished');
    expect(files).toEqual([]);
  });
});

describe('a step that never returns', () => {
  it('runs off the HTTP thread: requests are answered while it spins', async () => {
    const { workflowId, executionId } = await start([reportStep('spin.md')]);
    await expect.poll(() => svc.store.executions.byId(executionId)!.status).toBe('processing');
    const reply = await svc.call<{ status: string }>('GET', `/api/v1/workflows/${workflowId}/executions/${executionId}`);
    expect(reply.body.status).toBe('processing');
    await svc.engine.idle();
  });

  it('is stopped at the run time limit, and its execution ends in error with the time-limit message', async () => {
    const { row, files } = await run([reportStep('first.md'), reportStep('spin.md')], { name: 'N' });
    expect(row).toMatchObject({ status: 'error', error: TIME_LIMIT_MESSAGE });
    expect(files.map((f) => f.filename)).toEqual(['error.txt']);
    // The pool replaced the stopped thread: the next run works.
    expect((await run([reportStep('after.md')], { name: 'N' })).row.status).toBe('finished');
  });
});
