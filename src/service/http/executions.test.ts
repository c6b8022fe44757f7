import { beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  BatchCreateResponse,
  ExecutionCreateResponse,
  ExecutionDetail,
  ExecutionListItem,
} from '../../contract/openapi-document';
import { assertMatchesContract } from '../test-support/contract-validator';
import { KEY_B, PUBLIC_URL, reportStep } from '../test-support/test-service';
import { useTestService } from '../test-support/use-service';

type Page = { data: ExecutionListItem[]; cursor: string | null };
type Err = { error: string };

const SCHEMA = {
  type: 'object',
  required: ['name', 'tone'],
  properties: {
    name: { type: 'string' },
    website: { type: 'string', format: 'uri' },
    tone: { type: 'string', enum: ['formal', 'casual'] },
  },
};
const GOOD = { name: 'Ann', tone: 'formal' };

const svc = useTestService({ WORKFLOW_RATE_LIMIT: '1000000' });
let workflowId: string;
beforeAll(async () => {
  workflowId = svc.addWorkflow({ input_schema: SCHEMA, steps: [reportStep()] });
});

const runs = (id = workflowId) => `/api/v1/workflows/${id}/executions`;

describe('POST /api/v1/workflows/{id}/executions', () => {
  it('creates an execution in status initial that finishes with its report', async () => {
    const res = await svc.call<ExecutionCreateResponse>('POST', runs(), { body: { input: GOOD } });
    expect(res.status).toBe(201);
    assertMatchesContract('createExecution', 201, res.body);
    expect(res.body).toMatchObject({ workflow_id: workflowId, status: 'initial' });
    await svc.engine.idle();
    const detail = await svc.call<ExecutionDetail>('GET', `${runs()}/${res.body.execution_id}`);
    assertMatchesContract('getExecution', 200, detail.body);
    expect(Object.keys(detail.body).sort()).toEqual(['created_at', 'id', 'results', 'status', 'url', 'workflow_id']);
    expect(detail.body).toMatchObject({
      id: res.body.execution_id,
      status: 'finished',
      created_at: res.body.created_at,
      url: `${PUBLIC_URL}/workflows/${workflowId}/executions/${res.body.execution_id}`,
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
    const open = svc.addWorkflow({ input_schema: null, steps: [reportStep()] });
    expect((await svc.call('POST', runs(open))).status).toBe(201);
    expect((await svc.call('POST', runs(open), { body: {} })).status).toBe(201);
  });

  it('answers 400 when input is not an object', async () => {
    const res = await svc.call<Err>('POST', runs(), { body: { input: [1, 2] } });
    expect(res).toMatchObject({ status: 400, body: { error: 'input must be an object' } });
  });

  it('answers 400, not 500, for input nested too deeply to store, in a single run or a batch', async () => {
    const open = svc.addWorkflow({ input_schema: null, steps: [reportStep()] });
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
    const planning = svc.store.createWorkflow({
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
    svc.store.workflows.markFailed(planning.id, 'the prompt is empty', svc.store.nowIso());
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
    const [waiting] = svc.store.createExecutions(svc.accountId(), workflowId, [GOOD], null);
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
    svc.engine.enqueued(workflowId, null, null);
    await svc.engine.idle();
  });

  it('ends a failing step in error with an error.txt result holding the message', async () => {
    const guarded = svc.addWorkflow({
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
    const other = svc.addWorkflow({ steps: [] });
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

describe('POST /api/v1/workflows/{id}/executions/batch', () => {
  it.each([
    [{ items: [] }, 'items must contain between 1 and 10000 objects'],
    [{ items: Array.from({ length: 10_001 }, () => GOOD) }, 'items must contain between 1 and 10000 objects'],
    [{}, 'items is required'],
    [{ items: 'all' }, 'items must contain between 1 and 10000 objects'],
    [{ items: [GOOD, 'x'] }, 'items[1] must be an object'],
    [{ items: [GOOD], concurrency: 'max' }, 'concurrency must be one of low, medium, high'],
  ])('answers 400 for a bad batch (%#)', async (body, message) => {
    const res = await svc.call<Err>('POST', `${runs()}/batch`, { body });
    expect(res.status).toBe(400);
    assertMatchesContract('createExecutionBatch', 400, res.body);
    expect(res.body.error).toBe(message);
  });

  it('lists each bad item by index, capped at 20 messages', async () => {
    const items = Array.from({ length: 30 }, (_, i) => (i === 3 ? { name: 7, tone: 'formal' } : i >= 5 ? {} : GOOD));
    const res = await svc.call<Err>('POST', `${runs()}/batch`, { body: { items } });
    expect(res.status).toBe(400);
    const parts = res.body.error.split('; ');
    expect(parts[0]).toBe('items[3].name: must be string');
    expect(parts[1]).toBe("items[5]: must have required property 'name'");
    expect(parts).toHaveLength(21);
    expect(parts[20]).toBe(`and ${1 + 25 * 2 - 20} more`);
  });

  it('accepts a single item', async () => {
    const res = await svc.call<BatchCreateResponse>('POST', `${runs()}/batch`, { body: { items: [GOOD] } });
    expect(res.status).toBe(201);
    assertMatchesContract('createExecutionBatch', 201, res.body);
    expect(res.body).toMatchObject({ workflow_id: workflowId, total: 1, executions: [{ index: 0 }] });
  });

  it('accepts 10,000 items, and a cursor walk visits each exactly once, newest first', async () => {
    const batchWorkflow = svc.addWorkflow({ input_schema: SCHEMA, steps: [reportStep()] });
    const items = Array.from({ length: 10_000 }, (_, i) => ({ name: `N${i}`, tone: 'casual' }));
    const res = await svc.call<BatchCreateResponse>('POST', `${runs(batchWorkflow)}/batch`, { body: { items } });
    expect(res.status).toBe(201);
    assertMatchesContract('createExecutionBatch', 201, res.body);
    expect(res.body.total).toBe(10_000);
    expect(res.body.executions.map((e) => e.index)).toEqual(items.map((_, i) => i));

    const seen = new Map<string, number>();
    let cursor: string | null = null;
    let previous = '9999';
    do {
      const url = `${runs(batchWorkflow)}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: Page = (await svc.call<Page>('GET', url)).body;
      for (const execution of page.data) {
        expect(execution.created_at < previous).toBe(true);
        previous = execution.created_at;
        seen.set(execution.id, (seen.get(execution.id) ?? 0) + 1);
      }
      cursor = page.cursor;
    } while (cursor);
    expect(seen.size).toBe(10_000);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(res.body.executions.map((e) => e.execution_id))).toEqual(new Set(seen.keys()));
    await svc.engine.idle();
    expect(svc.store.executions.countByStatus(batchWorkflow)).toEqual({ finished: 10_000 });
  });
});

describe('GET /api/v1/workflows/{id}/executions', () => {
  it('pages newest first with url on every item and error only on failed ones', async () => {
    const listed = svc.addWorkflow({ steps: [reportStep()] });
    for (let i = 0; i < 3; i++) await svc.call('POST', runs(listed));
    await svc.engine.idle();
    const first = await svc.call<Page>('GET', `${runs(listed)}?limit=2`);
    assertMatchesContract('listExecutions', 200, first.body);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.cursor).toBe(first.body.data[1]!.created_at);
    const rest = await svc.call<Page>(
      'GET',
      `${runs(listed)}?limit=2&cursor=${encodeURIComponent(first.body.cursor!)}`,
    );
    expect(rest.body.data).toHaveLength(1);
    expect(rest.body.cursor).toBeNull();
    for (const item of [...first.body.data, ...rest.body.data]) {
      expect(item.url).toBe(`${PUBLIC_URL}/workflows/${listed}/executions/${item.id}`);
      expect(item).not.toHaveProperty('error');
    }
  });

  it('reads the result files of a whole page in one query, never one per item', async () => {
    const listed = svc.addWorkflow({ steps: [reportStep('a.md'), { kind: 'render_html', filename: 'b.html' }] });
    await svc.call('POST', `${runs(listed)}/batch`, {
      body: { items: Array.from({ length: 30 }, (_, i) => ({ name: `n${i}` })) },
    });
    await svc.engine.idle();
    // One detail read puts that execution's files in the result cache; the page uses it instead of SQLite.
    const newest = svc.store.executionQueries.workflowPage(listed, { statuses: null, before: null, limit: 1 })[0]!.id;
    await svc.call('GET', `${runs(listed)}/${newest}`);
    const links = vi.spyOn(svc.store.files, 'links');
    const summaries = vi.spyOn(svc.store.files, 'summaries');
    try {
      const page = await svc.call<Page>('GET', `${runs(listed)}?limit=25`);
      expect(page.body.data).toHaveLength(25);
      for (const item of page.body.data) expect(item.results!.map((f) => f.filename)).toEqual(['b.html']);
      expect(links).toHaveBeenCalledTimes(1);
      expect(links.mock.calls[0]![0]).toHaveLength(25);
      expect(summaries).not.toHaveBeenCalled();
    } finally {
      links.mockRestore();
      summaries.mockRestore();
    }
  });

  it('answers 400 for a bad limit and 404 for another account’s workflow', async () => {
    expect((await svc.call<Err>('GET', `${runs()}?limit=500`)).body).toEqual({
      error: 'limit must be an integer from 1 to 100',
    });
    expect((await svc.call<Err>('GET', runs(), { key: KEY_B })).status).toBe(404);
  });
});
