import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BatchJournal } from './batch-journal';
import type { BatchRecord, RowRecord, RowStatus } from './batch-types';
import { FakeService, nameBatch } from './fake-service';
import { submitBatch } from './submit';
import { addSample, creationOrder, frontier, planStep, trackBatch, type Tracked } from './tracker';

let seq = 0;
const t = (i: number) => `2026-01-01T00:00:00.${String(i).padStart(6, '0')}Z`;
/** `n` rows in creation order; statuses by position, created_at known where `known(i)`. */
const rows = (n: number, status: (i: number) => RowStatus, known: (i: number) => boolean = () => false): Tracked[] =>
  Array.from({ length: n }, (_, i) => ({
    index: i,
    executionId: `e${i}`,
    status: status(i),
    createdAt: known(i) ? t(i) : undefined,
  }));

describe('creationOrder', () => {
  it('orders rows by chunk then item, puts a re-run row after every first attempt, and leaves out unsent chunks', () => {
    const r = (index: number, executionId?: string) => ({
      index,
      executionId,
      status: 'initial' as const,
      createdAt: undefined,
    });
    const batch: Pick<BatchRecord, 'chunks'> = {
      chunks: [
        { index: 0, rows: [0, 1, 2], bytes: 1, state: 'confirmed' },
        { index: 1, rows: [3, 4], bytes: 1, state: 'confirmed' },
        { index: 2, rows: [1], bytes: 1, state: 'confirmed' },
        { index: 3, rows: [5], bytes: 1, state: 'pending' },
      ],
    };
    const order = creationOrder(batch, [r(0, 'a'), r(1, 'b2'), r(2, 'c'), r(3, 'd'), r(4, 'e'), r(5)]);
    expect(order.map((x) => x.executionId)).toEqual(['a', 'c', 'd', 'e', 'b2']);
  });
});

describe('frontier', () => {
  it('is the oldest unfinished row, and skips a straggler (most rows after it done) until its turn', () => {
    const order = rows(300, (i) => (i === 5 ? 'human_in_the_loop' : i < 150 ? 'finished' : 'initial'));
    expect(frontier(order, { lastStragglerPass: 0 }, 1000)).toEqual({ seq: 150, straggler: false });
    expect(frontier(order, { lastStragglerPass: 0 }, 25_000)).toEqual({ seq: 5, straggler: true });
    expect(
      frontier(
        rows(10, () => 'finished'),
        {},
        0,
      ).seq,
    ).toBe(-1);
  });
});

