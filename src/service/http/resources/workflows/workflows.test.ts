import { describe, expect, it } from 'vitest';
import type { WorkflowCreateResponse, WorkflowDetail, WorkflowListItem } from '../../../../contract/openapi-document';
import { DEMO_WORKFLOWS } from '../../../accounts/demo-workflows';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { guardAgainstFail, KEY_B, PUBLIC_URL, reportStep, startTestService } from '../../../test-support/test-service';
import { useTestService } from '../../../test-support/use-service';

type Page = { data: WorkflowListItem[]; cursor: string | null };
type Err = { error: string };

const svc = useTestService();

describe('POST /api/v1/workflows', () => {
  it('answers 201 at once with status planning, a dashboard url and an empty description', async () => {
    const res = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', {
      body: { prompt: 'Write a company brief from a company name and its website' },
    });
    expect(res.status).toBe(201);
    assertMatchesContract('createWorkflow', 201, res.body);
    expect(res.body).toMatchObject({
      status: 'planning',
      description: '',
      url: `${PUBLIC_URL}/workflows/${res.body.id}`,
    });
    expect(res.body.name).toBe('Write a company brief from a company name and its website');
    expect(Object.keys(res.body)).toEqual(['id', 'name', 'description', 'url', 'status', 'created_at']);
  });

  it('keeps a given name and description through planning', async () => {
    const res = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', {
      body: { prompt: 'Summarize meeting notes', name: 'Digest', description: 'Mine' },
    });
    expect(res.body).toMatchObject({ name: 'Digest', description: 'Mine' });
    await svc.engine.idle();
    const detail = await svc.call<WorkflowDetail>('GET', `/api/v1/workflows/${res.body.id}`);
    expect(detail.body).toMatchObject({ name: 'Digest', description: 'Mine', status: 'ready' });
  });

  it('shortens a long prompt into a provisional name', async () => {
    const prompt = `Summarize ${'the very long meeting notes '.repeat(10)}`;
    const res = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', { body: { prompt } });
    expect(res.body.name.length).toBeLessThanOrEqual(61);
    expect(res.body.name.endsWith('…')).toBe(true);
  });

  it.each([
    [{}, 'prompt is required'],
    [{ prompt: '' }, 'prompt must not be empty'],
    [{ prompt: '   ' }, 'prompt must not be blank'],
    [{ prompt: 42 }, 'prompt must be a string'],
    [{ prompt: 'x'.repeat(20001) }, 'prompt must be at most 20000 characters'],
    [{ prompt: 'ok', name: 5 }, 'name must be text'],
    [{ prompt: 'ok', description: 'd'.repeat(2001) }, 'description must be a string of at most 2000 characters'],
    [[1, 2], 'request body must be a JSON object'],
  ])('answers 400 for a bad body: %#', async (body, message) => {
    const res = await svc.call<Err>('POST', '/api/v1/workflows', { body });
    expect(res.status).toBe(400);
    assertMatchesContract('createWorkflow', 400, res.body);
    expect(res.body.error).toBe(message);
  });

  it('explains malformed JSON, an empty body and a wrong content type', async () => {
    const json = { 'content-type': 'application/json' };
    expect((await svc.call<Err>('POST', '/api/v1/workflows', { body: '{"prompt":', headers: json })).body).toEqual({
      error: 'request body is not valid JSON',
    });
    expect((await svc.call<Err>('POST', '/api/v1/workflows', { headers: json })).body.error).toBe(
      'request body is empty; send a JSON object',
    );
    const text = await svc.call<Err>('POST', '/api/v1/workflows', {
      body: 'prompt=hi',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ error: 'content-type must be application/json' });
  });
});

describe('GET /api/v1/workflows/{id}', () => {
  it('shows input_schema null and status planning until the planner is done, then the plan', async () => {
    // Thinking time of 1 s (2 s at scale 0.5): at scale 0 a planner on a fast store could finish before the first read.
    const thinking = await startTestService({ WORKFLOW_TIME_SCALE: '0.5' });
    try {
      const created = await thinking.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', {
        body: { prompt: 'Write a company brief from a company name and its website' },
      });
      const before = await thinking.call<WorkflowDetail>('GET', `/api/v1/workflows/${created.body.id}`);
      assertMatchesContract('getWorkflow', 200, before.body);
      expect(before.body).toMatchObject({ status: 'planning', input_schema: null });
      expect(before.body).not.toHaveProperty('concurrency');
      await thinking.engine.idle();
      const after = await thinking.call<WorkflowDetail>('GET', `/api/v1/workflows/${created.body.id}`);
      assertMatchesContract('getWorkflow', 200, after.body);
      expect(after.body.status).toBe('ready');
      expect(after.body.input_schema).toMatchObject({
        type: 'object',
        properties: { company_name: { type: 'string' } },
      });
      expect(after.body.concurrency).toMatch(/^(low|medium|high)$/);
      expect(after.body.name).not.toBe(created.body.name);
      expect(after.body.updated_at > after.body.created_at).toBe(true);
    } finally {
      await thinking.close();
    }
  });

  it('reports a prompt the planner cannot use as failed, with the reason', async () => {
    const created = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', {
      body: { prompt: 'qzx vbnm' },
    });
    await svc.engine.idle();
    const detail = await svc.call<WorkflowDetail>('GET', `/api/v1/workflows/${created.body.id}`);
    assertMatchesContract('getWorkflow', 200, detail.body);
    expect(detail.body).toMatchObject({ status: 'failed', input_schema: null });
    expect(detail.body.planning_error).toMatch(/planner could not find anything to do/);
  });

  it('answers 404 for a missing workflow and for another account’s, alike', async () => {
    const theirs = await svc.addWorkflow({ steps: [] }, KEY_B);
    const missing = await svc.call<Err>('GET', '/api/v1/workflows/8d6f0a3e-5b7c-4b7e-9a51-0c2f7d9e1a23');
    const foreign = await svc.call<Err>('GET', `/api/v1/workflows/${theirs}`);
    expect([missing.status, foreign.status]).toEqual([404, 404]);
    expect(foreign.body).toEqual(missing.body);
    expect(missing.body).toEqual({ error: 'workflow not found' });
    assertMatchesContract('getWorkflow', 404, missing.body);
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const res = await svc.call<Err>('GET', '/api/v1/workflows/not-a-uuid');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'workflowId must be a UUID' });
  });
});

