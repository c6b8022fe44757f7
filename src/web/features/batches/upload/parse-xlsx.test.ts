import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { cellToText, readWorkbook, sheetToTable } from './parse-xlsx';

describe('sheetToTable', () => {
  it('turns typed cells into text and pads short rows', () => {
    const r = sheetToTable(
      [
        ['name', 'n', 'ok', 'when'],
        ['Ada', 3, true, new Date(Date.UTC(2026, 0, 31))],
        ['Bob', null],
        [null, null, null, null],
      ],
      'Sheet1',
    );
    expect(r).toEqual({
      ok: true,
      table: {
        columns: ['name', 'n', 'ok', 'when'],
        rows: [
          ['Ada', '3', 'true', '2026-01-31'],
          ['Bob', '', '', ''],
        ],
      },
    });
  });

  it('says which sheet is empty or has only a header', () => {
    expect(sheetToTable([], 'Data')).toEqual({ ok: false, error: 'The sheet "Data" is empty.' });
    expect(sheetToTable([['a']], 'Data')).toEqual({
      ok: false,
      error: 'The sheet "Data" has a header row but no data rows.',
    });
  });

  it('keeps times of day in ISO form', () => {
    expect(cellToText(new Date(Date.UTC(2026, 0, 31, 9, 30)))).toBe('2026-01-31T09:30:00.000Z');
  });
});

describe('readWorkbook', () => {
  it('lists sheet names and reads the one picked', async () => {
    const buffer = await writeXlsxFile([
      { sheet: 'Intro', data: [['about'], ['nothing here']] },
      {
        sheet: 'People',
        data: [
          ['name', 'age'],
          ['Ada', 36],
          ['Bob', 41],
        ],
      },
    ]).toBuffer();
    const r = await readWorkbook(new Blob([new Uint8Array(buffer)]));
    if (!r.ok) throw new Error(r.error);
    expect(r.workbook.sheetNames).toEqual(['Intro', 'People']);
    expect(r.workbook.table('People')).toEqual({
      ok: true,
      table: {
        columns: ['name', 'age'],
        rows: [
          ['Ada', '36'],
          ['Bob', '41'],
        ],
      },
    });
  });

  it('refuses a file that is not a workbook', async () => {
    const r = await readWorkbook(new Blob(['name,age\nAda,36\n']));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain('could not be read as an Excel workbook');
  });
});
