import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BatchJournal } from './batch-journal';
import { FakeService, nameBatch } from './testing/fake-service';
import { reconcileChunk, judge } from './reconcile';
import { allowResend, submitBatch } from './submit';

let dbSeq = 0;
const journal = () => new BatchJournal(indexedDB, `test-${dbSeq++}`);

/** An API whose second batch request lands on the service but whose answer is lost on the way back. */
const losesSecondAnswer = (service: FakeService, message: string) => {
  let calls = 0;
  return {
    createBatch: async (...a: Parameters<typeof service.api.createBatch>) => {
      calls += 1;
      const r = await service.api.createBatch(...a);
      if (calls === 2) throw new Error(message);
      return r;
    },
  };
};

function makeBatch(service: FakeService, rows: number, perChunk?: number) {
  const built = nameBatch(service.workflowId, rows, {
    prefix: 'n',
    fileName: 'people.csv',
    skipped: new Map([[1, [{ column: 'name', property: 'name', message: 'is bad' }]]]),
    now: Date.now(),
  });
  if (perChunk !== undefined) {
    const sent = built.rows.filter((r) => r.status === 'unsent').map((r) => r.index);
    built.batch.chunks = [];
    for (let i = 0; i < sent.length; i += perChunk) {
      built.batch.chunks.push({
        index: built.batch.chunks.length,
        rows: sent.slice(i, i + perChunk),
        bytes: 0,
        state: 'pending',
      });
    }
  }
  return built;
}

/** A fake service, and a journal holding a new batch of `rows` names made for it. */
async function journaledBatch(rows: number, perChunk?: number) {
  const service = new FakeService();
  const j = journal();
  const built = makeBatch(service, rows, perChunk);
  await j.create(built.batch, built.rows);
  return { service, j, batch: built.batch };
}

describe('submitBatch', () => {
  it('records the batch before sending and each row execution id by item index', async () => {
    const { service, j, batch } = await journaledBatch(5, 2);
    const outcome = await submitBatch(batch.id, { journal: j, api: service.api });
    expect(outcome).toEqual({ kind: 'done' });
    const saved = await j.rows(batch.id);
    expect(saved.map((r) => r.status)).toEqual(['initial', 'skipped', 'initial', 'initial', 'initial']);
    expect(saved[1]!.error).toBe('Skipped: name: is bad');
    const created = service.executions.map((e) => e.input.name);
    expect(created).toEqual(['n0', 'n2', 'n3', 'n4']);
    expect(
      saved.filter((r) => r.executionId).map((r) => service.executions.find((e) => e.id === r.executionId)!.input.name),
    ).toEqual(['n0', 'n2', 'n3', 'n4']);
    expect((await j.get(batch.id))!.chunks.map((c) => c.state)).toEqual(['confirmed', 'confirmed']);
    expect(service.batchCalls).toBe(2);
  });

  it('marks a chunk whose answer was lost unconfirmed and stops without resending it', async () => {
    const { service, j, batch } = await journaledBatch(7, 2);
    const losing = losesSecondAnswer(service, 'connection reset');
    await submitBatch(batch.id, { journal: j, api: losing });
    const b = (await j.get(batch.id))!;
    expect(b.chunks.map((c) => c.state)).toEqual(['confirmed', 'unconfirmed', 'pending']);
    expect(b.counts.unknown).toBe(2);
    const again = await submitBatch(batch.id, { journal: j, api: service.api });
    expect(again).toMatchObject({ kind: 'blocked', chunk: 1 });
    expect(service.executions).toHaveLength(4);
  });

  it('turns a chunk left in sending by a crash into unconfirmed on the next run', async () => {
    const service = new FakeService();
    const j = journal();
    const { batch, rows } = makeBatch(service, 3);
    batch.chunks[0]!.state = 'sending';
    batch.chunks[0]!.sentAt = Date.now();
    await j.create(batch, rows);
    const outcome = await submitBatch(batch.id, { journal: j, api: service.api });
    expect(outcome.kind).toBe('blocked');
    expect((await j.get(batch.id))!.chunks[0]!.state).toBe('unconfirmed');
    expect(service.batchCalls).toBe(0);
  });

  it('records a refused chunk as failed, and sends it again only once allowed', async () => {
    const { service, j, batch } = await journaledBatch(3);
    const { BadRequestError } = await import('@/api/errors');
    const refusing = { createBatch: async () => Promise.reject(new BadRequestError('items[0].name must be string')) };
    const outcome = await submitBatch(batch.id, { journal: j, api: refusing });
    expect(outcome).toMatchObject({ kind: 'blocked', reason: 'Chunk 1 was refused: items[0].name must be string' });
    await allowResend(j, batch.id, 0);
    expect(await submitBatch(batch.id, { journal: j, api: service.api })).toEqual({ kind: 'done' });
    expect(service.executions).toHaveLength(2);
  });
});

describe('reconcileChunk', () => {
  it('finds an unconfirmed chunk that landed and records its ids in creation order, with no duplicate', async () => {
    const { service, j, batch } = await journaledBatch(6, 2);
    service.create({ name: 'someone else, long before' }).created_at = new Date(Date.now() - 10 * 60_000).toISOString();
    const flaky = losesSecondAnswer(service, 'socket hang up');
    await submitBatch(batch.id, { journal: j, api: flaky });
    expect((await j.get(batch.id))!.chunks[1]!.state).toBe('unconfirmed');
    const verdict = await reconcileChunk({ journal: j, api: service.api }, batch.id, 1);
    expect(verdict.verdict).toBe('landed');
    const b = (await j.get(batch.id))!;
    expect(b.chunks[1]).toMatchObject({ state: 'confirmed', check: { verdict: 'landed', found: 2 } });
    const saved = await j.rows(batch.id);
    for (const r of saved.filter((x) => x.executionId)) {
      expect(service.executions.find((e) => e.id === r.executionId)!.input.name).toBe(r.input.name);
    }
    expect(await submitBatch(batch.id, { journal: j, api: service.api })).toEqual({ kind: 'done' });
    expect(service.executions).toHaveLength(1 + 5);
  });

  it('says absent when nothing was created, so the user may send it again', async () => {
    const { service, j, batch } = await journaledBatch(3);
    await submitBatch(batch.id, { journal: j, api: { createBatch: async () => Promise.reject(new Error('offline')) } });
    expect(await reconcileChunk({ journal: j, api: service.api }, batch.id, 0)).toEqual({ verdict: 'absent' });
    expect((await j.get(batch.id))!.chunks[0]!.state).toBe('unconfirmed');
  });

  it('calls a count that does not match ambiguous', () => {
    const e = (t: string) => ({ id: t, workflow_id: 'w', status: 'initial' as const, created_at: t });
    expect(judge(3, [e('a'), e('b')])).toEqual({ verdict: 'ambiguous', found: 2 });
    expect(judge(2, [e('2026-01-02'), e('2026-01-01')])).toEqual({
      verdict: 'landed',
      ids: ['2026-01-01', '2026-01-02'],
    });
  });
});
