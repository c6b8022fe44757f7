import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { BatchJournal } from './batch-journal';
import type { ChunkState } from './batch-types';
import { resumeBatches } from './resume';
import { withChunk } from './submit';
import { nameBatch } from './testing/fake-service';

let dbSeq = 0;
const journal = () => new BatchJournal(indexedDB, `resume-${dbSeq++}`);

/** A batch whose chunks (one row each) are in the given states. */
async function batchWith(j: BatchJournal, states: ChunkState[]) {
  const built = nameBatch('w1', states.length);
  built.batch.chunks = states.map((state, index) => ({ index, rows: [index], bytes: 10, state }));
  await j.create(built.batch, built.rows);
  return built.batch.id;
}

const setChunk = (j: BatchJournal, id: string, index: number, state: ChunkState) =>
  j.update(id, (b) => ({ batch: withChunk(b, index, { state }) }));

const actions = () => ({ send: vi.fn(), check: vi.fn() });

describe('resumeBatches', () => {
  it('at start, sends every batch a reload interrupted and checks chunks whose answer was lost, leaving the rest alone', async () => {
    const j = journal();
    const unsent = await batchWith(j, ['confirmed', 'pending']);
    const midSend = await batchWith(j, ['sending', 'pending']);
    const lost = await batchWith(j, ['confirmed', 'unconfirmed', 'pending']);
    const sent = await batchWith(j, ['confirmed', 'confirmed']);
    const a = actions();
    const stop = resumeBatches(j, a);
    await vi.waitFor(() => expect(a.send).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(a.check).toHaveBeenCalledTimes(1));
    expect(a.send.mock.calls.map(([id]) => id).sort()).toEqual([unsent, midSend].sort());
    // A chunk that may or may not have arrived holds everything after it until it is checked.
    expect(a.check).toHaveBeenCalledWith(lost, 1);
    expect(a.send).not.toHaveBeenCalledWith(sent);
    stop();
  });

  it('acts again only when a need appears, not on every write, so a send that stopped is not retried in a loop', async () => {
    const j = journal();
    const id = await batchWith(j, ['pending', 'pending']);
    const a = actions();
    const stop = resumeBatches(j, a);
    await vi.waitFor(() => expect(a.send).toHaveBeenCalledTimes(1));

    // Progress writes while chunks still wait (a rate-limited send ended) start nothing new.
    await j.update(id, (b) => ({ batch: { ...b, progress: [[1, 0]] } }));
    await j.update(id, (b) => ({ batch: { ...b, progress: [[2, 0]] } }));
    await setChunk(j, id, 0, 'unconfirmed');
    await vi.waitFor(() => expect(a.check).toHaveBeenCalledWith(id, 0));
    expect(a.send).toHaveBeenCalledTimes(1);

    // Once the person allows the chunk to go again, sending resumes: a new need.
    await setChunk(j, id, 0, 'pending');
    await vi.waitFor(() => expect(a.send).toHaveBeenCalledTimes(2));
    expect(a.check).toHaveBeenCalledTimes(1);
    stop();
  });

  it('after stopping, ignores new batches', async () => {
    const j = journal();
    const a = actions();
    const stop = resumeBatches(j, a);
    stop();
    await batchWith(j, ['pending']);
    await new Promise((r) => setTimeout(r, 20));
    expect(a.send).not.toHaveBeenCalled();
  });

  it('sends a batch created after start, as soon as it is recorded', async () => {
    const j = journal();
    const a = actions();
    const stop = resumeBatches(j, a);
    const id = await batchWith(j, ['pending']);
    await vi.waitFor(() => expect(a.send).toHaveBeenCalledWith(id));
    stop();
  });
});
