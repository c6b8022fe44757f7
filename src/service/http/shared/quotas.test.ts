import { afterEach, describe, expect, it } from 'vitest';
import type { BatchCreateResponse } from '../../../contract/openapi-document';
import { assertMatchesContract } from '../../test-support/contract-validator';
import { queueRuns, runsUrl } from '../../test-support/runs';
import { KEY_B, reportStep, startTestService, type TestService } from '../../test-support/test-service';

let svc: TestService | undefined;
afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

/** A service whose engine is stopped, so every run sent stays waiting to start. */
async function heldService(env: Record<string, string> = {}): Promise<TestService> {
  svc = await startTestService({ WORKFLOW_RATE_LIMIT: '100000', ...env });
  await svc.engine.stop();
  return svc;
}

const items = (n: number) => Array.from({ length: n }, () => ({ name: 'x' }));

describe('queued runs per account', () => {
  it('answers 429 with a clear message and Retry-After once the account has WORKFLOW_ACCOUNT_MAX_QUEUED runs waiting', async () => {
    const s = await heldService({ WORKFLOW_ACCOUNT_MAX_QUEUED: '5' });
    const workflowId = await s.addWorkflow({ steps: [reportStep()] });
    expect((await s.call('POST', `${runsUrl(workflowId)}/batch`, { body: { items: items(4) } })).status).toBe(201);

    const tooMany = await s.call<{ error: string }>('POST', `${runsUrl(workflowId)}/batch`, {
      body: { items: items(2) },
    });
    expect(tooMany.status).toBe(429);
    assertMatchesContract('createExecutionBatch', 429, tooMany.body);
    expect(tooMany.body.error).toBe(
      'This account already has 4 runs waiting to start, and may have at most 5; these 2 would go past that. Wait for some to finish, or send fewer at once.',
    );
    expect(tooMany.headers['retry-after']).toBe('30');

    expect((await s.call('POST', runsUrl(workflowId), { body: { input: { name: 'x' } } })).status).toBe(201);
    const full = await s.call<{ error: string }>('POST', runsUrl(workflowId), { body: { input: { name: 'x' } } });
    expect(full.status).toBe(429);
    assertMatchesContract('createExecution', 429, full.body);
    expect(full.body.error).toBe(
      'This account already has 5 runs waiting to start, and may have at most 5; wait for some to finish, then send this again.',
    );
    expect(await s.store.executions.countByStatus(workflowId)).toEqual({ initial: 5 });

    // The quota is the account's own: another account still sends runs.
    const other = await s.addWorkflow({ steps: [reportStep()] }, KEY_B);
    expect((await s.call('POST', runsUrl(other), { key: KEY_B, body: { input: {} } })).status).toBe(201);
  });

  it('admits by default a full 10,000-item batch on top of 10,000 runs already waiting', async () => {
    const s = await heldService();
    const workflowId = await s.addWorkflow({ steps: [reportStep()] });
    await queueRuns(s, workflowId, items(10_000));
    const batch = await s.call<BatchCreateResponse>('POST', `${runsUrl(workflowId)}/batch`, {
      body: { items: items(10_000) },
    });
    expect(batch.status).toBe(201);
    expect(batch.body.total).toBe(10_000);
    expect((await s.call('POST', runsUrl(workflowId), { body: { input: { name: 'x' } } })).status).toBe(201);
  }, 120_000);
});

describe('workflows per account', () => {
  it('answers 400 with a clear message once the account has WORKFLOW_ACCOUNT_MAX_WORKFLOWS workflows', async () => {
    const s = await heldService({ WORKFLOW_ACCOUNT_MAX_WORKFLOWS: '12' });
    // Every account starts with the demo workflows.
    const demos = await s.store.workflows.countOf(s.accountId());
    for (let i = demos; i < 12; i++) {
      expect((await s.call('POST', '/api/v1/workflows', { body: { prompt: 'Summarize meeting notes' } })).status).toBe(
        201,
      );
    }
    const refused = await s.call<{ error: string }>('POST', '/api/v1/workflows', {
      body: { prompt: 'Summarize meeting notes' },
    });
    expect(refused.status).toBe(400);
    assertMatchesContract('createWorkflow', 400, refused.body);
    expect(refused.body.error).toBe(
      'This account already has 12 workflows, the most it may keep; delete one you no longer need, then create this one.',
    );
    const other = await s.call('POST', '/api/v1/workflows', {
      key: KEY_B,
      body: { prompt: 'Summarize meeting notes' },
    });
    expect(other.status).toBe(201);
  });
});

describe('stored result bytes per account', () => {
  it('answers 400 to a new run once the account keeps WORKFLOW_ACCOUNT_MAX_STORED_MB of files', async () => {
    svc = await startTestService({ WORKFLOW_RATE_LIMIT: '100000', WORKFLOW_ACCOUNT_MAX_STORED_MB: '1' });
    const s = svc;
    const workflowId = await s.addWorkflow({
      steps: [
        { kind: 'markdown_report', filename: 'big.md', title: 'Big', template: '{{ input.text }}', syntax: 'liquid' },
      ],
    });
    await queueRuns(s, workflowId, [{ text: 'word '.repeat(220_000) }]);
    await s.engine.idle();
    expect(await s.store.executions.countByStatus(workflowId)).toEqual({ finished: 1 });

    const refused = await s.call<{ error: string }>('POST', runsUrl(workflowId), { body: { input: { text: 'x' } } });
    expect(refused.status).toBe(400);
    assertMatchesContract('createExecution', 400, refused.body);
    expect(refused.body.error).toBe(
      "This account's results and batches already take 1 MB, the most it may keep (1 MB); delete workflows whose results you no longer need, then start this run again.",
    );
    const batch = await s.call('POST', `${runsUrl(workflowId)}/batch`, { body: { items: [{ text: 'x' }] } });
    expect(batch.status).toBe(400);
    const other = await s.addWorkflow({ steps: [reportStep()] }, KEY_B);
    expect((await s.call('POST', runsUrl(other), { key: KEY_B, body: { input: {} } })).status).toBe(201);
  });
});
