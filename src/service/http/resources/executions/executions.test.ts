import { describe, expect, it } from 'vitest';
import type { ExecutionCreateResponse, ExecutionDetail } from '../../../../contract/openapi-document';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { KEY_B, PUBLIC_URL, reportStep } from '../../../test-support/test-service';
import { GOOD, useExecutionsWorkflow, type Err, type Page } from '../../../test-support/executions-workflow';

const { svc, workflowId, runs } = useExecutionsWorkflow();

describe('POST /api/v1/workflows/{id}/executions', () => {
  it('creates an execution in status initial that finishes with its report', async () => {
    const res = await svc.call<ExecutionCreateResponse>('POST', runs(), { body: { input: GOOD } });
    expect(res.status).toBe(201);
    assertMatchesContract('createExecution', 201, res.body);
    expect(res.body).toMatchObject({ workflow_id: workflowId(), status: 'initial' });
    await svc.engine.idle();
    const detail = await svc.call<ExecutionDetail>('GET', `${runs()}/${res.body.execution_id}`);
    assertMatchesContract('getExecution', 200, detail.body);
    expect(Object.keys(detail.body).sort()).toEqual(['created_at', 'id', 'results', 'status', 'url', 'workflow_id']);
    expect(detail.body).toMatchObject({
      id: res.body.execution_id,
      status: 'finished',
      created_at: res.body.created_at,
      url: `${PUBLIC_URL}/workflows/${workflowId()}/executions/${res.body.execution_id}`,
    });
    expect(detail.body.results).toHaveLength(1);
    expect(detail.body.results![0]).toMatchObject({ filename: 'report.md', content: '# Report\n\nHello Ann\n' });
    expect(detail.body.results![0]!.url).toMatch(
      new RegExp(`^${PUBLIC_URL}/files/[0-9a-f-]{36}/report\\.md\\?expires=\\d+&signature=[0-9a-f]{64}$`),
    );
  });

  it('lists every way the input breaks the input_schema', async () => {
    const res = await svc.call<Err>('POST', runs(), { body: { input: { name: 5, website: 'nope' } } });
    expect(res.status).toBe(400);
    assertMatchesContract('createExecution', 400, res.body);
    expect(res.body.error.split('; ').sort()).toEqual(
      [
        "input: must have required property 'tone'",
        'input.name: must be string',
        'input.website: must match format "uri"',
      ].sort(),
    );
  });

  it('treats a missing body or input as {} and checks it like any input', async () => {
    const missing = await svc.call<Err>('POST', runs());
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(
      "input: must have required property 'name'; input: must have required property 'tone'",
    );
    const open = await svc.addWorkflow({ input_schema: null, steps: [reportStep()] });
    expect((await svc.call('POST', runs(open))).status).toBe(201);
    expect((await svc.call('POST', runs(open), { body: {} })).status).toBe(201);
  });

  it('answers 400 when input is not an object', async () => {
    const res = await svc.call<Err>('POST', runs(), { body: { input: [1, 2] } });
    expect(res).toMatchObject({ status: 400, body: { error: 'input must be an object' } });
  });

  it('answers 400, not 500, for input nested too deeply to store, in a single run or a batch', async () => {
    const open = await svc.addWorkflow({ input_schema: null, steps: [reportStep()] });
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const json = { 'content-type': 'application/json' };
    const deep = await svc.call<Err>('POST', runs(open), { body: `{"input":{"a":${nested(20_000)}}}`, headers: json });
    expect(deep).toMatchObject({
      status: 400,
      body: { error: 'input is nested too deeply: at most 100 levels of objects and arrays' },
    });
    const batch = await svc.call<Err>('POST', `${runs(open)}/batch`, {
      body: `{"items":[{},{"a":${nested(5_000)}}]}`,
      headers: json,
    });
    expect(batch).toMatchObject({
      status: 400,
      body: { error: 'items[1] is nested too deeply: at most 100 levels of objects and arrays' },
    });
    expect((await svc.call('POST', runs(open), { body: `{"input":{"a":${nested(99)}}}`, headers: json })).status).toBe(
      201,
    );
  });

  it('refuses to run a workflow that is still planning or failed to plan', async () => {
    const planning = await svc.store.createWorkflow({
      accountId: svc.accountId(),
      prompt: 'p',
      name: 'n',
      description: '',
      nameGiven: true,
      descriptionGiven: false,
    });
    const res = await svc.call<Err>('POST', runs(planning.id), { body: { input: {} } });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'workflow is still planning; try again in a few seconds' },
    });
    await svc.store.workflows.markFailed(planning.id, 'the prompt is empty', svc.store.nowIso());
    const failed = await svc.call<Err>('POST', `${runs(planning.id)}/batch`, { body: { items: [{}] } });
    expect(failed).toMatchObject({
      status: 400,
      body: { error: 'workflow cannot run because planning failed: the prompt is empty' },
    });
  });

  it('answers 404 for another account’s workflow', async () => {
    const res = await svc.call<Err>('POST', runs(), { key: KEY_B, body: { input: GOOD } });
    expect(res).toMatchObject({ status: 404, body: { error: 'workflow not found' } });
  });
});

