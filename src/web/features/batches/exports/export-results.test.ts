import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { RowRecord } from '../batch-types';
import { csvRecord, neutralise } from '../csv-write';
import { rowFolder, streamZip } from './download-zip';
import { errorFromResults, needsDetails } from '../details';
import { buildResultsCsv, buildResultsTable, INLINE_CELL_BYTES } from './export-results';
import { parseCsvText } from '../upload/parse-csv';

const base = { batchId: 'b', input: {} };
const rows: RowRecord[] = [
  { ...base, index: 1, cells: ['=SUM(A1)', 'b,1'], status: 'error', executionId: 'e2', error: 'Guard: "b,1" is blocked' },
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
];

describe('csv-write', () => {
  it('neutralises cells that spreadsheets would run as formulas', () => {
    for (const c of ['=1+1', '+1', '-1', '@x', '\tx', '\rx']) expect(neutralise(c)).toBe(`'${c}`);
    expect(neutralise('a=1')).toBe('a=1');
  });

  it('quotes fields per RFC 4180 and ends records with CRLF', () => {
    expect(csvRecord(['a', 'b,c', 'say "hi"', 'two\nlines'])).toBe('a,"b,c","say ""hi""","two\nlines"\r\n');
  });
});

describe('buildResultsTable', () => {
  it('keeps the original columns and row order and adds status, id, error and one column per file', () => {
    const t = buildResultsTable({ columns: ['name', 'note'] }, rows);
    expect(t[0]).toEqual(['name', 'note', 'status', 'execution_id', 'error', 'report.md', 'big.txt', 'chart.png']);
    expect(t[1]).toEqual(['Ada', 'line1\nline2', 'finished', 'e1', '', '# Ada "quoted"', 'http://x/big.txt', 'http://x/chart.png']);
    expect(t[2]).toEqual(['=SUM(A1)', 'b,1', 'error', 'e2', 'Guard: "b,1" is blocked', '', '', '']);
    expect(t[3]!.slice(0, 5)).toEqual(['-5', '@me', 'skipped', '', 'Skipped: email: is required']);
  });

  it('renames added columns that clash with the original ones', () => {
    expect(buildResultsTable({ columns: ['status'] }, [])[0]).toEqual(['status', 'result_status', 'execution_id', 'error']);
  });

  it('writes a CSV that reads back to the same cells, with formulas neutralised', () => {
    const csv = buildResultsCsv({ columns: ['name', 'note'] }, rows);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const back = parseCsvText(csv.slice(1));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.table.rows[0]![0]).toBe('Ada');
    expect(back.table.rows[1]![0]).toBe("'=SUM(A1)");
    expect(back.table.rows[2]!.slice(0, 2)).toEqual(["'-5", "'@me"]);
    expect(back.table.rows[0]![5]).toBe('# Ada "quoted"');
  });

  it('writes one line per row for 10,000 cached rows, in row order', () => {
    const many: RowRecord[] = Array.from({ length: 10_000 }, (_, i) => ({ ...rows[1]!, index: 9_999 - i, executionId: `e${9_999 - i}` }));
    const lines = buildResultsCsv({ columns: ['name', 'note'] }, many).split('\r\n').slice(1).filter((l) => l !== '');
    expect(lines).toHaveLength(10_000);
    expect(lines[0]).toContain(',e0,');
    expect(lines[9_999]).toContain(',e9999,');
  });
});

describe('details', () => {
  it('needs details for finished rows and for errors the list did not explain', () => {
    expect(needsDetails({ ...base, index: 0, cells: [], status: 'finished', executionId: 'e' })).toBe(true);
    expect(needsDetails({ ...base, index: 0, cells: [], status: 'finished', executionId: 'e', results: null })).toBe(false);
    expect(needsDetails({ ...base, index: 0, cells: [], status: 'error', executionId: 'e', error: 'known' })).toBe(false);
    expect(needsDetails({ ...base, index: 0, cells: [], status: 'error', executionId: 'e' })).toBe(true);
    expect(needsDetails({ ...base, index: 0, cells: [], status: 'processing', executionId: 'e' })).toBe(false);
  });

  it('reads the failure message from error.txt', () => {
    expect(errorFromResults({ results: [{ filename: 'error.txt', url: 'u', content: 'Boom\n' }] })).toBe('Boom');
    expect(errorFromResults({ results: null })).toBeUndefined();
  });
});

describe('streamZip', () => {
  it('puts each row’s files in its own row folder, with failed downloads explained', async () => {
    const blob = await streamZip(rows, async (f) => {
      if (f.filename === 'chart.png') throw new Error('download failed (403, the link may have expired)');
      return new TextEncoder().encode(f.content ?? '');
    });
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['row-0001/big.txt', 'row-0001/chart.png.failed.txt', 'row-0001/report.md', 'row-0002/error.txt'].filter((p) => p !== 'row-0002/error.txt'));
    expect(strFromU8(files['row-0001/report.md']!)).toBe('# Ada "quoted"');
    expect(strFromU8(files['row-0001/chart.png.failed.txt']!)).toContain('403');
  });

  it('pads folder numbers so they sort in row order', () => {
    expect(rowFolder(0, 50)).toBe('row-0001');
    expect(rowFolder(9999, 10_000)).toBe('row-10000');
    expect(rowFolder(41, 10_000)).toBe('row-00042');
  });
});

describe('buildResultsXlsx', () => {
  it('writes the same table as a workbook, formulas kept as text', async () => {
    const { buildResultsXlsx } = await import('./export-results');
    const { readSheet } = await import('read-excel-file/universal');
    const blob = await buildResultsXlsx({ columns: ['name', 'note'] }, rows);
    const sheet = await readSheet(await blob.arrayBuffer());
    expect(sheet[0]!.slice(0, 5)).toEqual(['name', 'note', 'status', 'execution_id', 'error']);
    expect(sheet[2]!.slice(0, 3)).toEqual(['=SUM(A1)', 'b,1', 'error']);
  });
});
