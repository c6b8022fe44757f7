import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../contract/openapi-document';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import {
  guardAgainstFail,
  KEY_A,
  KEY_B,
  reportStep,
  startTestService,
  type TestService,
} from '../../../test-support/test-service';
import { useTestService } from '../../../test-support/use-service';

type Err = { error: string };
type Batch = Schemas['Batch'];
type Row = Schemas['BatchRow'];
type Page<T> = { data: T[]; cursor: string | null };

const svc = useTestService();
let workflowId: string;

beforeAll(async () => {
  workflowId = await svc.addWorkflow({ steps: [guardAgainstFail, reportStep()] });
});

const declare = (id: string, body: Record<string, unknown> = {}, key = KEY_A) =>
  svc.call<Batch & Err>('PUT', `/api/v1/batches/${id}`, {
    key,
    body: {
      workflow_id: workflowId,
      file_name: 'people.csv',
      columns: ['Name', 'Notes'],
      mapping: { columns: { Name: 'name', Notes: null }, constants: {} },
      row_count: 250,
      ...body,
    },
  });

const send = (id: string, items: { row: number; attempt: number; input: Record<string, unknown> }[], key = KEY_A) =>
  svc.call<Schemas['BatchRunsResponse'] & Err>('POST', `/api/v1/batches/${id}/runs`, { key, body: { items } });

const allRows = async (id: string, key = KEY_A): Promise<{ rows: Row[]; requests: number }> => {
  const rows: Row[] = [];
  let cursor: string | null = null;
  let requests = 0;
  do {
    const query: string = cursor === null ? '' : `?cursor=${cursor}`;
    const res = await svc.call<Page<Row>>('GET', `/api/v1/batches/${id}/rows${query}`, { key });
    expect(res.status).toBe(200);
    assertMatchesContract('listBatchRows', 200, res.body);
    requests += 1;
    rows.push(...res.body.data);
    cursor = res.body.cursor;
  } while (cursor !== null);
  return { rows, requests };
};

