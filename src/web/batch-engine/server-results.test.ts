import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BatchJournal } from './batch-journal';
import { gatheringNeeded, gatherProgress } from './gather-state';
import { importServerBatch } from './server-batches';
import { submitBatch } from './submit';
import { FakeService, nameBatch } from './testing/fake-service';

let dbSeq = 0;
const journal = () => new BatchJournal(indexedDB, `server-results-${dbSeq++}`);

/** A batch of `rows` names sent from one browser to a fake service that keeps batches, every run ended. */
async function sentAndDone(rows: number, batchResults: boolean) {
  const service = new FakeService();
  service.sharedBatches = true;
  service.batchResults = batchResults;
  service.failsWhen = (input) => String(input.name).endsWith('7');
  const uploader = journal();
  const built = nameBatch(service.workflowId, rows, { fileName: 'people.csv' });
  await uploader.create(built.batch, built.rows);
  const api = { ...service.api, ...service.sharedApi };
  await submitBatch(built.batch.id, { journal: uploader, api });
  for (let i = 0; i < 2 + rows / 10; i += 1) service.advance(100);
  return { service, api, batchId: built.batch.id };
}

describe('a colleague’s browser opening a batch the server keeps with its results', () => {
  it('gets every row’s results and texts in one request per 500 rows, with nothing left to gather', async () => {
    const { service, api, batchId } = await sentAndDone(1200, true);
    service.listCalls = 0;
    service.detailCalls = 0;
    const colleague = journal();
    await importServerBatch({ journal: colleague, api }, batchId, 'Demo');
    expect(service.resultCalls).toBe(3);
    expect(service.listCalls + service.detailCalls).toBe(0);
    const rows = await colleague.rows(batchId);
    expect(rows[12]!.results).toEqual([
      expect.objectContaining({ filename: 'report.md', content: '# r12' }),
      expect.objectContaining({ filename: 'report.pdf' }),
    ]);
    expect(rows[17]).toMatchObject({ status: 'error', error: 'Row failed: {"name":"r17"}' });
    expect(gatheringNeeded(rows)).toBe(false);
    expect(gatherProgress(rows)).toMatchObject({ rowsWithResults: 1200, rowsTotal: 1200, filesMissing: 0 });

    // The chart is rebuilt from when the runs ended, and ends where the counts do.
    const batch = (await colleague.get(batchId))!;
    expect(batch.progress.at(-1)![1]).toBe(batch.counts.finished + batch.counts.error);
    expect(batch.progress.length).toBeLessThanOrEqual(240);
    const ends = rows.map((r) => Date.parse(r.finishedAt!));
    expect(batch.progress.at(-1)![0]).toBe(Math.max(...ends));
  });

  it('on a server without the results extension, reads the rows alone and leaves the results to gather', async () => {
    const { service, api, batchId } = await sentAndDone(250, false);
    const colleague = journal();
    await importServerBatch({ journal: colleague, api }, batchId, 'Demo');
    expect(service.resultCalls).toBe(0);
    const rows = await colleague.rows(batchId);
    expect(rows.every((r) => r.results === undefined)).toBe(true);
    expect(gatheringNeeded(rows)).toBe(true);
    expect((await colleague.get(batchId))!.progress).toEqual([]);
  });
});
