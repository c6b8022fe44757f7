import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BatchJournal } from './batch-journal';
import { planRerun } from './build-batch';
import { reconcileChunk } from './reconcile';
import { importServerBatch, NOT_ON_SERVER, syncServerBatch } from './server-batches';
import { submitBatch } from './submit';
import { FakeService, nameBatch } from './testing/fake-service';

let dbSeq = 0;
const journal = () => new BatchJournal(indexedDB, `shared-${dbSeq++}`);

/** A fake service that keeps batches, and a journal (one browser) holding a new batch of `rows` names. */
async function uploaded(rows: number, skipped: number[] = []) {
  const service = new FakeService();
  service.sharedBatches = true;
  service.failsWhen = (input) => String(input.name).endsWith('7');
  const j = journal();
  const built = nameBatch(service.workflowId, rows, {
    fileName: 'people.csv',
    skipped: new Map(skipped.map((i) => [i, [{ column: 'name', property: 'name', message: 'is bad' }]])),
  });
  await j.create(built.batch, built.rows);
  const api = { ...service.api, ...service.sharedApi };
  return { service, journal: j, api, batchId: built.batch.id };
}

const settle = (service: FakeService) => {
  for (let i = 0; i < 100; i += 1) service.advance(100);
};

describe('batches kept on the server for the account', () => {
  it('declares the batch once and sends its rows by row and attempt, under the batch’s own id', async () => {
    const { service, journal: j, api, batchId } = await uploaded(250, [3]);
    expect(await submitBatch(batchId, { journal: j, api })).toEqual({ kind: 'done' });
    expect(service.declared.get(batchId)).toMatchObject({ file_name: 'people.csv', columns: ['name'], row_count: 250 });
    expect(service.batchRows.get(batchId)!.size).toBe(249);
    expect(service.batchRows.get(batchId)!.has(3)).toBe(false);
    const batch = (await j.get(batchId))!;
    expect(batch).toMatchObject({ shared: true, declared: true });
    expect(batch.chunks.every((c) => c.serverBatchId === batchId)).toBe(true);
    const rows = await j.rows(batchId);
    expect(rows[10]!.executionId).toBe(service.batchRows.get(batchId)!.get(10)![0]);
  });

  it('stays in this browser on a server without the extension, sending the v1 batch request', async () => {
    const { service, journal: j, api, batchId } = await uploaded(20);
    service.sharedBatches = false;
    expect(await submitBatch(batchId, { journal: j, api })).toEqual({ kind: 'done' });
    expect(service.declared.size).toBe(0);
    expect(await j.get(batchId)).toMatchObject({ shared: false });
    expect(service.executions).toHaveLength(20);
  });

  it('sends a chunk whose answer was lost again without running any of its rows twice', async () => {
    const { service, journal: j, api, batchId } = await uploaded(30);
    service.loseNextAnswer = true;
    const first = await submitBatch(batchId, { journal: j, api });
    expect(first.kind).toBe('blocked');
    expect(service.executions).toHaveLength(30);
    const chunk = (await j.get(batchId))!.chunks.find((c) => c.state === 'unconfirmed')!;
    expect(await reconcileChunk({ journal: j, api }, batchId, chunk.index)).toEqual({ verdict: 'landed', ids: [] });
    expect(await submitBatch(batchId, { journal: j, api })).toEqual({ kind: 'done' });
    expect(service.executions).toHaveLength(30);
    const rows = await j.rows(batchId);
    expect(new Set(rows.map((r) => r.executionId)).size).toBe(30);
    expect(rows.every((r) => r.status === 'initial')).toBe(true);
    // The page can say the rows had arrived and were not sent twice.
    expect((await j.get(batchId))!.chunks.find((c) => c.index === chunk.index)!.check).toMatchObject({
      verdict: 'landed',
    });
  });

  it('opens the batch in another browser from the server, a page of rows per 100 rows, with inputs and statuses', async () => {
    const { service, journal: j, api, batchId } = await uploaded(250, [3]);
    await submitBatch(batchId, { journal: j, api });
    settle(service);
    const other = journal();
    service.listCalls = 0;
    await importServerBatch({ journal: other, api }, batchId, 'Demo');
    expect(service.listCalls).toBe(3);
    const batch = (await other.get(batchId))!;
    expect(batch).toMatchObject({
      fileName: 'people.csv',
      rowCount: 250,
      columns: ['name'],
      shared: true,
      declared: true,
      startedBy: 'Dana',
    });
    expect(batch.counts).toMatchObject({ finished: 224, error: 25, skipped: 1 });
    const rows = await other.rows(batchId);
    expect(rows[12]).toMatchObject({ cells: ['r12'], input: { name: 'r12' }, status: 'finished', attempt: 1 });
    expect(rows[17]).toMatchObject({ status: 'error', error: 'Row failed: {"name":"r17"}' });
    expect(rows[3]).toMatchObject({ status: 'skipped', error: NOT_ON_SERVER });
  });

  it('shows a row fixed and re-run in another browser as attempt 2 in the first, keeping attempt 1', async () => {
    const { service, journal: first, api, batchId } = await uploaded(40);
    await submitBatch(batchId, { journal: first, api });
    settle(service);
    const second = journal();
    await importServerBatch({ journal: second, api }, batchId, 'Demo');
    const before = (await second.rows(batchId))[17]!;
    // The second browser fixes row 18 and re-runs it.
    const all = await second.rows(batchId);
    await second.update(batchId, (b) => {
      const plan = planRerun(b, all, [{ index: 17, input: { name: 'fixed' }, cells: ['fixed'] }]);
      return { batch: plan.batch, rows: plan.rows };
    });
    expect(await submitBatch(batchId, { journal: second, api })).toEqual({ kind: 'done' });
    expect(service.batchRows.get(batchId)!.get(17)).toHaveLength(2);

    const reads = service.listCalls;
    expect(await syncServerBatch({ journal: first, api }, batchId)).toBe(true);
    const row = (await first.rows(batchId))[17]!;
    expect(row).toMatchObject({ attempt: 2, input: { name: 'fixed' }, cells: ['fixed'], status: 'initial' });
    expect(row.attempts).toEqual([
      { attempt: 1, executionId: before.executionId, status: 'error', error: 'Row failed: {"name":"r17"}', input: {} },
    ]);
    const batch = (await first.get(batchId))!;
    expect(batch.doneAt).toBeUndefined();
    expect(batch.chunks.at(-1)).toMatchObject({ rows: [17], state: 'confirmed' });
    expect(service.listCalls).toBe(reads + 1);

    // Nothing new on the server: one read of the batch, no rows.
    expect(await syncServerBatch({ journal: first, api }, batchId)).toBe(false);
    expect(service.listCalls).toBe(reads + 1);
  });

  it('never takes over a row this browser has not sent yet', async () => {
    const { service, journal: first, api, batchId } = await uploaded(10);
    // Another client runs row 0 before this browser sends anything.
    await api.declareBatch(batchId, {
      workflow_id: service.workflowId,
      file_name: 'x',
      columns: [],
      mapping: {},
      row_count: 10,
    });
    await first.update(batchId, (b) => ({ batch: { ...b, shared: true, declared: true } }));
    await api.createBatchRuns(batchId, [{ row: 0, attempt: 1, input: { name: 'elsewhere' } }]);
    expect(await syncServerBatch({ journal: first, api }, batchId)).toBe(false);
    expect((await first.rows(batchId))[0]).toMatchObject({ status: 'unsent', input: { name: 'r0' } });
    // Sending it then gets the execution the server already has: the row runs once.
    await submitBatch(batchId, { journal: first, api });
    expect(service.executions).toHaveLength(10);
  });
});
