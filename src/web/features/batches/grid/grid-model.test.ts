import { describe, expect, it } from 'vitest';
import type { RowRecord } from '@/batch-engine/batch-types';
import { compileRows } from '@/features/batches/mapping/prepare-rows';
import { canEdit, checkCells, filterRows, isCancelled, matchesSearch, problemsByColumn, textStart } from './grid-model';

const row = (over: Partial<RowRecord> & Pick<RowRecord, 'index' | 'status'>): RowRecord => ({
  batchId: 'b',
  cells: [],
  input: {},
  attempt: 1,
  ...over,
});
const rows: RowRecord[] = [
  row({
    index: 2,
    status: 'error',
    cells: ['Globex', '-5'],
    error: 'Guard: amount must not be negative',
    executionId: 'e3',
  }),
  row({
    index: 0,
    status: 'finished',
    cells: ['Acme', '12'],
    executionId: 'e1',
    results: [{ filename: 'summary.md', url: 'u', content: '# Acme\n\nA   short\nsummary' }],
  }),
  row({ index: 1, status: 'processing', cells: ['Initech', '7'], executionId: 'e2' }),
];

describe('filterRows', () => {
  it('splits error rows into cancelled runs and real failures', () => {
    const row = (index: number, status: RowRecord['status'], error?: string): RowRecord => ({
      batchId: 'b',
      index,
      cells: [],
      input: {},
      attempt: 1,
      status,
      ...(error === undefined ? {} : { error }),
    });
    const rows = [
      row(0, 'error', 'cancelled by WORKFLOW_API_KEYS #1 (API key): Stopped from the dashboard'),
      row(1, 'error', 'amount must not be negative (got -3)'),
      row(2, 'finished'),
    ];
    expect(rows.map(isCancelled)).toEqual([true, false, false]);
    expect(filterRows(rows, 'cancelled', '').map((r) => r.index)).toEqual([0]);
    expect(filterRows(rows, 'failed', '').map((r) => r.index)).toEqual([1]);
    expect(filterRows(rows, 'error', '').map((r) => r.index)).toEqual([0, 1]);
  });

  it('filters by status and searches cells, errors, ids and results, in row order', () => {
    expect(filterRows(rows, 'all', '').map((r) => r.index)).toEqual([0, 1, 2]);
    expect(filterRows(rows, 'error', '').map((r) => r.index)).toEqual([2]);
    expect(filterRows(rows, 'all', 'negative').map((r) => r.index)).toEqual([2]);
    expect(filterRows(rows, 'all', 'ACME').map((r) => r.index)).toEqual([0]);
    expect(filterRows(rows, 'all', 'summary').map((r) => r.index)).toEqual([0]);
    expect(filterRows(rows, 'all', 'e2').map((r) => r.index)).toEqual([1]);
    expect(filterRows(rows, 'finished', 'globex')).toEqual([]);
  });

  it('finds a row by its number', () => {
    expect(matchesSearch(rows[0]!, '3')).toBe(true);
  });
});

describe('textStart', () => {
  it('shows the start of the first text result on one line', () => {
    expect(textStart(rows[1]!.results)).toBe('# Acme A short summary');
    expect(textStart([{ filename: 'a.txt', url: 'u', content: 'x'.repeat(100) }], 10)).toBe(`${'x'.repeat(10)}…`);
    expect(textStart([{ filename: 'chart.png', url: 'u' }])).toBeNull();
    expect(textStart(undefined)).toBeNull();
  });
});

describe('checkCells', () => {
  const schema = {
    type: 'object',
    required: ['company', 'amount'],
    properties: { company: { type: 'string', minLength: 1 }, amount: { type: 'number', minimum: 0 } },
  };
  const compile = compileRows(['Company', 'Amount (EUR)'], schema, {
    columns: { Company: 'company', 'Amount (EUR)': 'amount' },
    constants: {},
    decimal: ',',
  });

  it('coerces and validates edited cells exactly as the upload does', () => {
    expect(checkCells(compile, ['Globex', '1.234,50'])).toEqual({
      input: { company: 'Globex', amount: 1234.5 },
      problems: [],
    });
    const bad = checkCells(compile, ['', 'ten']);
    expect(problemsByColumn(bad.problems).byColumn).toEqual(
      new Map([
        ['Amount (EUR)', '"ten" is not a number (with "," as the decimal mark)'],
        ['Company', 'is required'],
      ]),
    );
  });

  it('lets failed and never-sent rows be edited and re-run, not running or finished ones', () => {
    expect([...rows, row({ index: 3, status: 'skipped' })].map(canEdit)).toEqual([true, false, false, true]);
  });
});
