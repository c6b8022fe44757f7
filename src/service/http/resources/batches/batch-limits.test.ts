import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../contract/openapi-document';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { KEY_A, KEY_B, reportStep, startTestService, type TestService } from '../../../test-support/test-service';
import { useTestService } from '../../../test-support/use-service';

type Err = { error: string };
type Batch = Schemas['Batch'];

// Four batches an account, so the cap is reached in a test.
const svc = useTestService({ WORKFLOW_ACCOUNT_MAX_BATCHES: '4' });
let workflowId: string;

beforeAll(async () => {
  workflowId = await svc.addWorkflow({ steps: [reportStep()] });
});

const declare = (id: string, body: Record<string, unknown> = {}, key = KEY_A) =>
  svc.call<Batch & Err>('PUT', `/api/v1/batches/${id}`, {
    key,
    body: { workflow_id: workflowId, file_name: 'people.csv', columns: ['Name'], mapping: {}, row_count: 5, ...body },
  });

const send = (id: string, items: unknown[], key = KEY_A) =>
  svc.call<Schemas['BatchRunsResponse'] & Err>('POST', `/api/v1/batches/${id}/runs`, { key, body: { items } });

/** An object nested `depth` levels deep, built without recursion. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < depth; i++) value = { a: value };
  return value;
}

describe('what a batch declaration may hold', () => {
  it('refuses a declaration over 256 KB in all, saying what to shorten', async () => {
    const columns = Array.from({ length: 300 }, (_, i) => `${i} ${'x'.repeat(990)}`);
    const res = await declare(randomUUID(), { columns });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^the batch's file name, columns and mapping must be at most 256 KB together/);
  });

  it('refuses more than 1,000 columns', async () => {
    const res = await declare(randomUUID(), { columns: Array.from({ length: 1001 }, (_, i) => `c${i}`) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/columns/);
  });

  it('refuses a mapping nested 5,000 levels deep with 400, not 500', async () => {
    // Sent as text: serializing it in the test would itself run out of stack.
    const mapping = `${'{"a":'.repeat(4_999)}{}${'}'.repeat(4_999)}`;
    const body = `{"workflow_id":"${workflowId}","file_name":"a.csv","columns":["A"],"row_count":1,"mapping":${mapping}}`;
    const res = await svc.call<Err>('PUT', `/api/v1/batches/${randomUUID()}`, {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'mapping must nest at most 32 levels of objects and lists' },
    });
    expect((await declare(randomUUID(), { mapping: nested(32) })).status).toBe(201);
  });

  it.each([
    ['file_name', { file_name: 'people\u0000.csv' }],
    ['columns', { columns: ['Name', 'bad\ud800'] }],
    ['mapping', { mapping: { columns: { 'N\u0000ame': 'name' } } }],
    ['mapping', { mapping: { deep: [{ note: 'x\udfff' }] } }],
  ])('refuses NUL and unpaired surrogates in %s, as in every stored text', async (field, body) => {
    const res = await declare(randomUUID(), body);
    expect(res).toMatchObject({
      status: 400,
      body: { error: `${field} must not contain NUL characters or unpaired surrogates` },
    });
  });
});

describe('rows sent to a batch: a message for each field', () => {
  const batchId = randomUUID();

  it.each([
    [{ row: 0, attempt: 0, input: {} }, 'items[0].attempt must be a whole number, 1 or more'],
    [{ row: 0, attempt: -1, input: {} }, 'items[0].attempt must be a whole number, 1 or more'],
    [{ row: 0, attempt: 1.5, input: {} }, 'items[0].attempt must be a whole number, 1 or more'],
    [{ row: 0, attempt: '1', input: {} }, 'items[0].attempt must be a whole number, 1 or more'],
    [{ row: -1, attempt: 1, input: {} }, 'items[0].row must be a whole number from 0 to 9999'],
    [{ row: 0, attempt: 1, input: [] }, 'items[0].input must be an object'],
    [{ row: 0, input: {} }, 'items[0].attempt is required'],
  ])('%j answers "%s…"', async (item, message) => {
    const res = await send(batchId, [item]);
    expect(res.status).toBe(400);
    expect(res.body.error.startsWith(message)).toBe(true);
  });

  it('still says how many items a request holds when the list itself is wrong', async () => {
    expect((await send(batchId, [])).body.error).toBe('items must contain between 1 and 10000 objects');
  });

  it.each(['', '0x10', '1e3', '-1', '01', ' 1'])('reads the rows cursor %j strictly: 400', async (cursor) => {
    await declare(batchId);
    const res = await svc.call<Err>('GET', `/api/v1/batches/${batchId}/rows?cursor=${encodeURIComponent(cursor)}`);
    expect(res).toMatchObject({ status: 400, body: { error: 'cursor must be the cursor of the previous page' } });
  });
});

describe('the same rows sent several times at once', () => {
  it('answers every copy with the same executions, none with 409 (on PostgreSQL they race to write)', async () => {
    const id = randomUUID();
    expect((await declare(id, { row_count: 3 })).status).toBe(201);
    const items = [0, 1, 2].map((row) => ({ row, attempt: 1, input: { name: `Row ${row}` } }));
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(id, items)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    const ids = answers.map((answer) => answer.body.executions.map((execution) => execution.execution_id).join());
    expect(new Set(ids).size).toBe(1);
    expect(answers.reduce((sum, answer) => sum + answer.body.total, 0)).toBe(3);
  });
});

describe('batches an account keeps', () => {
  it('lists batches without their columns and mapping; the batch itself has them', async () => {
    const id = randomUUID();
    await declare(id, { columns: ['Name', 'Email'], mapping: { columns: { Name: 'name' } } }, KEY_A);
    const list = await svc.call<{ data: Record<string, unknown>[] }>('GET', '/api/v1/batches');
    assertMatchesContract('listBatches', 200, list.body);
    const item = list.body.data.find((batch) => batch.id === id)!;
    expect(item).toBeDefined();
    expect(item).not.toHaveProperty('columns');
    expect(item).not.toHaveProperty('mapping');
    const one = await svc.call<Batch>('GET', `/api/v1/batches/${id}`);
    expect(one.body).toMatchObject({ columns: ['Name', 'Email'], mapping: { columns: { Name: 'name' } } });
  });

  it('refuses a batch past the account’s cap with 400 saying so; a resent declaration still answers', async () => {
    const theirs = await svc.addWorkflow({ steps: [reportStep()] }, KEY_B);
    const made = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const id of made) expect((await declare(id, { workflow_id: theirs }, KEY_B)).status).toBe(201);
    const refused = await declare(randomUUID(), { workflow_id: theirs }, KEY_B);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^This account already keeps 4 batches, the most it may;/);
    expect((await declare(made[0]!, { workflow_id: theirs }, KEY_B)).status).toBe(200);
  });
});

describe('declarations in the stored-bytes quota', () => {
  let small: TestService;
  beforeAll(async () => {
    small = await startTestService({ WORKFLOW_ACCOUNT_MAX_STORED_MB: '1' });
  });
  afterAll(() => small.close());

  it('counts what declarations keep: past the quota a new batch answers 400', async () => {
    const workflow = await small.addWorkflow({ steps: [reportStep()] });
    for (let i = 0; i < 5; i++) {
      await small.store.batches.insert({
        id: randomUUID(),
        account_id: small.accountId(),
        workflow_id: workflow,
        file_name: 'wide.csv',
        columns: JSON.stringify(['x'.repeat(250_000)]),
        mapping: '{}',
        row_count: 1,
        started_by: null,
        created_at: small.store.nowIso(),
      });
    }
    const res = await small.call<Err>('PUT', `/api/v1/batches/${randomUUID()}`, {
      body: { workflow_id: workflow, file_name: 'a.csv', columns: ['A'], mapping: {}, row_count: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^This account's results and batches already take 1 MB, the most it may keep/);
  });
});
