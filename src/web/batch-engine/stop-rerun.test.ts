import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BatchJournal } from './batch-journal';
import { planRerun } from './build-batch';
import { FakeService, nameBatch } from './testing/fake-service';
import { reconcileChunk } from './reconcile';
import { STOPPED_MESSAGE, stopBatchWith } from './stop';
import { allowResend, submitBatch } from './submit';
import { trackBatch } from './tracker';

let dbSeq = 0;

async function setup(rows: number, perChunk: number, service = new FakeService()) {
  const journal = new BatchJournal(indexedDB, `stop-rerun-${dbSeq++}`);
  const built = nameBatch(service.workflowId, rows, { prefix: 'n', fileName: 'people.csv' });
  built.batch.chunks = [];
  for (let i = 0; i < rows; i += perChunk) {
    built.batch.chunks.push({
      index: built.batch.chunks.length,
      rows: Array.from({ length: Math.min(perChunk, rows - i) }, (_, k) => i + k),
      bytes: 0,
      state: 'pending',
    });
  }
  await journal.create(built.batch, built.rows);
  return { service, journal, batchId: built.batch.id };
}

const finishAll = (service: FakeService) => {
  while (service.executions.some((e) => e.status === 'initial' || e.status === 'processing')) service.advance(10);
};
const track = (journal: BatchJournal, service: FakeService, batchId: string) =>
  trackBatch(
    batchId,
    { journal, api: service.api, intervalMs: () => 0, now: () => 0, sleep: async () => undefined },
    new AbortController().signal,
  );

/** A batch sent, run to the end with the rows `fails` picks failing, and tracked until done. */
async function ranToEnd(rows: number, perChunk: number, fails: (input: Record<string, unknown>) => boolean) {
  const ran = await setup(rows, perChunk);
  ran.service.failsWhen = fails;
  await submitBatch(ran.batchId, { journal: ran.journal, api: ran.service.api });
  finishAll(ran.service);
  expect(await track(ran.journal, ran.service, ran.batchId)).toBe('done');
  return ran;
}

