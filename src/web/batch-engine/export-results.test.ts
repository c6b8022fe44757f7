import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvDocument } from '@/lib/csv-write';
import type { RowRecord } from './batch-types';
import { errorFromResults, needsDetails } from './details';
import { rowFolder, zipRowFiles } from './download-zip';
import {
  buildResultsCsv,
  buildResultsTable,
  buildResultsXlsx,
  describeExport,
  detailReadsNote,
  exportSummary,
  INLINE_CELL_BYTES,
  invalidRowsCsv,
  xlsxCell,
} from './export-results';

const base = { batchId: 'b', input: {}, attempt: 1 };
const rows: RowRecord[] = [
  {
    ...base,
    index: 1,
    cells: ['=SUM(A1)', '-75.00'],
    status: 'error',
    executionId: 'e2',
    error: 'Guard: "b,1" is blocked',
  },
  {
    ...base,
    index: 0,
    cells: ['Ada', 'line1\nline2'],
    status: 'finished',
    executionId: 'e1',
    results: [
      { filename: 'report.md', url: 'http://x/report.md', content: '# Ada "quoted"' },
      { filename: 'big.txt', url: 'http://x/big.txt', content: 'x'.repeat(INLINE_CELL_BYTES + 1) },
      { filename: 'chart.png', url: 'http://x/chart.png' },
    ],
  },
  { ...base, index: 2, cells: ['-5', '@me'], status: 'skipped', error: 'Skipped: email: is required' },
  { ...base, index: 3, cells: ['x;=1+1', '2024-02-29'], status: 'finished', executionId: 'e4', results: [] },
];

