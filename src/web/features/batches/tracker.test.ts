import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BatchJournal } from './batch-journal';
import { buildBatch } from './build-batch';
import { FakeService } from './fake-service';
import { submitBatch } from './submit';
import { addSample, learnDirection, planSegments, planSweep, trackBatch, trackerIntervalMs } from './tracker';

let seq = 0;
const row = (id: string, status: 'initial' | 'processing' | 'finished' | 'human_in_the_loop', createdAt?: string, pageCursor?: string | null) => ({
  executionId: id,
  status,
  createdAt,
  pageCursor,
});

describe('planSweep', () => {
  it('has nothing to do when every row is final or unsent', () => {
    expect(planSweep([row('a', 'finished', 't1', null), { executionId: undefined, status: 'unsent' as const, createdAt: undefined, pageCursor: undefined }], {}, 0)).toBeNull();
  });

  it('reads from the top when some execution has never been seen on a page', () => {
    const plan = planSweep([row('a', 'initial', 't1', 'c1'), row('b', 'initial')], { direction: 'older', lastFullSweepAt: 0 }, 1);
    expect(plan).toEqual({ startCursor: null, targets: new Set(['a', 'b']), full: true });
  });

  it('between full sweeps reads only the processing and the oldest initial executions, from the newest one’s page', () => {
    const rows = [
      row('done', 'finished', '2026-01-01T00:00:01Z', 'c9'),
      row('p1', 'processing', '2026-01-01T00:00:02Z', 'c8'),
      ...Array.from({ length: 150 }, (_, i) => row(`i${i}`, 'initial', `2026-01-01T00:01:${String(i).padStart(3, '0')}Z`, i < 50 ? 'c7' : 'c6')),
    ];
    const plan = planSweep(rows, { direction: 'older', lastFullSweepAt: 1000 }, 2000)!;
    expect(plan.full).toBe(false);
    expect(plan.targets.size).toBe(101);
    expect(plan.targets.has('i149')).toBe(false);
    expect(plan.startCursor).toBe('c6');
  });

  it('starts from the oldest target when the list walks toward newer items', () => {
    const rows = [row('p1', 'processing', '2026-01-01T00:00:02Z', 'old-page'), row('i1', 'initial', '2026-01-01T00:00:03Z', 'new-page')];
    expect(planSweep(rows, { direction: 'newer', lastFullSweepAt: 1000 }, 2000)!.startCursor).toBe('old-page');
  });

  it('reads everything unfinished again after the full-sweep period', () => {
    const rows = [row('p1', 'processing', 't2', 'c'), row('h', 'human_in_the_loop', 't1', 'c')];
    expect(planSweep(rows, { direction: 'older', lastFullSweepAt: 0 }, 10 * 60_000)!).toMatchObject({ full: true, targets: new Set(['p1', 'h']) });
  });
});

describe('planSegments', () => {
  const rows = [
    row('p1', 'processing', '2026-01-01T00:00:02Z', 'c9'),
    ...Array.from({ length: 300 }, (_, i) => row(`i${i}`, 'initial', `2026-01-01T00:01:${String(i).padStart(3, '0')}Z`, `c${8 - Math.floor(i / 100)}`)),
  ];

  it('reads the oldest unfinished range first in a full sweep of a newest-first list', () => {
    const [front, rest, more] = planSegments(rows, { direction: 'older', lastFullSweepAt: 0 }, 10 * 60_000);
    expect(front).toMatchObject({ startCursor: 'c8', full: false });
    expect(front!.targets.size).toBe(101);
    expect(rest).toMatchObject({ startCursor: 'c6', full: true });
    expect(rest!.targets.size).toBe(200);
    expect(rest!.targets.has('i100')).toBe(true);
    expect(rest!.targets.has('p1')).toBe(false);
    expect(more).toBeUndefined();
  });

  it('keeps one sweep when the list already starts from the oldest or when nothing is placed yet', () => {
    expect(planSegments(rows, { direction: 'newer', lastFullSweepAt: 0 }, 10 * 60_000)).toHaveLength(1);
    expect(planSegments([row('a', 'initial'), row('b', 'initial')], { direction: 'older', lastFullSweepAt: 0 }, 10 * 60_000)).toHaveLength(1);
    expect(planSegments(rows, { direction: 'older', lastFullSweepAt: 1000 }, 2000)).toHaveLength(1);
  });

  it('reads placed front rows first and never-seen rows from the top', () => {
    const [front, rest] = planSegments([...rows, row('new', 'initial')], { direction: 'older', lastFullSweepAt: 1000 }, 2000);
    expect(front!.startCursor).toBe('c8');
    expect(rest).toMatchObject({ startCursor: null, full: true });
    expect(rest!.targets.has('new')).toBe(true);
  });
});

describe('learnDirection', () => {
  const page = (times: string[], cursor: string | null) => ({ data: times.map((t) => ({ id: t, workflow_id: 'w', status: 'initial' as const, created_at: t })), cursor });

  it('reads the order from the cursor of the first page', () => {
    expect(learnDirection(page(['3', '2'], '2'))).toBe('older');
    expect(learnDirection(page(['3', '2'], '3'))).toBe('newer');
  });

  it('needs a second page when the cursor is opaque', () => {
    expect(learnDirection(page(['3', '2'], 'opaque'))).toBeUndefined();
    expect(learnDirection(page(['3', '2'], 'opaque'), page(['1'], null))).toBe('older');
    expect(learnDirection(page(['3', '2'], 'opaque'), page(['5', '4'], null))).toBe('newer');
  });
});