describe('stopBatchWith', () => {
  it('on a server without the cancel extension: halts the unsent chunks, says so, and tracks the sent rows to the end', async () => {
    const { service, journal, batchId } = await setup(30, 10);
    // The first chunk goes out; Stop comes while the second is about to be sent.
    let calls = 0;
    const api = {
      ...service.api,
      createBatch: async (...args: Parameters<typeof service.api.createBatch>) => {
        calls += 1;
        if (calls === 2)
          await stopBatchWith({ journal, api: service.api, cancelSupported: async () => false }, batchId);
        return service.api.createBatch(...args);
      },
    };
    expect(await submitBatch(batchId, { journal, api })).toEqual({ kind: 'done' });
    const batch = (await journal.get(batchId))!;
    // The chunk whose request was already under way went out; the third never did.
    expect(batch.chunks.map((c) => c.state)).toEqual(['confirmed', 'confirmed', 'stopped']);
    expect(service.batchCalls).toBe(2);
    expect(batch.stopped).toMatchObject({ unsentStopped: 10, cancel: 'unsupported' });
    const rows = await journal.rows(batchId);
    expect(rows.slice(20).every((r) => r.status === 'skipped' && r.error === STOPPED_MESSAGE)).toBe(true);
    expect(service.cancelCalls).toEqual([]);
    finishAll(service);
    expect(await track(journal, service, batchId)).toBe('done');
    expect((await journal.get(batchId))!.counts).toMatchObject({ finished: 20, skipped: 10, initial: 0 });
  });

  it('wins over a sender that read the chunk as pending just before the Stop: the chunk is never sent', async () => {
    const { service, journal, batchId } = await setup(20, 10);
    // The Stop lands between the sender's read of the rows and its claim of the chunk.
    let armed = true;
    const racing = Object.create(journal) as BatchJournal;
    racing.rows = async (id: string) => {
      if (armed) {
        armed = false;
        await stopBatchWith({ journal, api: service.api, cancelSupported: async () => false }, batchId);
      }
      return journal.rows(id);
    };
    expect(await submitBatch(batchId, { journal: racing, api: service.api })).toEqual({ kind: 'done' });
    expect(service.batchCalls).toBe(0);
    expect((await journal.get(batchId))!.chunks.map((c) => c.state)).toEqual(['stopped', 'stopped']);
  });

  it('with the extension: cancels by the server batch id when every chunk carried one', async () => {
    const service = new FakeService();
    service.batchIds = true;
    const { journal, batchId } = await setup(30, 10, service);
    await submitBatch(batchId, { journal, api: service.api });
    service.advance(10);
    service.advance(5);
    const outcome = await stopBatchWith({ journal, api: service.api, cancelSupported: async () => true }, batchId);
    expect(service.cancelCalls).toHaveLength(3);
    expect(service.cancelCalls.every((c) => typeof (c as { batch_id?: string }).batch_id === 'string')).toBe(true);
    expect(outcome).toEqual({ unsentStopped: 0, cancel: 'done', cancelled: 15, stopping: 10 });
    expect(await track(journal, service, batchId)).toBe('done');
    const counts = (await journal.get(batchId))!.counts;
    expect(counts).toMatchObject({ finished: 5, error: 25 });
    expect((await journal.get(batchId))!.stopped).toMatchObject({ cancel: 'done', cancelled: 15, stopping: 10 });
  });

  it('with the extension but no batch ids: cancels the unfinished executions by id', async () => {
    const { service, journal, batchId } = await setup(30, 30);
    await submitBatch(batchId, { journal, api: service.api });
    service.advance(10);
    service.advance(10);
    // The page still thinks all 30 are waiting: 10 have finished meanwhile, and the service says so.
    const outcome = await stopBatchWith({ journal, api: service.api, cancelSupported: async () => true }, batchId);
    expect(service.cancelCalls).toHaveLength(1);
    expect((service.cancelCalls[0] as { execution_ids: string[] }).execution_ids).toHaveLength(30);
    expect(outcome).toEqual({ unsentStopped: 0, cancel: 'done', cancelled: 10, stopping: 10 });
  });

  it('records a failed cancel call, and a batch stopped before anything went out sends nothing', async () => {
    const { service, journal, batchId } = await setup(20, 10);
    await submitBatch(batchId, { journal, api: service.api });
    const api = {
      cancelExecutions: async () => {
        throw new Error('offline');
      },
    };
    expect(await stopBatchWith({ journal, api, cancelSupported: async () => true }, batchId)).toEqual({
      unsentStopped: 0,
      cancel: 'failed',
    });
    expect((await journal.get(batchId))!.stopped).toMatchObject({ cancel: 'failed', error: 'offline' });

    const other = await setup(20, 10);
    expect(
      await stopBatchWith({ journal: other.journal, api, cancelSupported: async () => true }, other.batchId),
    ).toEqual({
      unsentStopped: 20,
      cancel: 'done',
      cancelled: 0,
      stopping: 0,
    });
    expect(await submitBatch(other.batchId, { journal: other.journal, api: other.service.api })).toEqual({
      kind: 'done',
    });
    expect(other.service.batchCalls).toBe(0);
  });
});

describe('planRerun', () => {
  it('keeps the row index, moves the last attempt into the history, and sends new chunks after the old ones', async () => {
    const { journal, batchId } = await ranToEnd(10, 10, (input) => input.name === 'n3');
    const batch = (await journal.get(batchId))!;
    const rows = await journal.rows(batchId);
    const plan = planRerun(batch, rows, [{ index: 3, input: { name: 'n3 fixed' }, cells: ['n3 fixed'] }]);
    expect(plan.refused).toEqual([]);
    expect(plan.batch.doneAt).toBeUndefined();
    expect(plan.batch.chunks.map((c) => [c.index, c.state, c.rows])).toEqual([
      [0, 'confirmed', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]],
      [1, 'pending', [3]],
    ]);
    expect(plan.rows).toEqual([
      {
        batchId,
        index: 3,
        cells: ['n3 fixed'],
        input: { name: 'n3 fixed' },
        status: 'unsent',
        attempt: 2,
        attempts: [
          {
            attempt: 1,
            executionId: rows[3]!.executionId,
            status: 'error',
            input: { name: 'n3' },
            error: 'Row failed: {"name":"n3"}',
          },
        ],
      },
    ]);
    expect(plan.batch.counts).toMatchObject({ unsent: 1, finished: 9, error: 0 });
  });

  it('refuses rows that are not final yet', () => {
    const batch = { chunks: [], counts: {}, concurrency: null } as unknown as Parameters<typeof planRerun>[0];
    const row = {
      batchId: 'b',
      index: 0,
      cells: [],
      input: {},
      status: 'processing' as const,
      attempt: 1,
      executionId: 'e',
    };
    expect(planRerun(batch, [row], [{ index: 0, input: {} }]).refused).toEqual([0]);
  });
});

