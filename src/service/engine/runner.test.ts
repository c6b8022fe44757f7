import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StepSpec } from '../planner/plan-types';
import type * as RunStepModule from '../steps/run-step';
import { reportStep, startTestService, type TestService } from '../test-support/test-service';

// A step that fails with an unexpected exception (a bug, not a StepFailure) exercises the runner's last line of defence.
vi.mock('../steps/run-step', async (importOriginal) => {
  const real = await importOriginal<typeof RunStepModule>();
  return {
    ...real,
    runStep: (step: StepSpec, ctx: Parameters<typeof real.runStep>[1]) => {
      if ('filename' in step && step.filename === 'explode.md') throw new TypeError('cannot read properties of undefined');
      return real.runStep(step, ctx);
    },
  };
});

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

async function run(steps: StepSpec[], input: Record<string, unknown> = {}) {
  const workflowId = svc.addWorkflow({ steps });
  const [execution] = svc.store.createExecutions(svc.accountId(), workflowId, [input], null);
  svc.engine.enqueued(workflowId, null, null);
  await svc.engine.idle();
  return { row: svc.store.executions.byId(execution!.id)!, files: svc.store.files.summaries(execution!.id) };
}

describe('runExecution', () => {
  it('hides an unexpected exception behind the step number and kind', async () => {
    const { row, files } = await run([reportStep(), reportStep('explode.md')]);
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