describe('addSample', () => {
  it('keeps samples bounded and skips unchanged counts', () => {
    let s: [number, number][] = [];
    for (let i = 0; i < 1000; i += 1) s = addSample(s, [i, i], 100);
    expect(s.length).toBeLessThanOrEqual(100);
    expect(s.at(-1)).toEqual([999, 999]);
    expect(addSample([[1, 5]], [2, 5])).toEqual([[1, 5]]);
  });
});

async function submitted(order: 'newest-first' | 'oldest-first', rowsCount: number) {
  const service = new FakeService(undefined, order);
  for (let i = 0; i < 30; i += 1) service.create({ name: `older unrelated ${i}` });
  const journal = new BatchJournal(indexedDB, `tracker-${seq++}`);
  const built = buildBatch({
    id: crypto.randomUUID(),
    workflowId: service.workflowId,
    workflowName: 'Demo',
    fileName: 'f.csv',
    fileSha256: 'x',
    fileBytes: 1,
    columns: ['name'],
    mapping: { columns: { name: 'name' }, constants: {} },
    concurrency: null,
    cells: Array.from({ length: rowsCount }, (_, i) => [`r${i}`]),
    inputs: Array.from({ length: rowsCount }, (_, i) => ({ name: `r${i}` })),
    skipped: new Map(),
    now: 0,
  });
  service.failsWhen = (input) => String(input.name).endsWith('7');
  await journal.create(built.batch, built.rows);
  await submitBatch(built.batch.id, { journal, api: service.api });
  for (let i = 0; i < 10; i += 1) service.create({ name: `newer unrelated ${i}` });
  return { service, journal, batchId: built.batch.id };
}

async function runToEnd(order: 'newest-first' | 'oldest-first', rowsCount: number) {
  const { service, journal, batchId } = await submitted(order, rowsCount);
  let clock = 0;
  const requests: number[] = [];
  const controller = new AbortController();
  const outcome = await trackBatch(
    batchId,
    {
      journal,
      api: service.api,
      budget: () => 100,
      now: () => clock,
      // Virtual time: the service finishes executions as time passes (about 10 per 2 s).
      sleep: async (ms) => {
        const steps = Math.floor((clock + ms) / 2000) - Math.floor(clock / 2000);
        clock += ms;
        for (let k = 0; k < steps; k += 1) service.advance(10);
      },
      onRequest: (at) => requests.push(at),
    },
    controller.signal,
  );
  return { outcome, service, journal, batchId, requests, clock };
}

describe('trackBatch', () => {
  for (const order of ['newest-first', 'oldest-first'] as const) {
    it(`follows a ${order} service to the end from list pages alone`, async () => {
      const { outcome, service, journal, batchId, requests } = await runToEnd(order, 1000);
      expect(outcome).toBe('done');
      const rows = await journal.rows(batchId);
      for (const r of rows) {
        const e = service.executions.find((x) => x.id === r.executionId)!;
        expect(r.status).toBe(e.status);
      }
      expect(rows.filter((r) => r.status === 'error')).toHaveLength(100);
      expect(rows.find((r) => r.status === 'error')!.error).toMatch(/^Row failed/);
      expect(service.detailCalls).toBe(0);
      const batch = (await journal.get(batchId))!;
      expect(batch.doneAt).toBeDefined();
      expect(batch.listDirection).toBe(order === 'newest-first' ? 'older' : 'newer');
      // The goal: at most 20 requests in any sliding minute against a 100/min key.
      for (const t of requests) expect(requests.filter((x) => x > t - 60_000 && x <= t).length).toBeLessThanOrEqual(20);
    });
  }

  it('records each page’s statuses in the journal before it reads the next page', async () => {
    const { service, journal, batchId } = await submitted('oldest-first', 300);
    // 30 older unrelated executions run first; after this 20 batch rows are final (r7 and r17 failed) and 10 processing.
    for (let i = 0; i < 6; i += 1) service.advance(10);
    const requests: number[] = [];
    const controller = new AbortController();
    const outcome = await trackBatch(
      batchId,
      {
        journal,
        api: service.api,
        budget: () => 100,
        now: () => 0,
        // Stops the sweep while it waits for its second page.
        sleep: async () => {
          if (requests.length >= 1) controller.abort();
        },
        onRequest: (at) => requests.push(at),
      },
      controller.signal,
    );
    expect(outcome).toBe('stopped');
    expect(requests).toHaveLength(1);
    const batch = (await journal.get(batchId))!;
    expect(batch.counts).toMatchObject({ finished: 18, error: 2, processing: 10, initial: 270 });
    expect(batch.progress.at(-1)).toEqual([0, 20]);
    expect(batch.listDirection).toBe('newer');
    const rows = await journal.rows(batchId);
    expect(rows.filter((r) => r.pageCursor === null)).toHaveLength(70);
    expect(rows.filter((r) => r.pageCursor === undefined)).toHaveLength(230);
  });

  it('spends far fewer requests than polling each execution', async () => {
    const { requests } = await runToEnd('newest-first', 2000);
    expect(requests.length).toBeLessThan(2000 / 10);
  });

  it('paces requests by the budget', () => {
    expect(trackerIntervalMs(100)).toBeCloseTo(3333, 0);
    expect(trackerIntervalMs(100_000)).toBe(500);
  });
});
