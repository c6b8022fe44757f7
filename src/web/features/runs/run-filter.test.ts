import { describe, expect, it } from 'vitest';
import { indexBatchRows, summarizeInput, type RunAnnotation } from './run-annotations';
import { matchesFilter, statusesOf, type RunRow } from './run-filter';
import { withFilter } from './runs-search';

const row = (status: RunRow['status'], extra: Partial<RunRow> = {}): RunRow => ({
  id: 'abc-123',
  workflow_id: 'w',
  status,
  created_at: '2026-01-01T10:00:00.000Z',
  ...extra,
});
const now = Date.parse('2026-01-01T12:00:00.000Z');

describe('matchesFilter', () => {
  it('treats every unfinished status as active', () => {
    expect(
      ['initial', 'processing', 'human_in_the_loop'].map((s) =>
        matchesFilter(row(s as RunRow['status']), { status: 'active' }, now),
      ),
    ).toEqual([true, true, true]);
    expect(matchesFilter(row('error'), { status: 'active' }, now)).toBe(false);
  });
  it('keeps only runs created within the range', () => {
    expect(matchesFilter(row('finished'), { status: 'all', range: '1h' }, now)).toBe(false);
    expect(matchesFilter(row('finished'), { status: 'all', range: '24h' }, now)).toBe(true);
  });
  it('searches the error, the input and the batch file', () => {
    const annotated = row('error', {
      error: 'amount must not be negative',
      annotation: { inputSummary: 'customer: Acme', batch: { batchId: 'b', fileName: 'invoices.csv', row: 37 } },
    });
    for (const q of ['NEGATIVE', 'acme', 'invoices', 'abc-1'])
      expect(matchesFilter(annotated, { status: 'all', q }, now)).toBe(true);
    expect(matchesFilter(annotated, { status: 'all', q: 'zebra' }, now)).toBe(false);
  });
  it('asks the server for the statuses a filter means', () => {
    expect(statusesOf('all')).toBeUndefined();
    expect(statusesOf('active')).toEqual(['initial', 'processing', 'human_in_the_loop']);
    expect(statusesOf('error')).toEqual(['error']);
  });
});

describe('journal annotations', () => {
  it('names a batch row from 1 and keeps earlier attempts findable', () => {
    const into = new Map<string, RunAnnotation>();
    indexBatchRows(
      { id: 'b', fileName: 'invoices.csv' },
      [{ index: 36, input: { n: 2 }, executionId: 'x2', attempts: [{ executionId: 'x1', input: { n: 1 } }] }],
      into,
    );
    expect(into.get('x2')?.batch?.row).toBe(37);
    expect(into.get('x1')?.inputSummary).toBe('N: 1');
  });
  it('summarizes an input briefly', () => {
    expect(summarizeInput(null)).toBe('No input');
    expect(summarizeInput({ a: 'x'.repeat(200) })!.length).toBe(80);
  });
});

describe('withFilter', () => {
  it('leaves the default status out of the URL and drops an empty search', () => {
    expect(withFilter({ status: 'error', q: 'x' }, { status: 'all', q: undefined })).toEqual({});
  });
});
