import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { openStore, type Store } from './store';

let dir: string;
let store: Store;
const clock = manualClock(Date.UTC(2026, 10, 21, 23, 6, 29, 123));

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'workflow-store-'));
  store = await openStore({ dataDir: dir }, clock);
  await store.accounts.insert({ id: 'acc', name: 'A', key_hash: 'h', created_at: store.nowIso() });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const workflow = () =>
  store.createWorkflow(
    { accountId: 'acc', prompt: 'p', name: 'n', description: '', nameGiven: true, descriptionGiven: false },
    { status: 'ready', input_schema: null, steps: '[]', concurrency: 'medium' },
  );

describe('Store', () => {
  it('uses WAL and applies each migration once', async () => {
    const { rows } = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(store.kysely);
    expect(rows[0]?.journal_mode).toBe('wal');
    store.close();
    store = await openStore({ dataDir: dir }, clock);
    const applied = await store.kysely
      .selectFrom('migrations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .execute();
    expect(applied).toEqual([{ n: 5 }]);
  });

  it('gives every row of an account a distinct, increasing created_at even when the clock stands still', async () => {
    const w = await workflow();
    const batch = await store.createExecutions('acc', w.id, [{}, {}, {}], null);
    const stamps = [w.created_at, ...batch.map((e) => e.created_at)];
    expect(stamps).toEqual([
      '2026-11-21T23:06:29.123000Z',
      '2026-11-21T23:06:29.123001Z',
      '2026-11-21T23:06:29.123002Z',
      '2026-11-21T23:06:29.123003Z',
    ]);
  });

  it('keeps created_at increasing across a reopen', async () => {
    const w = await workflow();
    await store.createExecutions('acc', w.id, [{}], null);
    store.close();
    store = await openStore({ dataDir: dir }, clock);
    const [next] = await store.createExecutions('acc', w.id, [{}], null);
    expect(next!.created_at).toBe('2026-11-21T23:06:29.123002Z');
  });

  it('inserts a 10,000-item batch, all waiting in initial', async () => {
    const w = await workflow();
    const items = Array.from({ length: 10_000 }, (_, i) => ({ n: i }));
    const rows = await store.createExecutions('acc', w.id, items, { batchId: 'b', cap: 5 });
    expect(rows).toHaveLength(10_000);
    expect(await store.executions.countByStatus(w.id)).toEqual({ initial: 10_000 });
  });

  it('completes an execution once: files and status change together, and a stale attempt changes nothing', async () => {
    const w = await workflow();
    const [e] = await store.createExecutions('acc', w.id, [{}], null);
    expect(await store.executions.claim(e!.id, 0, 1_000)).toBe(true);
    expect(await store.executions.claim(e!.id, 0, 1_000)).toBe(false);
    const file = { filename: 'a.md', data: new TextEncoder().encode('# A') };
    expect(await store.completeExecution(e!.id, 0, [file])).toBe(false);
    expect(await store.completeExecution(e!.id, 1, [file])).toBe(true);
    expect(await store.completeExecution(e!.id, 1, [file])).toBe(false);
    expect(await store.failExecution(e!.id, 1, 'late')).toBe(false);
    expect((await store.files.summaries(e!.id)).map((f) => f.filename)).toEqual(['a.md']);
    expect(await store.executions.byId(e!.id)).toMatchObject({ status: 'finished', attempt: 1, error: null });
  });

  it('stores inline bytes only for small text files', async () => {
    const w = await workflow();
    const [e] = await store.createExecutions('acc', w.id, [{}], null);
    await store.executions.claim(e!.id, 0, 1_000);
    await store.completeExecution(e!.id, 1, [
      { filename: 'a.md', data: new TextEncoder().encode('# A') },
      { filename: 'b.pdf', data: new TextEncoder().encode('%PDF') },
    ]);
    const files = await store.files.summaries(e!.id);
    expect(files.map((f) => [f.filename, f.inline_data?.toString() ?? null])).toEqual([
      ['a.md', '# A'],
      ['b.pdf', null],
    ]);
    expect(await store.files.get(files[1]!.id)).toMatchObject({ content_type: 'application/pdf', size: 4 });
  });
});