describe('GET /api/v1/workflows/{id}/executions/{eid}', () => {
  it('shows retry_after_seconds and results null while waiting', async () => {
    // Written straight to the store, so the engine has not picked it up yet.
    const [waiting] = await svc.store.createExecutions(svc.accountId(), workflowId(), [GOOD], null);
    const res = await svc.call<ExecutionDetail>('GET', `${runs()}/${waiting!.id}`);
    assertMatchesContract('getExecution', 200, res.body);
    expect(Object.keys(res.body).sort()).toEqual([
      'created_at',
      'id',
      'results',
      'retry_after_seconds',
      'status',
      'url',
      'workflow_id',
    ]);
    expect(res.body).toMatchObject({ status: 'initial', retry_after_seconds: 1, results: null });
    svc.engine.enqueued(workflowId(), null, null);
    await svc.engine.idle();
  });

  it('ends a failing step in error with an error.txt result holding the message', async () => {
    const guarded = await svc.addWorkflow({
      steps: [{ kind: 'guard', field: 'name', rule: 'required', message: 'name is required' }, reportStep()],
    });
    const created = await svc.call<ExecutionCreateResponse>('POST', runs(guarded), { body: { input: {} } });
    await svc.engine.idle();
    const res = await svc.call<ExecutionDetail>('GET', `${runs(guarded)}/${created.body.execution_id}`);
    assertMatchesContract('getExecution', 200, res.body);
    expect(res.body.status).toBe('error');
    expect(res.body.results).toEqual([
      { filename: 'error.txt', url: expect.stringContaining('/error.txt?') as string, content: 'name is required' },
    ]);
    const list = await svc.call<Page>('GET', runs(guarded));
    expect(list.body.data[0]).toMatchObject({ status: 'error', error: 'name is required' });
  });

  it('answers 404 for a missing execution, another account’s, or one under another workflow', async () => {
    const created = await svc.call<ExecutionCreateResponse>('POST', runs(), { body: { input: GOOD } });
    const other = await svc.addWorkflow({ steps: [] });
    const missing = await svc.call<Err>('GET', `${runs()}/8d6f0a3e-5b7c-4b7e-9a51-0c2f7d9e1a23`);
    const foreign = await svc.call<Err>('GET', `${runs()}/${created.body.execution_id}`, { key: KEY_B });
    const elsewhere = await svc.call<Err>('GET', `${runs(other)}/${created.body.execution_id}`);
    expect(missing).toMatchObject({ status: 404, body: { error: 'execution not found' } });
    expect(foreign).toMatchObject({ status: 404, body: { error: 'workflow not found' } });
    expect(elsewhere).toMatchObject({ status: 404, body: { error: 'execution not found' } });
    assertMatchesContract('getExecution', 404, missing.body);
  });

  it('answers 400 for ids that are not UUIDs', async () => {
    expect((await svc.call<Err>('GET', `${runs()}/batch`)).body).toEqual({ error: 'executionId must be a UUID' });
    expect((await svc.call<Err>('GET', '/api/v1/workflows/x/executions')).body).toEqual({
      error: 'workflowId must be a UUID',
    });
  });
});
