import { describe, expect, it, vi } from 'vitest';
import type { BatchCreateResponse } from '../../../../contract/openapi-document';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { KEY_B, PUBLIC_URL, reportStep } from '../../../test-support/test-service';
import { GOOD, SCHEMA, useExecutionsWorkflow, type Err, type Page } from '../../../test-support/executions-workflow';

const { svc, workflowId, runs } = useExecutionsWorkflow();

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
    expect(res.body).toMatchObject({ workflow_id: workflowId(), total: 1, executions: [{ index: 0 }] });
  });

  it('accepts 10,000 items, and a cursor walk visits each exactly once, newest first', async () => {
    const batchWorkflow = await svc.addWorkflow({ input_schema: SCHEMA, steps: [reportStep()] });
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
    expect(await svc.store.executions.countByStatus(batchWorkflow)).toEqual({ finished: 10_000 });
  });
});

describe('GET /api/v1/workflows/{id}/executions', () => {
  it('pages newest first with url on every item and error only on failed ones', async () => {
    const listed = await svc.addWorkflow({ steps: [reportStep()] });
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
    const listed = await svc.addWorkflow({ steps: [reportStep('a.md'), { kind: 'render_html', filename: 'b.html' }] });
    await svc.call('POST', `${runs(listed)}/batch`, {
      body: { items: Array.from({ length: 30 }, (_, i) => ({ name: `n${i}` })) },
    });
    await svc.engine.idle();
    // One detail read puts that execution's files in the result cache; the page uses it instead of the database.
    const [newest] = await svc.store.executionQueries.workflowPage(listed, { statuses: null, before: null, limit: 1 });
    await svc.call('GET', `${runs(listed)}/${newest!.id}`);
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
