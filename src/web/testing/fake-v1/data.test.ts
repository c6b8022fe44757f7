import { describe, expect, it } from 'vitest';
import type { ListPage } from '@contract/openapi-document';
import { FakeV1Data, MicrosecondClock, pageOf, type StoredExecution } from './data';

/** Every page of a walk from the start, as a client following cursors reads them. */
function walk(data: FakeV1Data, order: 'newest-first' | 'oldest-first', limit: number): string[][] {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page: ListPage<StoredExecution> = pageOf(data.executions, { limit, cursor }, { order });
    pages.push(page.data.map((e) => String(e.input.n)));
    cursor = page.cursor;
  } while (cursor !== null);
  return pages;
}

describe('the one fake v1 service', () => {
  it('pages newest first (or oldest first), each item once, the cursor strictly past the last item', () => {
    const data = new FakeV1Data(new MicrosecondClock());
    data.createBatch(
      'w',
      [1, 2, 3, 4, 5].map((n) => ({ n })),
    );
    expect(walk(data, 'newest-first', 2)).toEqual([['5', '4'], ['3', '2'], ['1']]);
    expect(walk(data, 'oldest-first', 2)).toEqual([['1', '2'], ['3', '4'], ['5']]);
    expect(walk(data, 'newest-first', 5)).toEqual([['5', '4', '3', '2', '1']]);
  });

  it('cancels what has not ended: queued ones at once, running ones at their next step, ended and unknown ones counted apart', () => {
    const data = new FakeV1Data();
    const [queued, running, ended] = ['a', 'b', 'c'].map((n) => data.addExecution('w', { input: { n } }));
    running!.status = 'processing';
    data.end(ended!);
    expect(data.cancel([queued!.id, running!.id, ended!.id, 'gone'], 'cancelled by Dana')).toEqual({
      cancelled: 1,
      stopping: 1,
      unchanged: 1,
      not_found: 1,
    });
    expect([queued, running, ended].map((e) => [e!.status, e!.error])).toEqual([
      ['error', 'cancelled by Dana'],
      ['error', 'cancelled by Dana'],
      ['finished', undefined],
    ]);
  });
});
