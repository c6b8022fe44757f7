import { describe, expect, it } from 'vitest';
import type { BatchRecord, RowStatus } from './batch-types';
import { creationOrder, frontier, planStep, type Tracked } from './tracker-plan';
import { addSample } from './tracker-rows';

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
