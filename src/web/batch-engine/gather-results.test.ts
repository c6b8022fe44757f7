import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BatchJournal } from './batch-journal';
import type { RowRecord } from './batch-types';
import { needsDetails } from './details';
import { buildResultsCsv } from './export-results';
import { REMOVED_RUN_MESSAGE } from './removed-runs';
import { FakeService, nameBatch } from './testing/fake-service';
import { gatherResults } from './gather-results';
import { gatherProgress, gatheringNeeded } from './gather-state';
import { submitBatch } from './submit';
import { trackBatch } from './tracker';

let seq = 0;

/** A batch sent to the fake service, run to the end and tracked, as the page would have it when gathering starts. */
async function doneBatch(rowsCount: number, options: { listResults: boolean }) {
  const service = new FakeService();
  service.listResults = options.listResults;
  service.failsWhen = (input) => String(input.name).endsWith('7');
  const journal = new BatchJournal(indexedDB, `gather-${seq++}`);
  const built = nameBatch(service.workflowId, rowsCount);
  await journal.create(built.batch, built.rows);
  await submitBatch(built.batch.id, { journal, api: service.api });
  while (service.executions.some((e) => e.status === 'initial' || e.status === 'processing')) service.advance(10);
  // An hour into the epoch, so links received "now" are fresh.
  const clock = { t: 3_600_000 };
  await trackBatch(
    built.batch.id,
    { journal, api: service.api, intervalMs: () => 0, now: () => clock.t, sleep: async () => undefined },
    new AbortController().signal,
  );
  service.listCalls = 0;
  service.detailCalls = 0;
  const downloads: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const url = String(input);
    downloads.push(url);
    if (url.includes('expired')) return new Response('expired', { status: 403 });
    const body = service.fileBody(url);
    return body === undefined ? new Response('gone', { status: 404 }) : new Response(body, { status: 200 });
  }) as typeof fetch;
  const requests: string[] = [];
  const deps = {
    journal,
    api: service.api,
    intervalMs: () => 750,
    fetchImpl,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += ms;
    },
    onRequest: (_at: number, kind: string) => requests.push(kind),
  };
  return { service, journal, batchId: built.batch.id, deps, downloads, requests, clock };
}

describe('gatherProgress', () => {
  it('counts rows with results, text files with content, and what is missing', () => {
    const base = { batchId: 'b', cells: [], input: {}, attempt: 1, executionId: 'e' };
    const rows: RowRecord[] = [
      {
        ...base,
        index: 0,
        status: 'finished',
        results: [
          { filename: 'a.md', url: 'u', content: '# a' },
          { filename: 'a.pdf', url: 'u' },
        ],
      },
      { ...base, index: 1, status: 'finished', results: [{ filename: 'b.md', url: 'u' }] },
      { ...base, index: 2, status: 'finished' },
      { ...base, index: 3, status: 'error', error: 'boom', results: [] },
      { ...base, index: 4, status: 'processing' },
      { ...base, index: 5, status: 'skipped', executionId: undefined },
    ];
    expect(gatherProgress(rows)).toEqual({ rowsWithResults: 3, rowsTotal: 4, filesFetched: 1, filesMissing: 2 });
  });
});