describe('planStep', () => {
  it('starts at the oldest rows: a probe of the row a page above the oldest unfinished one', () => {
    expect(
      planStep(
        rows(10_000, () => 'initial'),
        {},
        0,
      ),
    ).toEqual({ kind: 'probe', seq: 100, straggler: false });
    expect(
      planStep(
        rows(10_000, (i) => (i < 250 ? 'finished' : 'processing')),
        {},
        0,
      ),
    ).toMatchObject({ kind: 'probe', seq: 350 });
  });

  it('reads the page below a boundary whose created_at it knows, with that created_at as the cursor', () => {
    const order = rows(
      1000,
      (i) => (i < 250 ? 'finished' : 'initial'),
      (i) => i === 350,
    );
    expect(planStep(order, {}, 0)).toEqual({
      kind: 'list',
      cursor: t(350),
      untilSeq: 250,
      pagesLeft: 2,
      straggler: false,
    });
    // A known row too close to the front covers too little of it: probe the boundary instead.
    expect(
      planStep(
        rows(
          1000,
          (i) => (i < 250 ? 'finished' : 'initial'),
          (i) => i === 260,
        ),
        {},
        0,
      ),
    ).toMatchObject({ kind: 'probe', seq: 350 });
  });

  it('walks back from a probe that found unfinished work, and looks twice as far after one that found it done', () => {
    const order = rows(
      10_000,
      (i) => (i < 100 ? 'finished' : 'initial'),
      (i) => i === 900 || i === 300,
    );
    expect(planStep(order, { probe: { seq: 900, final: true } }, 0)).toMatchObject({ kind: 'probe', seq: 1700 });
    expect(planStep(order, { probe: { seq: 300, final: false } }, 0)).toEqual({
      kind: 'list',
      cursor: t(300),
      untilSeq: 100,
      pagesLeft: 4,
      straggler: false,
    });
    // The newest row done: nothing beyond it to look for, so the walk starts there.
    const end = rows(
      500,
      (i) => (i < 100 ? 'finished' : 'initial'),
      (i) => i === 499,
    );
    expect(planStep(end, { probe: { seq: 499, final: true } }, 0)).toMatchObject({
      kind: 'list',
      cursor: t(499),
      untilSeq: 100,
    });
  });

  it('probes the newest row when the front is within the last page', () => {
    expect(
      planStep(
        rows(1000, (i) => (i < 950 ? 'finished' : 'initial')),
        {},
        0,
      ),
    ).toMatchObject({ kind: 'probe', seq: 999 });
    expect(
      planStep(
        rows(1000, (i) => (i < 999 ? 'finished' : 'initial')),
        {},
        0,
      ),
    ).toMatchObject({ kind: 'probe', seq: 999 });
  });

  it('on an oldest-first list starts just before the front', () => {
    expect(
      planStep(
        rows(
          1000,
          (i) => (i < 250 ? 'finished' : 'initial'),
          (i) => i < 250,
        ),
        { direction: 'newer' },
        0,
      ),
    ).toMatchObject({ kind: 'list', cursor: t(249) });
    expect(
      planStep(
        rows(1000, () => 'initial'),
        { direction: 'newer' },
        0,
      ),
    ).toMatchObject({ kind: 'probe', seq: 0 });
  });

  it('goes on with a walk under way', () => {
    const walk = { cursor: 'c', untilSeq: 3, pagesLeft: 2 };
    expect(
      planStep(
        rows(1000, () => 'initial'),
        { walk },
        0,
      ),
    ).toEqual({ kind: 'list', ...walk, straggler: false });
    expect(
      planStep(
        rows(10, () => 'error'),
        { walk },
        0,
      ),
    ).toBeNull();
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

async function submitted(
  order: 'newest-first' | 'oldest-first',
  rowsCount: number,
  service = new FakeService(undefined, order),
) {
  for (let i = 0; i < 30; i += 1) service.create({ name: `older unrelated ${i}` });
  const journal = new BatchJournal(indexedDB, `tracker-${seq++}`);
  const built = nameBatch(service.workflowId, rowsCount);
  service.failsWhen = (input) => String(input.name).endsWith('7');
  await journal.create(built.batch, built.rows);
  await submitBatch(built.batch.id, { journal, api: service.api });
  for (let i = 0; i < 10; i += 1) service.create({ name: `newer unrelated ${i}` });
  return { service, journal, batchId: built.batch.id };
}

const serverDone = (service: FakeService, ids: ReadonlySet<string>) =>
  service.executions.filter((e) => ids.has(e.id) && (e.status === 'finished' || e.status === 'error')).length;

/**
 * Tracks in virtual time: the service moves `perTick` executions on every 200 ms, the tracker
 * paces at `intervalMs`. Samples (time, page's done, server's done) every 10 s.
 */
async function runToEnd(
  order: 'newest-first' | 'oldest-first',
  rowsCount: number,
  options: { perTick?: number; intervalMs?: number; prefinish?: boolean } = {},
) {
  const { service, journal, batchId } = await submitted(order, rowsCount);
  const ids = new Set((await journal.rows(batchId)).map((r) => r.executionId!));
  if (options.prefinish)
    while (service.executions.some((e) => e.status === 'initial' || e.status === 'processing')) service.advance(10);
  let clock = 0;
  const requests: { at: number; kind: string }[] = [];
  const samples: { at: number; page: number; server: number }[] = [];
  let nextSample = 0;
  let serverEndAt: number | undefined;
  const controller = new AbortController();
  const outcome = await trackBatch(
    batchId,
    {
      journal,
      api: service.api,
      intervalMs: () => options.intervalMs ?? 750,
      now: () => clock,
      sleep: async (ms) => {
        const target = clock + ms;
        while ((Math.floor(clock / 200) + 1) * 200 <= target) {
          clock = (Math.floor(clock / 200) + 1) * 200;
          service.advance(options.perTick ?? 10);
          if (serverEndAt === undefined && serverDone(service, ids) === ids.size) serverEndAt = clock;
          if (clock >= nextSample) {
            const b = (await journal.get(batchId))!;
            samples.push({ at: clock, page: b.counts.finished + b.counts.error, server: serverDone(service, ids) });
            nextSample += 10_000;
          }
        }
        clock = target;
      },
      onRequest: (at, kind) => requests.push({ at, kind }),
    },
    controller.signal,
  );
  return { outcome, service, journal, batchId, requests, samples, clock, ids, serverEndAt };
}

/** The page's lag behind the server at each sample: how long ago the server had what the page shows. */
const lags = (samples: { at: number; page: number; server: number }[]) =>
  samples.map((s) => {
    const past = samples.filter((p) => p.at <= s.at && p.server <= s.page);
    return s.at - Math.max(...past.map((p) => p.at));
  });

const maxInMinute = (times: number[]) =>
  Math.max(0, ...times.map((t0) => times.filter((x) => x >= t0 && x < t0 + 60_000).length));

describe('trackBatch', () => {
  for (const order of ['newest-first', 'oldest-first'] as const) {
    it(`follows a ${order} service to the end, each row's status as the service has it`, async () => {
      const { outcome, service, journal, batchId, requests } = await runToEnd(order, 1000);
      expect(outcome).toBe('done');
      const rows = await journal.rows(batchId);
      for (const r of rows) expect(r.status).toBe(service.executions.find((x) => x.id === r.executionId)!.status);
      expect(rows.filter((r) => r.status === 'error')).toHaveLength(100);
      expect(rows.find((r) => r.status === 'error')!.error).toMatch(/^Row failed/);
      const batch = (await journal.get(batchId))!;
      expect(batch.doneAt).toBeDefined();
      expect(batch.counts).toMatchObject({ finished: 900, error: 100, initial: 0, processing: 0 });
      expect(batch.listDirection).toBe(order === 'newest-first' ? 'older' : 'newer');
      expect(maxInMinute(requests.map((r) => r.at))).toBeLessThanOrEqual(80);
    });
  }

  it('shows progress from its first reads, and never trails the service by more than a minute', async () => {
    // 10,000 rows at 50 a second: the service is done in about 200 s.
    const { outcome, requests, samples, journal, batchId, serverEndAt } = await runToEnd('newest-first', 10_000, {
      perTick: 10,
    });
    expect(outcome).toBe('done');
    // The first two requests are a probe of row 100 and the page of rows 0 to 99, the ones that finish first.
    expect(requests.slice(0, 2).map((r) => r.kind)).toEqual(['probe', 'list']);
    const firstShown = samples.find((s) => s.page > 0)!;
    expect(firstShown.at).toBeLessThanOrEqual(10_000);
    expect(Math.max(...lags(samples))).toBeLessThanOrEqual(60_000);
    const done = (await journal.get(batchId))!.doneAt!;
    expect(done - serverEndAt!).toBeLessThanOrEqual(90_000);
    expect(maxInMinute(requests.map((r) => r.at))).toBeLessThanOrEqual(80);
  });

  it('catches up with a service that finished everything before tracking began: one page per 100 rows and a few probes', async () => {
    const { outcome, requests } = await runToEnd('newest-first', 5000, { prefinish: true });
    expect(outcome).toBe('done');
    expect(requests.filter((r) => r.kind === 'list').length).toBeLessThanOrEqual(5000 / 100 + 2);
    expect(requests.filter((r) => r.kind === 'probe').length).toBeLessThanOrEqual(8);
  });

  it('records list results and errors where the service lists them, so no detail is needed afterwards', async () => {
    const service = new FakeService();
    service.listResults = true;
    const { journal, batchId } = await submitted('newest-first', 300, service);
    while (service.executions.some((e) => e.status === 'initial' || e.status === 'processing')) service.advance(10);
    const outcome = await trackBatch(
      batchId,
      { journal, api: service.api, intervalMs: () => 0, now: () => 0, sleep: async () => undefined },
      new AbortController().signal,
    );
    expect(outcome).toBe('done');
    const all = await journal.rows(batchId);
    expect(all.every((r) => Array.isArray(r.results) && r.linksAt === 0)).toBe(true);
    expect(all.find((r) => r.status === 'finished')!.results!.map((f) => f.filename)).toEqual([
      'report.md',
      'report.pdf',
    ]);
  });

  it('tracks re-run rows, whose executions are newer than the rest', async () => {
    const { service, journal, batchId } = await submitted('newest-first', 500);
    while (service.executions.some((e) => e.status === 'initial' || e.status === 'processing')) service.advance(10);
    const deps = { journal, api: service.api, intervalMs: () => 0, now: () => 0, sleep: async () => undefined };
    expect(await trackBatch(batchId, deps, new AbortController().signal)).toBe('done');
    // Row 7 again as attempt 2, in a new chunk: the service creates it after everything else.
    const before = await journal.rows(batchId);
    const again = service.create({ name: 'r7 fixed' });
    for (let i = 0; i < 5; i += 1) service.create({ name: `newest unrelated ${i}` });
    await journal.update(batchId, (b) => ({
      batch: {
        ...b,
        doneAt: undefined,
        chunks: [...b.chunks, { index: b.chunks.length, rows: [7], bytes: 1, state: 'confirmed' }],
      },
      rows: [
        {
          ...before[7]!,
          status: 'initial',
          executionId: again.id,
          createdAt: undefined,
          attempt: 2,
          results: undefined,
        },
      ] satisfies RowRecord[],
    }));
    service.advance(10);
    service.advance(10);
    expect(await trackBatch(batchId, deps, new AbortController().signal)).toBe('done');
    const row = (await journal.rows(batchId))[7]!;
    expect(row).toMatchObject({ executionId: again.id, status: 'finished', attempt: 2 });
  });
});
