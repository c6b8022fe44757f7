import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { openStore, type Store } from './store';

let dir: string;
let store: Store;
const clock = manualClock(Date.UTC(2026, 10, 21, 23, 6, 29, 123));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'workflow-store-'));
  store = openStore(dir, clock);
  store.accounts.insert({ id: 'acc', name: 'A', key_hash: 'h', created_at: store.nowIso() });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const workflow = () =>
  store.createWorkflow(
    { accountId: 'acc', prompt: 'p', name: 'n', description: '', nameGiven: true, descriptionGiven: false },
    { status: 'ready', input_schema: null, steps: '[]', concurrency: 'medium' },
  );

describe('Store', () => {
  it('uses WAL and applies each migration once', () => {
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    store.close();
    store = openStore(dir, clock);
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM migrations').get()).toEqual({ n: 4 });
  });

  it('gives every row of an account a distinct, increasing created_at even when the clock stands still', () => {
    const w = workflow();
    const batch = store.createExecutions('acc', w.id, [{}, {}, {}], null);
    const stamps = [w.created_at, ...batch.map((e) => e.created_at)];
    expect(stamps).toEqual([
      '2026-11-21T23:06:29.123000Z',
      '2026-11-21T23:06:29.123001Z',
      '2026-11-21T23:06:29.123002Z',
      '2026-11-21T23:06:29.123003Z',
    ]);
  });

  it('keeps created_at increasing across a reopen', () => {
    const w = workflow();
    store.createExecutions('acc', w.id, [{}], null);
    store.close();
    store = openStore(dir, clock);
    const [next] = store.createExecutions('acc', w.id, [{}], null);
    expect(next!.created_at).toBe('2026-11-21T23:06:29.123002Z');
  });

  it('inserts a 10,000-item batch, all waiting in initial', () => {
    const w = workflow();
    const items = Array.from({ length: 10_000 }, (_, i) => ({ n: i }));
    const rows = store.createExecutions('acc', w.id, items, { batchId: 'b', cap: 5 });
    expect(rows).toHaveLength(10_000);
    expect(store.executions.countByStatus(w.id)).toEqual({ initial: 10_000 });
  });

  it('completes an execution once: files and status change together, and a stale attempt changes nothing', () => {
    const w = workflow();
    const [e] = store.createExecutions('acc', w.id, [{}], null);
    expect(store.executions.claim(e!.id, 0, 1_000)).toBe(true);
    expect(store.executions.claim(e!.id, 0, 1_000)).toBe(false);
    const file = { filename: 'a.md', data: new TextEncoder().encode('# A') };
    expect(store.completeExecution(e!.id, 0, [file])).toBe(false);
    expect(store.completeExecution(e!.id, 1, [file])).toBe(true);
    expect(store.completeExecution(e!.id, 1, [file])).toBe(false);
    expect(store.failExecution(e!.id, 1, 'late')).toBe(false);
    expect(store.files.summaries(e!.id).map((f) => f.filename)).toEqual(['a.md']);
    expect(store.executions.byId(e!.id)).toMatchObject({ status: 'finished', attempt: 1, error: null });
  });

  it('stores inline bytes only for small text files', () => {
    const w = workflow();
    const [e] = store.createExecutions('acc', w.id, [{}], null);
    store.executions.claim(e!.id, 0, 1_000);
    store.completeExecution(e!.id, 1, [
      { filename: 'a.md', data: new TextEncoder().encode('# A') },
      { filename: 'b.pdf', data: new TextEncoder().encode('%PDF') },
    ]);
    const files = store.files.summaries(e!.id);
    expect(files.map((f) => [f.filename, f.inline_data?.toString() ?? null])).toEqual([
      ['a.md', '# A'],
      ['b.pdf', null],
    ]);
    expect(store.files.get(files[1]!.id)).toMatchObject({ content_type: 'application/pdf', size: 4 });
  });
});