describe('GET /api/v1/workflows', () => {
  it('starts a new account with the ready demo workflows, in their declared order', async () => {
    const fresh = await startTestService({ WORKFLOW_API_KEYS: 'only-key-0123456789abcdef0123456789abcdef' });
    try {
      const res = await fresh.call<Page>('GET', '/api/v1/workflows?limit=100', {
        key: 'only-key-0123456789abcdef0123456789abcdef',
      });
      assertMatchesContract('listWorkflows', 200, res.body);
      expect(res.body.data.map((w) => w.name)).toEqual(DEMO_WORKFLOWS.map((d) => d.name));
      expect(res.body.data.every((w) => w.status === 'ready')).toBe(true);
      expect(res.body.cursor).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  it('pages newest first with a default of 20 and a cursor that visits every workflow once', async () => {
    const fresh = await startTestService({ WORKFLOW_API_KEYS: 'pager-0123456789abcdef0123456789abcdef' });
    try {
      for (let i = 0; i < 30; i++)
        await fresh.addWorkflow({ name: `W${i}`, steps: [] }, 'pager-0123456789abcdef0123456789abcdef');
      const first = await fresh.call<Page>('GET', '/api/v1/workflows', {
        key: 'pager-0123456789abcdef0123456789abcdef',
      });
      expect(first.body.data).toHaveLength(20);
      expect(first.body.data[0]!.name).toBe('W29');
      const seen = new Set<string>();
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url = `/api/v1/workflows?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page: Page = (await fresh.call<Page>('GET', url, { key: 'pager-0123456789abcdef0123456789abcdef' })).body;
        assertMatchesContract('listWorkflows', 200, page);
        for (const w of page.data) {
          expect(seen.has(w.id)).toBe(false);
          seen.add(w.id);
        }
        const times = page.data.map((w) => w.created_at);
        expect([...times].sort().reverse()).toEqual(times);
        cursor = page.cursor;
        pages += 1;
      } while (cursor);
      expect(seen.size).toBe(30 + DEMO_WORKFLOWS.length);
      expect(pages).toBe(Math.ceil(seen.size / 7));
    } finally {
      await fresh.close();
    }
  });

  it('marks the demo workflows as examples, and only them', async () => {
    const fresh = await startTestService({ WORKFLOW_API_KEYS: 'examples-0123456789abcdef0123456789abcdef' });
    try {
      await fresh.addWorkflow({ name: 'Mine', steps: [] }, 'examples-0123456789abcdef0123456789abcdef');
      const page = (
        await fresh.call<Page>('GET', '/api/v1/workflows?limit=100', {
          key: 'examples-0123456789abcdef0123456789abcdef',
        })
      ).body;
      const marked = page.data.filter((w) => w.example === true).map((w) => w.name);
      expect(marked).toEqual(DEMO_WORKFLOWS.map((d) => d.name));
      expect(page.data.find((w) => w.name === 'Mine')).not.toHaveProperty('example');
    } finally {
      await fresh.close();
    }
  });

  it('gives each workflow its last run, its ended runs of the last 7 days and its runs waiting for approval', async () => {
    const fresh = await startTestService({ WORKFLOW_API_KEYS: 'activity-0123456789abcdef0123456789abcdef' });
    try {
      const checked = await fresh.addWorkflow(
        { name: 'Checked', steps: [guardAgainstFail, reportStep()] },
        'activity-0123456789abcdef0123456789abcdef',
      );
      const reviewed = await fresh.addWorkflow(
        { name: 'Reviewed', steps: [reportStep('draft.md'), { kind: 'approval', message: 'Check' }, reportStep()] },
        'activity-0123456789abcdef0123456789abcdef',
      );
      const idle = await fresh.addWorkflow({ name: 'Idle', steps: [] }, 'activity-0123456789abcdef0123456789abcdef');
      const run = (id: string, input: object) =>
        fresh.call<{ execution_id: string }>('POST', `/api/v1/workflows/${id}/executions`, {
          key: 'activity-0123456789abcdef0123456789abcdef',
          body: { input },
        });
      await run(checked, { name: 'Ann' });
      await run(checked, { name: 'Bo' });
      const last = (await run(checked, { name: 'FAIL' })).body.execution_id;
      await run(reviewed, { name: 'Cy' });
      const rejected = (await run(reviewed, { name: 'Di' })).body.execution_id;
      await fresh.engine.idle();
      // A rejection is a decision, not a failure: it is counted apart and marks the last run.
      const decided = await fresh.call('POST', `/api/v1/workflows/${reviewed}/executions/${rejected}/approval`, {
        key: 'activity-0123456789abcdef0123456789abcdef',
        body: { approved: false, comment: 'not now' },
      });
      expect(decided.status).toBeLessThan(300);
      await fresh.engine.idle();

      const res = await fresh.call<Page>('GET', '/api/v1/workflows?limit=100', {
        key: 'activity-0123456789abcdef0123456789abcdef',
      });
      assertMatchesContract('listWorkflows', 200, res.body);
      const byId = new Map(res.body.data.map((w) => [w.id, w.activity]));
      expect(byId.get(checked)).toMatchObject({
        last_run: { id: last, status: 'error' },
        recent: { finished: 2, error: 1 },
        waiting_approval: 0,
      });
      expect(byId.get(reviewed)).toMatchObject({
        last_run: { id: rejected, status: 'error', rejected: true },
        recent: { finished: 0, error: 1, rejected: 1 },
        waiting_approval: 1,
      });
      expect(byId.get(checked)?.last_run).not.toHaveProperty('rejected');
      expect(byId.get(idle)).toMatchObject({ last_run: null, recent: { finished: 0, error: 0 }, waiting_approval: 0 });
      expect(byId.get(idle)?.recent.days).toBe(7);
    } finally {
      await fresh.close();
    }
  });

  it('serializes every input_schema whole, exactly as planned', async () => {
    const page = (await svc.call<Page>('GET', '/api/v1/workflows?limit=100')).body;
    let compared = 0;
    for (const item of page.data.filter((w) => w.status === 'ready')) {
      const detail = await svc.call<WorkflowDetail>('GET', `/api/v1/workflows/${item.id}`);
      const stored = (await svc.store.workflows.byId(item.id))!.input_schema;
      expect(detail.body.input_schema).toEqual(stored === null ? null : JSON.parse(stored));
      if (stored !== null) compared += 1;
    }
    expect(compared).toBeGreaterThan(3);
  });

  it('shows only the caller’s workflows', async () => {
    const mine = (await svc.call<Page>('GET', '/api/v1/workflows?limit=100')).body.data.map((w) => w.id);
    const theirs = (await svc.call<Page>('GET', '/api/v1/workflows?limit=100', { key: KEY_B })).body.data.map(
      (w) => w.id,
    );
    expect(mine.filter((id) => theirs.includes(id))).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit must be an integer from 1 to 100'],
    ['limit=101', 'limit must be an integer from 1 to 100'],
    ['limit=abc', 'limit must be an integer from 1 to 100'],
    ['limit=2.5', 'limit must be an integer from 1 to 100'],
    ['cursor=yesterday', 'cursor must be a created_at timestamp from a previous page'],
    ['cursor=2026-02-30T00:00:00Z', 'cursor must be a created_at timestamp from a previous page'],
  ])('answers 400 for ?%s', async (query, message) => {
    const res = await svc.call<Err>('GET', `/api/v1/workflows?${query}`);
    expect(res.status).toBe(400);
    assertMatchesContract('listWorkflows', 400, res.body);
    expect(res.body.error).toBe(message);
  });

  it('accepts a cursor with less precision or another offset', async () => {
    const res = await svc.call<Page>(
      'GET',
      `/api/v1/workflows?cursor=${encodeURIComponent('2999-01-01T01:00:00+01:00')}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
  });

  it('reads a cursor whose "+" was not URL-encoded as the offset it was', async () => {
    const first = (await svc.call<Page>('GET', '/api/v1/workflows?limit=1')).body;
    const second = (
      await svc.call<Page>('GET', `/api/v1/workflows?limit=1&cursor=${encodeURIComponent(first.cursor!)}`)
    ).body;
    const shifted =
      new Date(Date.parse(first.cursor!) + 2 * 3600_000).toISOString().slice(0, 19) +
      first.cursor!.slice(19, 26) +
      '+02:00';
    const res = await svc.call<Page>('GET', `/api/v1/workflows?limit=1&cursor=${shifted}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(second);
  });

  it('treats a cursor in a far year as newer than everything, not as an empty page', async () => {
    const newest = (await svc.call<Page>('GET', '/api/v1/workflows?limit=1')).body.data[0];
    const res = await svc.call<Page>(
      'GET',
      `/api/v1/workflows?limit=1&cursor=${encodeURIComponent('9999-12-31T23:59:59.999999Z')}`,
    );
    expect(res.body.data[0]).toEqual(newest);
  });
});
