import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../contract/openapi-document';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { guardAgainstFail, KEY_A, KEY_B, reportStep } from '../../../test-support/test-service';
import { useTestService } from '../../../test-support/use-service';
import { PAGE_CONTENT_BYTES } from './batch-results';

type Err = { error: string };
type Page = Schemas['BatchResultPage'];

const svc = useTestService();
let workflowId: string;

beforeAll(async () => {
  workflowId = await svc.addWorkflow({ steps: [guardAgainstFail, reportStep()] });
});

/** Declares a batch of `names.length` rows and runs them all, `per` rows a request; resolves when every run ended. */
async function runBatch(names: readonly string[], per = 250): Promise<string> {
  const id = randomUUID();
  const declared = await svc.call('PUT', `/api/v1/batches/${id}`, {
    body: { workflow_id: workflowId, file_name: 'people.csv', columns: ['Name'], mapping: {}, row_count: names.length },
  });
  expect(declared.status).toBe(201);
  for (let start = 0; start < names.length; start += per) {
    const items = names.slice(start, start + per).map((name, i) => ({ row: start + i, attempt: 1, input: { name } }));
    expect((await svc.call('POST', `/api/v1/batches/${id}/runs`, { body: { items } })).status).toBe(201);
  }
  await svc.engine.idle();
  return id;
}

const pageOf = (id: string, query = '', key = KEY_A) =>
  svc.call<Page & Err>('GET', `/api/v1/batches/${id}/results${query}`, { key });

describe('a batch’s rows with their results, by page (local extension)', () => {
  let batchId: string;
  const names = Array.from({ length: 600 }, (_, i) => (i % 100 === 7 ? `FAIL ${i}` : `Person ${i}`));

  // Running 600 rows takes a while on PostgreSQL under a busy machine.
  beforeAll(async () => {
    batchId = await runBatch(names);
  }, 180_000);

  it('gives every row with its input, run times and files with their text, 500 rows a page by default', async () => {
    const first = await pageOf(batchId);
    expect(first.status).toBe(200);
    assertMatchesContract('listBatchResults', 200, first.body);
    expect(first.body.data).toHaveLength(500);
    const row = first.body.data[5]!;
    expect(row).toMatchObject({
      index: 5,
      attempt: 1,
      status: 'finished',
      input: { name: 'Person 5' },
      results: [{ filename: 'report.md', content: expect.stringContaining('Hello Person 5') }],
      earlier: [],
    });
    expect(Date.parse(row.finished_at!)).toBeGreaterThanOrEqual(Date.parse(row.created_at));
    expect(Date.parse(row.started_at!)).toBeGreaterThanOrEqual(Date.parse(row.created_at));
    expect(first.body.data[7]).toMatchObject({ status: 'error', error: 'name must not contain FAIL' });

    const seen = [...first.body.data];
    let cursor = first.body.cursor;
    let requests = 1;
    while (cursor !== null) {
      const next = await pageOf(batchId, `?limit=1000&cursor=${cursor}`);
      assertMatchesContract('listBatchResults', 200, next.body);
      seen.push(...next.body.data);
      cursor = next.body.cursor;
      requests += 1;
    }
    expect(requests).toBe(2);
    expect(seen.map((r) => r.index)).toEqual(names.map((_, i) => i));
  });

  it('ends a page early once it holds about 4 MB of text, and goes on from there', async () => {
    // Rows of about 60 KB each: a page of 100 would be 6 MB.
    const big = Array.from({ length: 100 }, (_, i) => `Row ${i} ${'x'.repeat(60_000)}`);
    const id = await runBatch(big, 10);
    const first = await pageOf(id, '?limit=100');
    expect(first.status).toBe(200);
    const bytes = first.body.data.reduce((n, r) => n + (r.results?.[0]?.content?.length ?? 0), 0);
    expect(first.body.data.length).toBeLessThan(100);
    expect(bytes).toBeGreaterThan(PAGE_CONTENT_BYTES);
    expect(bytes).toBeLessThan(PAGE_CONTENT_BYTES + 100_000);
    const rest = await pageOf(id, `?limit=100&cursor=${first.body.cursor}`);
    expect(rest.body.data[0]!.index).toBe(first.body.data.length);
  });

  it('says what is wrong with a page request, and keeps batches to their account', async () => {
    expect(await pageOf(batchId, '?limit=1001')).toMatchObject({ status: 400 });
    expect((await pageOf(batchId, '?limit=1001')).body.error).toMatch(/limit/);
    expect(await pageOf(batchId, '?cursor=yesterday')).toMatchObject({
      status: 400,
      body: { error: 'cursor must be the cursor of the previous page' },
    });
    expect(await pageOf(batchId, '', KEY_B)).toMatchObject({ status: 404, body: { error: 'batch not found' } });
    expect(await pageOf(randomUUID())).toMatchObject({ status: 404, body: { error: 'batch not found' } });
  });
});
