import { describe, expect, it } from 'vitest';
import type { RowRecord } from '@/batch-engine/batch-types';
import { runSpan } from './run-span';

const row = (index: number, createdAt?: string, finishedAt?: string): RowRecord => ({
  batchId: 'b',
  index,
  cells: [],
  input: {},
  status: finishedAt === undefined ? 'processing' : 'finished',
  attempt: 1,
  ...(createdAt !== undefined ? { createdAt } : {}),
  ...(finishedAt !== undefined ? { finishedAt } : {}),
});

const at = (s: string) => Date.parse(`2026-11-28T09:${s}Z`);

describe('a batch’s elapsed time', () => {
  it('runs from its first run’s creation to its last run’s end, however late the batch is opened', () => {
    const rows = [
      row(0, '2026-11-28T09:00:04Z', '2026-11-28T09:00:20Z'),
      row(1, '2026-11-28T09:00:05Z', '2026-11-28T09:00:30Z'),
    ];
    // Opened 13 minutes later in another browser, which saw it done only then.
    const span = runSpan({ createdAt: at('00:00'), doneAt: at('13:00') }, rows, at('13:05'));
    expect(span).toEqual({ start: at('00:04'), end: at('00:30') });
  });

  it('runs until now while rows are open, and until the browser saw it done where runs give no end', () => {
    const open = [row(0, '2026-11-28T09:00:04Z')];
    expect(runSpan({ createdAt: at('00:00') }, open, at('01:00'))).toEqual({ start: at('00:04'), end: at('01:00') });
    expect(runSpan({ createdAt: at('00:00'), doneAt: at('00:40') }, open, at('05:00')).end).toBe(at('00:40'));
    expect(runSpan({ createdAt: at('00:00') }, [row(0)], at('00:09'))).toEqual({
      start: at('00:00'),
      end: at('00:09'),
    });
  });

  it('ends at the last run’s end as soon as every row has ended, before the batch is marked done', () => {
    const rows = [row(0, '2026-11-28T09:00:04Z', '2026-11-28T09:00:06Z')];
    expect(runSpan({ createdAt: at('00:00') }, rows, at('00:30'))).toEqual({ start: at('00:04'), end: at('00:06') });
  });
});
