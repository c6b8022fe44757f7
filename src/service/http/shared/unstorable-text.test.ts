import { beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionCreateResponse, ExecutionDetail } from '../../../contract/openapi-document';
import { reportStep } from '../../test-support/test-service';
import { useTestService } from '../../test-support/use-service';
import { runsUrl } from '../../test-support/runs';

type Err = { error: string };

// PostgreSQL cannot store NUL in text (SQLite can): every text a request stores must be refused, or cleaned, first.
const svc = useTestService();
let approvalWorkflow: string;
let guardedWorkflow: string;
beforeAll(async () => {
  approvalWorkflow = await svc.addWorkflow({
    steps: [
      reportStep('draft.md'),
      { kind: 'approval', message: 'Check {{ input.name }}', syntax: 'liquid' },
      reportStep('final.md'),
    ],
  });
  guardedWorkflow = await svc.addWorkflow({
    steps: [
      { kind: 'guard', field: 'name', rule: 'not_contains', value: 'FAIL', message: 'name was {{value}}' },
      reportStep(),
    ],
  });
});

async function waitingExecution(input: Record<string, unknown> = { name: 'Ann' }): Promise<string> {
  const created = await svc.call<ExecutionCreateResponse>('POST', runsUrl(approvalWorkflow), { body: { input } });
  expect(created.status).toBe(201);
  await svc.engine.idle();
  expect((await svc.store.executions.byId(created.body.execution_id))?.status).toBe('human_in_the_loop');
  return created.body.execution_id;
}

describe('text a person types that the database cannot hold', () => {
  it.each([
    ['a NUL', 'looks wrong\u0000'],
    ['an unpaired surrogate', 'looks wrong \ud800'],
  ])('refuses an approval comment with %s with 400, and the run keeps waiting', async (_what, comment) => {
    const id = await waitingExecution();
    const res = await svc.call<Err>('POST', `${runsUrl(approvalWorkflow)}/${id}/approval`, {
      body: { approved: false, comment },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'comment must not contain NUL characters or unpaired surrogates' },
    });
    expect((await svc.store.executions.byId(id))?.status).toBe('human_in_the_loop');
  });

  it('refuses a cancel reason with a NUL with 400, and cancels nothing', async () => {
    const id = await waitingExecution();
    const res = await svc.call<Err>('POST', `${runsUrl(approvalWorkflow)}/cancel`, {
      body: { execution_ids: [id], reason: 'stop\u0000' },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'reason must not contain NUL characters or unpaired surrogates' },
    });
    expect((await svc.store.executions.byId(id))?.status).toBe('human_in_the_loop');
  });

  it('refuses a NUL in a renamed workflow or an edited prompt with 400', async () => {
    const url = `/api/v1/workflows/${approvalWorkflow}`;
    const rename = await svc.call<Err>('PATCH', url, { body: { name: 'New\u0000name' } });
    expect(rename).toMatchObject({
      status: 400,
      body: { error: 'name must not contain NUL characters or unpaired surrogates' },
    });
    const replan = await svc.call<Err>('POST', `${url}/replan`, { body: { prompt: 'Summarize\u0000 the notes' } });
    expect(replan.status).toBe(400);
  });

  it('ends a run in error, quoting the value with its NUL escaped, when a step failure quotes an input holding one', async () => {
    const created = await svc.call<ExecutionCreateResponse>('POST', runsUrl(guardedWorkflow), {
      body: { input: { name: 'FAIL\u0000x' } },
    });
    expect(created.status).toBe(201);
    await svc.engine.idle();
    const detail = await svc.call<ExecutionDetail>('GET', `${runsUrl(guardedWorkflow)}/${created.body.execution_id}`);
    expect(detail.body).toMatchObject({
      status: 'error',
      results: [{ filename: 'error.txt', content: 'name was "FAIL\\u0000x"' }],
    });
  });

  it('shows an approval message that quotes an input holding a NUL, and the run can be decided', async () => {
    const id = await waitingExecution({ name: 'A\u0000nn' });
    const res = await svc.call<ExecutionDetail>('POST', `${runsUrl(approvalWorkflow)}/${id}/approval`, {
      body: { approved: true },
    });
    expect(res.status).toBe(200);
    await svc.engine.idle();
    expect((await svc.store.executions.byId(id))?.status).toBe('finished');
  });
});