/** Reads CSV text the way a spreadsheet import would: BOM dropped, every cell as text. */
const readCsv = (text: string): string[][] => {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { delimiter: ',', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
};

describe('csvDocument', () => {
  it('quotes fields per RFC 4180 and ends records with CRLF', () => {
    expect(csvDocument([['a', 'b,c', 'say "hi"', 'two\nlines']], { bom: false })).toBe(
      '"a","b,c","say ""hi""","two\nlines"\r\n',
    );
  });
});

/** The results table of `rows`: the original columns, then status, id, error and one column per file. */
const RESULTS_HEADER = ['name', 'note', 'status', 'execution_id', 'error', 'report.md', 'big.txt', 'chart.png'];
/** Ada's row, finished with no error: `empty` is how the format writes an empty cell. */
const adaRow = (empty: '' | null) => [
  'Ada',
  'line1\nline2',
  'finished',
  'e1',
  empty,
  '# Ada "quoted"',
  'http://x/big.txt',
  'http://x/chart.png',
];

describe('buildResultsTable', () => {
  it('keeps the original columns and row order and adds status, id, error and one column per file', () => {
    const t = buildResultsTable({ columns: ['name', 'note'] }, rows);
    expect(t[0]).toEqual(RESULTS_HEADER);
    expect(t[1]).toEqual(adaRow(''));
    expect(t[2]).toEqual(['=SUM(A1)', '-75.00', 'error', 'e2', 'Guard: "b,1" is blocked', '', '', '']);
    expect(t[3]).toEqual(['-5', '@me', 'skipped', '', 'Skipped: email: is required', '', '', '']);
  });

  it('renames added columns that clash with the original ones', () => {
    expect(buildResultsTable({ columns: ['status'] }, [])[0]).toEqual([
      'status',
      'result_status',
      'execution_id',
      'error',
    ]);
  });

  it('shows each row’s latest attempt, with an attempt column once a row was re-run', () => {
    const rerun = [
      { ...rows[0]!, status: 'finished' as const, error: undefined, executionId: 'e2b', results: [], attempt: 2 },
      rows[1]!,
    ];
    const t = buildResultsTable({ columns: ['name', 'note'] }, rerun);
    expect(t[0]!.slice(0, 6)).toEqual(['name', 'note', 'status', 'attempt', 'execution_id', 'error']);
    expect(t[1]!.slice(2, 6)).toEqual(['finished', '1', 'e1', '']);
    expect(t[2]!.slice(2, 6)).toEqual(['finished', '2', 'e2b', '']);
  });
});

describe('buildResultsCsv', () => {
  it('reads back cell by cell: numbers untouched, only formulas neutralized', () => {
    const back = readCsv(buildResultsCsv({ columns: ['name', 'note'] }, rows));
    expect(back).toEqual([
      ['name', 'note', 'status', 'execution_id', 'error', 'report.md', 'big.txt', 'chart.png'],
      ['Ada', 'line1\nline2', 'finished', 'e1', '', '# Ada "quoted"', 'http://x/big.txt', 'http://x/chart.png'],
      ["'=SUM(A1)", '-75.00', 'error', 'e2', 'Guard: "b,1" is blocked', '', '', ''],
      ['-5', "'@me", 'skipped', '', 'Skipped: email: is required', '', '', ''],
      ['x;=1+1', '2024-02-29', 'finished', 'e4', '', '', '', ''],
    ]);
  });

  it('writes one line per row for 10,000 rows, in row order', () => {
    const many: RowRecord[] = Array.from({ length: 10_000 }, (_, i) => ({
      ...rows[1]!,
      index: 9_999 - i,
      executionId: `e${9_999 - i}`,
    }));
    const back = readCsv(buildResultsCsv({ columns: ['name', 'note'] }, many));
    expect(back).toHaveLength(10_001);
    expect(back[1]![3]).toBe('e0');
    expect(back[10_000]![3]).toBe('e9999');
  });
});

/** Real result files, as the service writes them: a Markdown table, a JSON document, a list. */
const REPORT_MD = '| Field | Value |\n| --- | --- |\n| Website | https://acme.com |\n| Amount | -75.00 |';
const DATA_JSON = '{\n  "email": "ada@example.com",\n  "score": -3\n}';
const TODO_MD = '- call Ada; today\n- send the quote, by Friday';
const withFiles = (index: number): RowRecord => ({
  ...base,
  index,
  cells: [`Row ${index}`, '-75.00'],
  status: 'finished',
  executionId: `e${index}`,
  results: [
    { filename: 'report.md', url: 'http://x/r.md', content: REPORT_MD },
    { filename: 'data.json', url: 'http://x/d.json', content: DATA_JSON },
    { filename: 'todo.md', url: 'http://x/t.md', content: TODO_MD },
  ],
});

describe('exports of real result files', () => {
  const many = Array.from({ length: 10_000 }, (_, i) => withFiles(i));

  it('keeps every file exactly in the CSV of 10,000 rows, a list with one quote in front', () => {
    const back = readCsv(buildResultsCsv({ columns: ['name', 'amount'] }, many));
    expect(back).toHaveLength(10_001);
    for (const row of back.slice(1))
      expect(row.slice(1)).toEqual(['-75.00', 'finished', row[3], '', REPORT_MD, DATA_JSON, `'${TODO_MD}`]);
  });

  it('keeps every file exactly in the XLSX', async () => {
    const { readSheet } = await import('read-excel-file/universal');
    const blob = await buildResultsXlsx({ columns: ['name', 'amount'] }, many.slice(0, 50));
    const sheet = await readSheet(await blob.arrayBuffer());
    for (const row of sheet.slice(1)) expect(row.slice(5)).toEqual([REPORT_MD, DATA_JSON, TODO_MD]);
  });
});

describe('invalidRowsCsv', () => {
  it('gives back every cell exactly as it came in, then the problems', () => {
    const cells = [
      ['-5', '=1+1', ' padded ', 'a,b'],
      ['@x', '', '"q"', "x;=cmd|' /C calc'!A0"],
    ];
    const back = readCsv(invalidRowsCsv(['a', 'b', 'c', 'd'], cells, ['a: must be positive', 'b: is required']));
    expect(back).toEqual([
      ['a', 'b', 'c', 'd', 'problems'],
      [...cells[0]!, 'a: must be positive'],
      [...cells[1]!, 'b: is required'],
    ]);
  });
});

describe('xlsxCell', () => {
  it('types plain numbers, dates and date-times, and keeps everything else as text', () => {
    expect(xlsxCell('-75.00')).toEqual({ value: -75, type: Number, format: '0.00' });
    expect(xlsxCell('42')).toEqual({ value: 42, type: Number });
    expect(xlsxCell('2024-02-29')).toEqual({
      value: new Date(Date.UTC(2024, 1, 29)),
      type: Date,
      format: 'yyyy-mm-dd',
    });
    expect(xlsxCell('2024-02-30')).toEqual({ value: '2024-02-30', type: String });
    expect(xlsxCell('2024-05-01T10:20:30Z')).toMatchObject({ value: new Date('2024-05-01T10:20:30Z'), type: Date });
    for (const text of ['007', '1,200', '=1+1', '12345678901234567', 'abc', '1e5'])
      expect(xlsxCell(text)).toEqual({ value: text, type: String });
  });
});

describe('buildResultsXlsx', () => {
  it('reads back cell by cell: numbers as numbers, dates as dates, formulas as plain text', async () => {
    const { readSheet } = await import('read-excel-file/universal');
    const blob = await buildResultsXlsx({ columns: ['name', 'note'] }, rows);
    const sheet = await readSheet(await blob.arrayBuffer());
    expect(sheet[0]).toEqual(RESULTS_HEADER);
    expect(sheet[1]).toEqual(adaRow(null));
    expect(sheet[2]).toEqual(['=SUM(A1)', -75, 'error', 'e2', 'Guard: "b,1" is blocked', null, null, null]);
    expect(sheet[3]).toEqual([-5, '@me', 'skipped', null, 'Skipped: email: is required', null, null, null]);
    expect(sheet[4]!.slice(0, 4)).toEqual(['x;=1+1', new Date(Date.UTC(2024, 1, 29)), 'finished', 'e4']);
  });
});

describe('exportSummary', () => {
  it('counts rows, files and what is still missing', () => {
    const s = exportSummary([
      ...rows,
      { ...base, index: 4, cells: [], status: 'finished', executionId: 'e5' },
      { ...base, index: 5, cells: [], status: 'processing', executionId: 'e6' },
      {
        ...base,
        index: 6,
        cells: [],
        status: 'finished',
        executionId: 'e7',
        results: [{ filename: 'a.txt', url: 'u' }],
      },
    ]);
    expect(s).toEqual({
      rows: 7,
      done: 5,
      notDone: 1,
      rowsAwaitingFiles: 1,
      rowsWithFiles: 2,
      files: 4,
      textsInline: 2,
      textsMissing: 1,
    });
    const words = describeExport(s);
    expect(words.holds).toBe('Holds 7 rows and 4 result files from 2 rows.');
    expect(words.missing).toEqual([
      '1 row has not finished yet.',
      '1 finished row still awaits its result files.',
      '1 result is still being collected; until then its cell holds a download link instead of the text.',
    ]);
  });

  it('says nothing is missing when every row is in', () => {
    expect(describeExport(exportSummary([rows[1]!])).missing).toEqual([]);
  });
});

describe('zipRowFiles', () => {
  it('puts each row’s files in its own row folder and lists failed downloads', async () => {
    const outcome = await zipRowFiles(rows, async (f) => {
      if (f.filename === 'chart.png') throw new Error('download failed (403, the link may have expired)');
      return new TextEncoder().encode(f.content ?? '');
    });
    const files = unzipSync(new Uint8Array(await outcome.blob.arrayBuffer()));
    expect(Object.keys(files)).toEqual(['row-0001/report.md', 'row-0001/big.txt', 'MISSING-FILES.txt']);
    expect(strFromU8(files['row-0001/report.md']!)).toBe('# Ada "quoted"');
    expect(strFromU8(files['MISSING-FILES.txt']!)).toContain('row-0001/chart.png: download failed (403');
    expect(outcome.files).toBe(2);
  });

  it('pads folder numbers so they sort in row order', () => {
    expect(rowFolder(0, 50)).toBe('row-0001');
    expect(rowFolder(9999, 10_000)).toBe('row-10000');
    expect(rowFolder(41, 10_000)).toBe('row-00042');
  });
});

describe('details', () => {
  it('needs details for finished rows and for errors the list did not explain', () => {
    expect(needsDetails({ ...base, index: 0, cells: [], status: 'finished', executionId: 'e' })).toBe(true);
    expect(needsDetails({ ...base, index: 0, cells: [], status: 'finished', executionId: 'e', results: null })).toBe(
      false,
    );
    expect(needsDetails({ ...base, index: 0, cells: [], status: 'error', executionId: 'e', error: 'known' })).toBe(
      false,
    );
    expect(needsDetails({ ...base, index: 0, cells: [], status: 'error', executionId: 'e' })).toBe(true);
    expect(needsDetails({ ...base, index: 0, cells: [], status: 'processing', executionId: 'e' })).toBe(false);
  });

  it('reads the failure message from error.txt', () => {
    expect(errorFromResults({ results: [{ filename: 'error.txt', url: 'u', content: 'Boom\n' }] })).toBe('Boom');
    expect(errorFromResults({ results: null })).toBeUndefined();
  });
});

describe('what gathering by detail reads costs', () => {
  it('says why the files come slowly and how long they take at the background budget', () => {
    // A strict-v1 server: its list items carry no files, so 192 rows need a detail read each at 80 a minute.
    expect(detailReadsNote(192, 80)).toBe(
      "192 rows' files come from one detail read each (this server's lists do not carry them): about 3 min at 80 requests a minute.",
    );
    expect(detailReadsNote(1, 80)).toBe(
      "1 row's files come from one detail read (this server's lists do not carry them): about 1 min at 80 requests a minute.",
    );
    expect(detailReadsNote(0, 80)).toBeNull();
  });
});