describe('re-run through the journal, submit and tracker', () => {
  it('sends attempt 2 as a new chunk of the same batch, reconciles a lost answer before anything is resent, and tracks it', async () => {
    const { service, journal, batchId } = await ranToEnd(20, 20, (input) => input.name === 'n3' || input.name === 'n8');
    const rerun = async (index: number, name: string) => {
      const rows = await journal.rows(batchId);
      await journal.update(batchId, (b) => {
        const plan = planRerun(b, rows, [{ index, input: { name } }]);
        return { batch: plan.batch, rows: plan.rows };
      });
    };

    // Attempt 2 of row 3: the service creates it, but the answer is lost.
    await rerun(3, 'n3 fixed');
    service.loseNextAnswer = true;
    const first = await submitBatch(batchId, { journal, api: service.api });
    expect(first).toMatchObject({ kind: 'blocked', chunk: 1 });
    expect(service.batchCalls).toBe(2);
    // Row 8 is re-run too; nothing is sent while chunk 1 is unconfirmed.
    await rerun(8, 'n8 fixed');
    expect(await submitBatch(batchId, { journal, api: service.api })).toMatchObject({ kind: 'blocked', chunk: 1 });
    expect(service.batchCalls).toBe(2);
    // The check finds the one execution the lost request created: chunk 1 landed, and sending goes on.
    const verdict = await reconcileChunk({ journal, api: service.api }, batchId, 1);
    expect(verdict.verdict).toBe('landed');
    expect(await submitBatch(batchId, { journal, api: service.api })).toEqual({ kind: 'done' });
    expect(service.batchCalls).toBe(3);
    // Each input was created exactly once on the service.
    const names = service.executions.map((e) => String(e.input.name));
    expect(names.filter((n) => n === 'n3 fixed')).toHaveLength(1);
    expect(names.filter((n) => n === 'n8 fixed')).toHaveLength(1);

    finishAll(service);
    expect(await track(journal, service, batchId)).toBe('done');
    const rows = await journal.rows(batchId);
    expect(rows[3]).toMatchObject({ attempt: 2, status: 'finished', input: { name: 'n3 fixed' } });
    expect(rows[3]!.attempts).toMatchObject([{ attempt: 1, status: 'error' }]);
    expect(rows[8]).toMatchObject({ attempt: 2, status: 'finished' });
    expect((await journal.get(batchId))!.counts).toMatchObject({ finished: 20, error: 0 });
  });

  it('after an absent verdict the person may resend; the row is sent once', async () => {
    const { service, journal, batchId } = await ranToEnd(5, 5, (input) => input.name === 'n1');
    const rows = await journal.rows(batchId);
    await journal.update(batchId, (b) => {
      const plan = planRerun(b, rows, [{ index: 1, input: { name: 'n1 again' } }]);
      return { batch: plan.batch, rows: plan.rows };
    });
    // A network failure before the request reached the service: nothing was created.
    const api = {
      ...service.api,
      createBatch: async () => {
        throw new TypeError('Failed to fetch');
      },
    };
    expect(await submitBatch(batchId, { journal, api })).toMatchObject({ kind: 'blocked', chunk: 1 });
    expect((await reconcileChunk({ journal, api: service.api }, batchId, 1)).verdict).toBe('absent');
    await allowResend(journal, batchId, 1);
    expect(await submitBatch(batchId, { journal, api: service.api })).toEqual({ kind: 'done' });
    expect(service.executions.filter((e) => e.input.name === 'n1 again')).toHaveLength(1);
  });
});
