import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BatchJournal, journalError, sha256Hex } from './batch-journal';
import { buildBatch } from './build-batch';

const journal = () => new BatchJournal(indexedDB, `journal-${crypto.randomUUID()}`);

const sample = (id: string, workflowId = 'w1', now = 1) =>
  buildBatch({
    id,
    workflowId,
    workflowName: 'W',
    fileName: 'f.csv',
    fileSha256: 'h',
    fileBytes: 1,
    columns: ['a'],
    mapping: { columns: { a: 'a' }, constants: {} },
    concurrency: 'low',
    cells: [['1'], ['2'], ['3']],
    inputs: [{ a: '1' }, { a: '2' }, { a: '3' }],
    skipped: new Map(),
    now,
  });

describe('BatchJournal', () => {
  it('keeps a batch and its rows, lists a workflow’s batches newest first, and forgets them', async () => {
    const j = journal();
    const a = sample('a', 'w1', 1);
    const b = sample('b', 'w1', 2);
    await j.create(a.batch, a.rows);
    await j.create(b.batch, b.rows);
    await j.create(sample('c', 'w2').batch, []);
    expect((await j.list('w1')).map((x) => x.id)).toEqual(['b', 'a']);
    expect((await j.rows('a')).map((r) => r.cells[0])).toEqual(['1', '2', '3']);
    await j.remove('a');
    expect(await j.get('a')).toBeUndefined();
    expect(await j.rows('a')).toEqual([]);
    expect(await j.rows('b')).toHaveLength(3);
  });

  it('turns a chunk left in sending into unconfirmed with unknown rows after a crash, once', async () => {
    const j = journal();
    const a = sample('a');
    a.batch.chunks[0]!.state = 'sending';
    await j.create(a.batch, a.rows);
    expect(await j.recover('a', 5)).toBe(true);
    const batch = (await j.get('a'))!;
    expect(batch.chunks[0]).toMatchObject({ state: 'unconfirmed', settledAt: 5 });
    expect(batch.counts.unknown).toBe(3);
    expect((await j.rows('a')).every((r) => r.status === 'unknown')).toBe(true);
    expect(await j.recover('a')).toBe(false);
  });

  it('tells listeners about writes', async () => {
    const j = journal();
    const seen: string[] = [];
    j.subscribe((id) => seen.push(id));
    const a = sample('a');
    await j.create(a.batch, a.rows);
    await j.update('a', (b) => ({ batch: { ...b, trackingPaused: true } }));
    expect(seen).toEqual(['a', 'a']);
    expect((await j.get('a'))!.trackingPaused).toBe(true);
  });

  it('explains a full quota instead of failing silently', () => {
    const e = journalError(new DOMException('full', 'QuotaExceededError'));
    expect(e.message).toMatch(/storage for the dashboard is full.*nothing was sent/);
  });

  it('hashes files with SHA-256', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
