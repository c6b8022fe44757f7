import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { MIGRATIONS } from './db/migrations';
import type { Store } from './store';
import { testDialect, testStoreHome, type TestStoreHome } from './test-support/store-home';

let home: TestStoreHome;
let store: Store;
const clock = manualClock(Date.UTC(2026, 10, 21, 23, 6, 29, 123));

/** A step record's model columns when no model wrote the step. */
const NO_MODEL = { model: null, prompt_tokens: null, completion_tokens: null };

beforeEach(async () => {
  home = await testStoreHome();
  store = await home.open(clock);
  await store.accounts.insert({ id: 'acc', name: 'A', key_hash: 'h', created_at: store.nowIso() });
});
afterEach(async () => {
  await home.cleanup();
});

const workflow = () =>
  store.createWorkflow(
    { accountId: 'acc', prompt: 'p', name: 'n', description: '', nameGiven: true, descriptionGiven: false },
    { status: 'ready', input_schema: null, steps: '[]', concurrency: 'medium' },
  );

describe('Store', () => {
  it('applies each migration once, also when opened again', async () => {
    store = await home.open(clock);
    const applied = await store.kysely
      .selectFrom('migrations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(applied?.n)).toBe(MIGRATIONS.length);
    expect(store.dialect).toBe(testDialect);
    expect(store.shared).toBe(testDialect === 'postgres');
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
    await store.close();
    store = await home.open(clock);
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

  it('finds 10,000 named executions in one cancel, and lists files of many executions at once', async () => {
    const w = await workflow();
    const rows = await store.createExecutions(
      'acc',
      w.id,
      Array.from({ length: 10_000 }, () => ({})),
      null,
    );
    const ids = [...rows.map((row) => row.id), 'missing'];
    const counts = await store.cancelExecutions({
      accountId: 'acc',
      workflowId: w.id,
      target: { ids },
      message: 'stop',
      by: 'k-a',
    });
    expect(counts).toEqual({ cancelled: 10_000, stopping: 0, unchanged: 0, not_found: 1 });
    const links = await store.files.links(rows.slice(0, 3).map((row) => row.id));
    expect([...links.values()].map((list) => list.map((link) => link.filename))).toEqual([
      ['error.txt'],
      ['error.txt'],
      ['error.txt'],
    ]);
  });

  it('round-trips file bytes and counts as numbers', async () => {
    const w = await workflow();
    const [e] = await store.createExecutions('acc', w.id, [{}], null);
    const bytes = new Uint8Array([0, 1, 2, 255, 254]);
    await store.saveDrafts(e!.id, [{ filename: 'x.bin', data: bytes }]);
    const [draft] = await store.files.drafts(e!.id);
    const file = await store.files.get(draft!.id);
    expect([...file!.data]).toEqual([...bytes]);
    expect(file!.size).toBe(5);
    expect(await store.accounts.count()).toBe(1);
    expect(await store.executions.waitingAhead(w.id, '9999-12-31T23:59:59.999999Z', 5)).toBe(1);
  });

  it('finishes one step and starts the next in one write', async () => {
    const w = await workflow();
    const [e] = await store.createExecutions('acc', w.id, [{}], null);
    await store.steps.started(e!.id, 0, '2026-11-21T23:06:30.000000Z');
    await store.steps.advance(e!.id, 0, 1, '2026-11-21T23:06:31.000000Z');
    expect(await store.steps.list(e!.id)).toEqual([
      {
        position: 0,
        status: 'finished',
        started_at: '2026-11-21T23:06:30.000000Z',
        finished_at: '2026-11-21T23:06:31.000000Z',
        error: null,
        ...NO_MODEL,
      },
      {
        position: 1,
        status: 'processing',
        started_at: '2026-11-21T23:06:31.000000Z',
        finished_at: null,
        error: null,
        ...NO_MODEL,
      },
    ]);
  });

  it("keeps what a writing step's model wrote with its record, through a restart of the step and the next step's start", async () => {
    const w = await workflow();
    const [e] = await store.createExecutions('acc', w.id, [{}], null);
    const writing = {
      request: 'r1',
      text: 'Dear Ann',
      model: 'llama3.1',
      tokens: { prompt_tokens: 9, completion_tokens: 3 },
    };
    await store.steps.started(e!.id, 0, '2026-11-21T23:06:30.000000Z');
    await store.steps.written(e!.id, 0, writing);
    // A run taken over starts the step again; finishing it starts the next one.
    await store.steps.started(e!.id, 0, '2026-11-21T23:06:40.000000Z');
    await store.steps.advance(e!.id, 0, 1, '2026-11-21T23:06:41.000000Z');
    expect([...(await store.steps.writings(e!.id))]).toEqual([[0, writing]]);
    expect(
      (await store.steps.list(e!.id)).map((step) => [step.model, step.prompt_tokens, step.completion_tokens]),
    ).toEqual([
      ['llama3.1', 9, 3],
      [null, null, null],
    ]);
  });
});
