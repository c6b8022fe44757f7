import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchCreateResponse, ExecutionCreateResponse, Schemas } from '../../../../contract/openapi-document';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { KEY_A, KEY_B, reportStep, startTestService, type TestService } from '../../../test-support/test-service';
import { useTestService } from '../../../test-support/use-service';
import { runsUrl } from '../../../test-support/runs';

type Err = { error: string };
type Activity = Schemas['ExecutionActivity'];
type AccountItem = Schemas['AccountExecutionListItem'];
type Page<T> = { data: T[]; cursor: string | null };

const svc = useTestService();
let workflowId: string;
let other: string;
/** A second key of account A, named after the colleague who holds it. */
let ben: { id: string; key: string };
let anaKeyId: string;

beforeAll(async () => {
  workflowId = await svc.addWorkflow({
    steps: [reportStep('draft.md'), { kind: 'approval', message: 'Check the draft' }, reportStep('final.md')],
  });
  other = await svc.addWorkflow({ name: 'Plain report', steps: [reportStep()] });
  const keys = await svc.call<{ data: Schemas['ApiKey'][] }>('GET', '/api/v1/keys');
  anaKeyId = keys.body.data[0]!.id;
  const created = await svc.call<Schemas['CreatedApiKey']>('POST', '/api/v1/keys', { body: { name: 'Ben' } });
  ben = { id: created.body.id, key: created.body.key };
});

const activityOf = async (id: string, wf = workflowId, key = KEY_A) => {
  const res = await svc.call<Activity & Err>('GET', `${runsUrl(wf)}/${id}/activity`, { key });
  return res;
};

const start = async (key: string, wf = workflowId) =>
  (await svc.call<ExecutionCreateResponse>('POST', runsUrl(wf), { key, body: { input: { name: 'Ann' } } })).body
    .execution_id;

async function waiting(key = KEY_A): Promise<string> {
  const id = await start(key);
  await svc.engine.idle();
  return id;
}

describe('GET …/executions/{id}/activity (local extension)', () => {
  it('names the key that started a run, and nothing else yet', async () => {
    const id = await waiting();
    const res = await activityOf(id);
    expect(res.status).toBe(200);
    assertMatchesContract('getExecutionActivity', 200, res.body);
    expect(res.body).toEqual({
      execution_id: id,
      workflow_id: workflowId,
      started: { by: { key_id: anaKeyId, name: 'WORKFLOW_API_KEYS #1' }, at: expect.any(String) },
      decision: null,
      cancelled: null,
    });
  });

  it('records who approved, with the comment and when', async () => {
    const id = await waiting();
    await svc.call('POST', `${runsUrl(workflowId)}/${id}/approval`, {
      key: ben.key,
      body: { approved: true, comment: '  looks right ' },
    });
    const res = await activityOf(id);
    assertMatchesContract('getExecutionActivity', 200, res.body);
    expect(res.body.decision).toEqual({
      approved: true,
      by: { key_id: ben.id, name: 'Ben' },
      comment: 'looks right',
      at: expect.any(String),
    });
  });

  it('records who rejected, and the rejection names that key rather than the account', async () => {
    const id = await waiting();
    await svc.call('POST', `${runsUrl(workflowId)}/${id}/approval`, {
      key: ben.key,
      body: { approved: false, comment: 'wrong address' },
    });
    const res = await activityOf(id);
    expect(res.body.decision).toMatchObject({ approved: false, by: { name: 'Ben' }, comment: 'wrong address' });
    const detail = await svc.call<Schemas['ExecutionDetail']>('GET', `${runsUrl(workflowId)}/${id}`);
    expect(detail.body.results![0]!.content).toBe('Rejected by Ben: wrong address');
  });

  it('records a rejection without a comment with a null comment', async () => {
    const id = await waiting();
    await svc.call('POST', `${runsUrl(workflowId)}/${id}/approval`, { key: ben.key, body: { approved: false } });
    expect((await activityOf(id)).body.decision).toMatchObject({ approved: false, comment: null });
  });

  it('records who cancelled a waiting run and when', async () => {
    const id = await waiting();
    const cancel = await svc.call('POST', `${runsUrl(workflowId)}/cancel`, {
      key: ben.key,
      body: { execution_ids: [id], reason: 'duplicate' },
    });
    expect(cancel.status).toBe(200);
    const res = await activityOf(id);
    assertMatchesContract('getExecutionActivity', 200, res.body);
    expect(res.body.cancelled).toEqual({ by: { key_id: ben.id, name: 'Ben' }, at: expect.any(String) });
    expect(res.body.decision).toBeNull();
  });

  it('names every run of a batch after the key that sent it', async () => {
    const res = await svc.call<BatchCreateResponse>('POST', `${runsUrl(other)}/batch`, {
      key: ben.key,
      body: { items: [{ name: 'A' }, { name: 'B' }] },
    });
    for (const { execution_id: id } of res.body.executions) {
      expect((await activityOf(id, other)).body.started?.by).toEqual({ key_id: ben.id, name: 'Ben' });
    }
  });

  it('answers 404 for another account’s run', async () => {
    const id = await waiting();
    expect((await activityOf(id)).status).toBe(200);
    const res = await activityOf(id, workflowId, KEY_B);
    expect(res.status).toBe(404);
  });
});

