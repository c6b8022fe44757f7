import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BatchJournal } from './batch-journal';
import type { RowRecord } from './batch-types';
import { FakeService, nameBatch } from './testing/fake-service';
import { submitBatch } from './submit';
import { REMOVED_RUN_MESSAGE } from './removed-runs';
import { trackBatch } from './tracker';

let seq = 0;

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

describe('trackBatch when the server removed the runs', () => {
  it('marks a row whose run answers 404 as removed and ended, instead of failing or probing it forever', async () => {
    const { service, journal, batchId } = await submitted('newest-first', 5);
    const rows = await journal.rows(batchId);
    // Every run of the batch ended and was removed while no browser watched.
    service.executions = service.executions.filter((e) => !rows.some((r) => r.executionId === e.id));
    const controller = new AbortController();
    let requests = 0;
    const outcome = await trackBatch(
      batchId,
      {
        journal,
        api: service.api,
        intervalMs: () => 750,
        sleep: async () => undefined,
        onRequest: () => {
          if (++requests > 200) controller.abort();
        },
      },
      controller.signal,
    );

    expect(outcome).toBe('done');
    const after = await journal.rows(batchId);
    expect(after.every((r) => r.removed && r.status === 'error' && r.error === REMOVED_RUN_MESSAGE)).toBe(true);
    expect((await journal.get(batchId))!.counts).toMatchObject({ error: 5, initial: 0 });
  });
});