describe('gatherResults', () => {
  it('where list items carry files: fetches every text file from its link, with no API request at all', async () => {
    const { journal, batchId, deps, downloads, requests, service } = await doneBatch(300, { listResults: true });
    expect(await gatherResults(batchId, deps, new AbortController().signal)).toBe('done');
    expect(requests).toEqual([]);
    expect(service.detailCalls + service.listCalls).toBe(0);
    const rows = await journal.rows(batchId);
    expect(gatherProgress(rows)).toEqual({ rowsWithResults: 300, rowsTotal: 300, filesFetched: 300, filesMissing: 0 });
    const finished = rows.find((r) => r.status === 'finished')!;
    expect(finished.results).toEqual([
      { filename: 'report.md', url: expect.any(String), content: `# ${finished.input.name}` },
      { filename: 'report.pdf', url: expect.any(String) },
    ]);
    // PDFs stay links: only text files are downloaded.
    expect(downloads.every((u) => !u.endsWith('.pdf'))).toBe(true);
    expect(gatheringNeeded(rows)).toBe(false);
  });

  it('where list items carry no files: one detail read per row, at the background pace', async () => {
    const { journal, batchId, deps, requests, downloads, clock } = await doneBatch(120, { listResults: false });
    const before = await journal.rows(batchId);
    expect(gatheringNeeded(before)).toBe(true);
    // The tracker's boundary probes were detail reads already; every other final row needs one.
    const needed = before.filter((r) => needsDetails(r)).length;
    expect(needed).toBeGreaterThan(100);
    const start = clock.t;
    expect(await gatherResults(batchId, deps, new AbortController().signal)).toBe('done');
    expect(requests).toEqual(Array.from({ length: needed }, () => 'detail'));
    // Reads 750 ms apart: the scheduler's background share, never faster.
    expect(clock.t - start).toBeGreaterThanOrEqual((needed - 1) * 750);
    // Details carry small text inline, so nothing is downloaded.
    expect(downloads).toEqual([]);
    const rows = await journal.rows(batchId);
    expect(gatherProgress(rows)).toMatchObject({ rowsWithResults: 120, filesMissing: 0 });
    expect(rows[7]).toMatchObject({ status: 'error', error: 'Row failed: {"name":"r7"}' });
  });

  it('renews links older than 55 minutes by reading each list page again, not each row', async () => {
    const { journal, batchId, deps, requests, clock } = await doneBatch(250, { listResults: true });
    clock.t += 56 * 60_000;
    const stale = clock.t;
    expect(await gatherResults(batchId, deps, new AbortController().signal)).toBe('done');
    // 250 rows: three pages, and the newest row, which only a page from a newer cursor would show, by its detail.
    expect(requests.filter((k) => k === 'list')).toHaveLength(3);
    expect(requests.filter((k) => k === 'detail').length).toBeLessThanOrEqual(1);
    const rows = await journal.rows(batchId);
    // Rows the tracker probed hold their contents from the detail already and need no link.
    expect(rows.filter((r) => r.detailsAt === undefined).every((r) => r.linksAt! >= stale)).toBe(true);
    expect(gatherProgress(rows).filesMissing).toBe(0);
  });

  it('renews a link the file host rejects (one detail), and resumes after an interruption without reading twice', async () => {
    const { journal, batchId, deps, requests, downloads } = await doneBatch(50, { listResults: true });
    const rows = await journal.rows(batchId);
    const target = rows.find((r) => r.status === 'finished')!;
    await journal.putRows(batchId, [
      { ...target, results: target.results!.map((f) => ({ ...f, url: `${f.url}?expired` })) },
    ]);
    // The first run stops after ten downloads, as a reload would.
    const controller = new AbortController();
    const first = gatherResults(
      batchId,
      {
        ...deps,
        fetchImpl: (async (u: RequestInfo | URL, i?: RequestInit) => {
          if (downloads.length >= 10) controller.abort();
          return deps.fetchImpl(u, i);
        }) as typeof fetch,
      },
      controller.signal,
    );
    expect(await first).toBe('stopped');
    const partial = gatherProgress(await journal.rows(batchId)).filesFetched;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(50);
    const before = downloads.length;
    expect(await gatherResults(batchId, deps, new AbortController().signal)).toBe('done');
    expect(downloads.length - before).toBeLessThanOrEqual(50 - partial + 2);
    expect(requests.filter((k) => k === 'detail')).toHaveLength(1);
    const after = await journal.rows(batchId);
    expect(gatherProgress(after)).toMatchObject({ filesFetched: 50, filesMissing: 0 });
    expect(after[target.index]!.results![0]!.url).not.toContain('expired');
  });

  it('while tracking, fetches only what costs no request: rows with fresh links, no detail read, no renewal', async () => {
    const { journal, batchId, deps, requests, downloads, clock } = await doneBatch(200, { listResults: true });
    // Half the rows' links are old: they wait for the batch to finish.
    const rows = await journal.rows(batchId);
    await journal.putRows(
      batchId,
      rows.slice(0, 100).map((r) => ({ ...r, linksAt: clock.t - 60 * 60_000, detailsAt: undefined })),
    );
    await journal.putRows(batchId, [{ ...rows[150]!, results: undefined, detailsAt: undefined }]);
    expect(await gatherResults(batchId, { ...deps, spendBudget: false }, new AbortController().signal)).toBe('done');
    expect(requests).toEqual([]);
    const after = await journal.rows(batchId);
    expect(
      after
        .slice(100)
        .filter((r) => r.index !== 150)
        .every((r) => r.results!.every((f) => f.filename.endsWith('.pdf') || f.content !== undefined)),
    ).toBe(true);
    expect(
      after
        .slice(0, 100)
        .filter((r) => r.detailsAt === undefined)
        .every((r) => r.results!.every((f) => f.content === undefined)),
    ).toBe(true);
    expect(downloads.length).toBeLessThanOrEqual(100);
  });
});

describe('gatherResults when the server removed some runs', () => {
  it('marks rows whose runs answer 404 as removed, keeps going, and the export says why they have no results', async () => {
    const { service, journal, batchId, deps } = await doneBatch(30, { listResults: false });
    const before = await journal.rows(batchId);
    const gone = before.filter((r) => needsDetails(r)).slice(0, 3);
    service.executions = service.executions.filter((e) => !gone.some((r) => r.executionId === e.id));

    expect(await gatherResults(batchId, deps, new AbortController().signal)).toBe('done');

    const rows = await journal.rows(batchId);
    for (const { index } of gone)
      expect(rows[index]).toMatchObject({ removed: true, status: before[index]!.status, error: REMOVED_RUN_MESSAGE });
    expect(gatheringNeeded(rows)).toBe(false);
    const batch = (await journal.get(batchId))!;
    const csv = buildResultsCsv(batch, rows);
    expect(csv.split('\r\n').filter((line) => line.includes(REMOVED_RUN_MESSAGE))).toHaveLength(3);
  });
});