describe('who started, on the executions lists (local extension)', () => {
  const accountList = async (query: string) => {
    const res = await svc.call<Page<AccountItem> & Err>('GET', `/api/v1/executions?limit=100&${query}`);
    return res;
  };

  it('carries started_by and batch_id on list items', async () => {
    const batch = await svc.call<BatchCreateResponse>('POST', `${runsUrl(other)}/batch`, {
      key: ben.key,
      body: { items: [{ name: 'C' }] },
    });
    const list = await svc.call<Page<Schemas['ExecutionListItem']>>('GET', `${runsUrl(other)}?limit=5`);
    assertMatchesContract('listExecutions', 200, list.body);
    expect(list.body.data[0]).toMatchObject({
      id: batch.body.executions[0]!.execution_id,
      started_by: { key_id: ben.id, name: 'Ben' },
      batch_id: batch.body.batch_id,
    });
  });

  it('filters the account-wide list by who started, by batch, and by both with a workflow', async () => {
    const mine = await start(KEY_A, other);
    const batch = await svc.call<BatchCreateResponse>('POST', `${runsUrl(other)}/batch`, {
      key: ben.key,
      body: { items: [{ name: 'D' }, { name: 'E' }] },
    });
    const batchIds = batch.body.executions.map((e) => e.execution_id).reverse();

    const byBen = await accountList(`started_by=${ben.id}`);
    expect(byBen.status).toBe(200);
    assertMatchesContract('listAccountExecutions', 200, byBen.body);
    expect(byBen.body.data.length).toBeGreaterThan(0);
    expect(byBen.body.data.every((item) => item.started_by?.key_id === ben.id)).toBe(true);
    expect(byBen.body.data.map((item) => item.id)).not.toContain(mine);

    const byBatch = await accountList(`batch_id=${batch.body.batch_id}`);
    expect(byBatch.body.data.map((item) => item.id)).toEqual(batchIds);

    const combined = await accountList(`batch_id=${batch.body.batch_id}&started_by=${anaKeyId}&workflow_id=${other}`);
    expect(combined.body.data).toEqual([]);
    const byAnaInOther = await accountList(`started_by=${anaKeyId}&workflow_id=${other}`);
    expect(byAnaInOther.body.data.map((item) => item.id)).toEqual([mine]);
  });

  it('pages a filtered list with the usual cursor', async () => {
    const batch = await svc.call<BatchCreateResponse>('POST', `${runsUrl(other)}/batch`, {
      body: { items: [{}, {}, {}, {}, {}] },
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: Page<AccountItem> } = await svc.call<Page<AccountItem>>(
        'GET',
        `/api/v1/executions?batch_id=${batch.body.batch_id}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.body.data.map((item) => item.id));
      cursor = page.body.cursor;
    } while (cursor);
    expect(seen).toEqual(batch.body.executions.map((e) => e.execution_id).reverse());
  });

  it('answers 400 with a sentence for a started_by that is not a key id', async () => {
    const res = await accountList('started_by=ana');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/started_by/);
  });
});

describe('a key revoked or gone', () => {
  it('still shows the name a revoked key has', async () => {
    const created = await svc.call<Schemas['CreatedApiKey']>('POST', '/api/v1/keys', { body: { name: 'Carla' } });
    const id = await start(created.body.key, other);
    const revoked = await svc.call('POST', `/api/v1/keys/${created.body.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect((await activityOf(id, other)).body.started?.by).toEqual({ key_id: created.body.id, name: 'Carla' });
  });

  it('has a null name for a key that no longer exists', async () => {
    const id = await start(KEY_A, other);
    await svc.store.kysely
      .updateTable('executions')
      .set({ started_by: '00000000-0000-4000-8000-000000000000' })
      .where('id', '=', id)
      .execute();
    const res = await activityOf(id, other);
    assertMatchesContract('getExecutionActivity', 200, res.body);
    expect(res.body.started?.by).toEqual({ key_id: '00000000-0000-4000-8000-000000000000', name: null });
  });
});

describe('who did what in strict-v1 mode', () => {
  let strict: TestService;
  beforeAll(async () => {
    strict = await startTestService({ WORKFLOW_STRICT_V1: '1' });
  });
  afterAll(() => strict.close());

  it('has no activity route, no actor fields on list items and ignores the filters', async () => {
    const wf = await strict.addWorkflow({ steps: [reportStep()] });
    const created = await strict.call<ExecutionCreateResponse>('POST', runsUrl(wf), { body: { input: {} } });
    const id = created.body.execution_id;
    expect((await strict.call<Err>('GET', `${runsUrl(wf)}/${id}/activity`)).status).toBe(404);
    const list = await strict.call<Page<Schemas['ExecutionListItem']>>('GET', `${runsUrl(wf)}?started_by=x&batch_id=y`);
    expect(list.status).toBe(200);
    expect(Object.keys(list.body.data[0]!).sort()).toEqual(['created_at', 'id', 'status', 'workflow_id']);
    expect((await strict.call<Err>('GET', '/api/v1/executions')).status).toBe(404);
  });
});