describe('batches kept on the server (local extension)', () => {
  const batchId = randomUUID();

  it('declares a batch with its file, columns, mapping, row count and the key that started it, once', async () => {
    const first = await declare(batchId);
    expect(first.status).toBe(201);
    assertMatchesContract('declareBatch', 201, first.body);
    expect(first.body).toMatchObject({
      id: batchId,
      workflow_id: workflowId,
      file_name: 'people.csv',
      columns: ['Name', 'Notes'],
      mapping: { columns: { Name: 'name', Notes: null }, constants: {} },
      row_count: 250,
      started_by: { id: expect.any(String), name: 'WORKFLOW_API_KEYS #1' },
      rows_sent: 0,
      runs: 0,
      counts: { initial: 0, processing: 0, human_in_the_loop: 0, finished: 0, error: 0 },
    });
    const again = await declare(batchId.toUpperCase());
    expect(again.status).toBe(200);
    expect(again.body.created_at).toBe(first.body.created_at);
  });

  it('records each row of each request against its index, and answers a resent request without running it twice', async () => {
    const items = Array.from({ length: 250 }, (_, row) => ({
      row,
      attempt: 1,
      input: { name: row % 50 === 7 ? `FAIL ${row}` : `Person ${row}` },
    }));
    const firstHalf = await send(batchId, items.slice(0, 120));
    expect(firstHalf.status).toBe(201);
    assertMatchesContract('createBatchRuns', 201, firstHalf.body);
    expect(firstHalf.body.total).toBe(120);
    expect(firstHalf.body.executions[5]).toMatchObject({ index: 5, row: 5, attempt: 1 });
    // The same request again, as after a lost answer: the same executions, nothing new.
    const resent = await send(batchId, items.slice(0, 120));
    expect(resent.status).toBe(201);
    expect(resent.body.total).toBe(0);
    expect(resent.body.executions).toEqual(firstHalf.body.executions);
    const rest = await send(batchId, items.slice(120));
    expect(rest.body.total).toBe(130);
    await svc.engine.idle();

    const { rows, requests } = await allRows(batchId);
    expect(requests).toBe(3);
    expect(rows.map((r) => r.index)).toEqual(items.map((i) => i.row));
    expect(rows[5]).toMatchObject({
      index: 5,
      attempt: 1,
      execution_id: firstHalf.body.executions[5]!.execution_id,
      status: 'finished',
      input: { name: 'Person 5' },
      earlier: [],
    });
    expect(rows[7]).toMatchObject({ status: 'error', error: 'name must not contain FAIL', input: { name: 'FAIL 7' } });
    const batch = await svc.call<Batch>('GET', `/api/v1/batches/${batchId}`);
    assertMatchesContract('getBatch', 200, batch.body);
    expect(batch.body).toMatchObject({ rows_sent: 250, runs: 250, counts: { finished: 245, error: 5 } });
  });

  it('records a re-run of a failed row as its next attempt, keeping the earlier one', async () => {
    const before = (await allRows(batchId)).rows[7]!;
    const rerun = await send(batchId, [{ row: 7, attempt: 2, input: { name: 'Fixed 7' } }]);
    expect(rerun.status).toBe(201);
    expect(rerun.body.executions).toEqual([{ execution_id: expect.any(String), index: 0, row: 7, attempt: 2 }]);
    await svc.engine.idle();
    const row = (await allRows(batchId)).rows[7]!;
    expect(row).toMatchObject({ attempt: 2, status: 'finished', input: { name: 'Fixed 7' } });
    expect(row.earlier).toEqual([
      { attempt: 1, execution_id: before.execution_id, status: 'error', error: 'name must not contain FAIL' },
    ]);
    const batch = await svc.call<Batch>('GET', `/api/v1/batches/${batchId}`);
    expect(batch.body).toMatchObject({ rows_sent: 250, runs: 251, counts: { finished: 246, error: 4 } });
  });

  it('records the key that sent a batch’s rows as who started their runs', async () => {
    const rerun = await send(batchId, [{ row: 8, attempt: 2, input: { name: 'Fixed 8' } }]);
    // Settled before the next test counts the batch's rows by status.
    await svc.engine.idle();
    const activity = await svc.call<Schemas['ExecutionActivity']>(
      'GET',
      `/api/v1/workflows/${workflowId}/executions/${rerun.body.executions[0]!.execution_id}/activity`,
    );
    expect(activity.body.started).toMatchObject({ by: { name: 'WORKFLOW_API_KEYS #1' } });
  });

  it('refuses an attempt that skips one or repeats a row, and rows past the file, saying which', async () => {
    const skip = await send(batchId, [{ row: 17, attempt: 3, input: { name: 'x' } }]);
    expect(skip).toMatchObject({
      status: 409,
      body: { error: 'row 18 is at attempt 1: a re-run is attempt 2, not 3' },
    });
    const twice = await send(batchId, [
      { row: 17, attempt: 2, input: { name: 'x' } },
      { row: 17, attempt: 2, input: { name: 'y' } },
    ]);
    expect(twice).toMatchObject({ status: 400, body: { error: 'items[1].row 17 appears twice: send each row once' } });
    const past = await send(batchId, [{ row: 250, attempt: 1, input: { name: 'x' } }]);
    expect(past.status).toBe(400);
    expect(past.body.error).toContain('the batch has 250 rows');
  });

  it('lists the account’s batches newest first, cursor-paged, for every key of the account', async () => {
    const newer = randomUUID();
    await declare(newer, { file_name: 'newer.xlsx', row_count: 3 });
    const other = await svc.addWorkflow({ steps: [reportStep()] });
    await svc.call('PUT', `/api/v1/batches/${randomUUID()}`, {
      body: { workflow_id: other, file_name: 'other.csv', columns: [], mapping: {}, row_count: 1 },
    });
    const first = await svc.call<Page<Batch>>('GET', '/api/v1/batches?limit=2');
    expect(first.status).toBe(200);
    assertMatchesContract('listBatches', 200, first.body);
    expect(first.body.data.map((b) => b.file_name)).toEqual(['other.csv', 'newer.xlsx']);
    const second = await svc.call<Page<Batch>>(
      'GET',
      `/api/v1/batches?limit=2&cursor=${encodeURIComponent(first.body.cursor!)}`,
    );
    expect(second.body).toMatchObject({ data: [{ id: batchId, counts: { finished: 246, error: 4 } }], cursor: null });
    const ofWorkflow = await svc.call<Page<Batch>>('GET', `/api/v1/batches?workflow_id=${workflowId}`);
    expect(ofWorkflow.body.data.map((b) => b.file_name)).toEqual(['newer.xlsx', 'people.csv']);
  });

  it('keeps batches to their account: another account neither lists, reads, sends to nor re-declares them', async () => {
    const list = await svc.call<Page<Batch>>('GET', '/api/v1/batches', { key: KEY_B });
    expect(list.body.data).toEqual([]);
    for (const path of [`/api/v1/batches/${batchId}`, `/api/v1/batches/${batchId}/rows`]) {
      expect(await svc.call<Err>('GET', path, { key: KEY_B })).toMatchObject({
        status: 404,
        body: { error: 'batch not found' },
      });
    }
    expect((await send(batchId, [{ row: 0, attempt: 2, input: { name: 'x' } }], KEY_B)).status).toBe(404);
    // The id is A's, not B's: B may use it for a batch of its own, and learns nothing of A's.
    const mine = await svc.addWorkflow({ steps: [reportStep()] }, KEY_B);
    const own = await declare(batchId, { workflow_id: mine }, KEY_B);
    expect(own).toMatchObject({ status: 201, body: { id: batchId, workflow_id: mine, rows_sent: 0 } });
    expect((await svc.call<Batch>('GET', `/api/v1/batches/${batchId}`)).body.workflow_id).not.toBe(mine);
  });

  it('says what is wrong with a declaration', async () => {
    const huge = await declare(randomUUID(), { mapping: { notes: 'x'.repeat(70_000) } });
    expect(huge).toMatchObject({ status: 400, body: { error: 'mapping must be at most 64 KB of JSON' } });
    const badCursor = await svc.call<Err>('GET', `/api/v1/batches/${batchId}/rows?cursor=abc`);
    expect(badCursor).toMatchObject({ status: 400, body: { error: 'cursor must be the cursor of the previous page' } });
  });
});

describe('batches in strict-v1 mode', () => {
  let strict: TestService;
  beforeAll(async () => {
    strict = await startTestService({ WORKFLOW_STRICT_V1: '1' });
  });
  afterAll(() => strict.close());

  it('has no batch routes: 404 `no route`', async () => {
    const id = randomUUID();
    for (const [method, path] of [
      ['GET', '/api/v1/batches'],
      ['PUT', `/api/v1/batches/${id}`],
      ['GET', `/api/v1/batches/${id}/rows`],
      ['POST', `/api/v1/batches/${id}/runs`],
    ] as const) {
      const res = await strict.call<Err>(method, path, { body: method === 'GET' ? undefined : {} });
      expect(res).toMatchObject({ status: 404, body: { error: `no route ${method} ${path}` } });
    }
  });
});
