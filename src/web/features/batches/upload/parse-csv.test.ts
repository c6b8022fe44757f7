import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, parseCsvText } from './parse-csv';
import { readUpload } from './read-upload';

describe('parseCsvText', () => {
  it('reads a comma-separated file into columns and rows', () => {
    const r = parseCsvText('name,email\nAda,ada@example.com\nBob,"b,ob@example.com"\n');
    expect(r).toEqual({
      ok: true,
      delimiter: ',',
      table: {
        columns: ['name', 'email'],
        rows: [
          ['Ada', 'ada@example.com'],
          ['Bob', 'b,ob@example.com'],
        ],
      },
    });
  });

  it('detects tab and semicolon delimiters', () => {
    const tsv = parseCsvText('a\tb\n1\t2\n');
    const semi = parseCsvText('a;b\n1;2\n3;4\n');
    expect(tsv.ok && tsv.delimiter).toBe('\t');
    expect(semi.ok && semi.delimiter).toBe(';');
    expect(semi.ok && semi.table.rows).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('refuses an empty file and a header without rows', () => {
    expect(parseCsvText('')).toEqual({ ok: false, error: 'The file is empty.' });
    expect(parseCsvText('  \n\n')).toEqual({ ok: false, error: 'The file is empty.' });
    expect(parseCsvText('a,b\n')).toEqual({ ok: false, error: 'The file has a header row but no data rows.' });
  });

  it('names duplicate headers and their columns', () => {
    const r = parseCsvText('email,name,email\n1,2,3\n');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain('"email" (columns A and C)');
  });

  it('reports which rows are ragged, first ten and a count', () => {
    const lines = ['a,b,c'];
    for (let i = 1; i <= 15; i += 1) lines.push(i % 1 === 0 && i > 2 ? '1,2' : '1,2,3');
    const r = parseCsvText(lines.join('\n'));
    expect(!r.ok && r.error).toContain(
      "13 rows do not have the header's 3 columns: rows 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 3 more",
    );
    const one = parseCsvText('a,b\n1,2\n1,2,3\n');
    expect(!one.ok && one.error).toContain("Row 2 does not have the header's 2 columns");
  });

  it('accepts trailing empty cells and skips blank lines', () => {
    const r = parseCsvText('a,b\n1,2,\n\n3,4,,\n,\n');
    expect(r.ok && r.table.rows).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('drops an unnamed empty column but refuses an unnamed column with data', () => {
    expect(parseCsvText('a,,b\n1,,2\n')).toMatchObject({
      ok: true,
      table: { columns: ['a', 'b'], rows: [['1', '2']] },
    });
    const r = parseCsvText('a,,b\n1,x,2\n');
    expect(!r.ok && r.error).toContain('Column B has data but no name');
  });

  it('keeps quoted newlines inside one cell', () => {
    const r = parseCsvText('a,b\n"line 1\nline 2",x\n');
    expect(r.ok && r.table.rows).toEqual([['line 1\nline 2', 'x']]);
  });

  it('reports progress up to the whole text', () => {
    const seen: number[] = [];
    parseCsvText(`a,b\n${'1,2\n'.repeat(10)}`, (f) => seen.push(f));
    expect(seen.at(-1)).toBe(1);
  });
});

describe('reading an uploaded file', () => {
  const file = (parts: BlobPart[], name = 'people.csv') => new File(parts, name);

  it('strips a UTF-8 byte order mark from the first header and names the delimiter', async () => {
    const r = await readUpload(file([new Uint8Array([0xef, 0xbb, 0xbf]), 'name;city\nAda;Paris\n']));
    expect(r).toMatchObject({ ok: true, kind: 'csv', note: '1 row, 2 columns, semicolon-separated.' });
    expect(r.ok && r.kind === 'csv' && r.table.columns).toEqual(['name', 'city']);
  });

  it('refuses binary data and a workbook renamed to .csv', async () => {
    const binary = await readUpload(file([new Uint8Array([0x00, 0x01, 0x02, 0x41, 0x0a])]));
    expect(!binary.ok && binary.error).toMatch(/^This file is not text; is it really a CSV\?/);
    const zip = await readUpload(file([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])]));
    expect(!zip.ok && zip.error).toContain('rename it to .xlsx');
  });

  it('refuses an empty file and rows that do not fit the header', async () => {
    expect(await readUpload(file([]))).toEqual({ ok: false, error: 'The file is empty.' });
    const ragged = await readUpload(file(['a,b\n1,2\n1,2,3\n']));
    expect(!ragged.ok && ragged.error).toContain("Row 2 does not have the header's 2 columns");
  });

  it('says the limit for an over-large file', async () => {
    const r = await readUpload(file([new Uint8Array(MAX_FILE_BYTES + 1)]));
    expect(!r.ok && r.error).toContain('the limit is 50 MB');
  });

  it('reports reading progress up to the whole file', async () => {
    const seen: number[] = [];
    await readUpload(file([`a,b\n${'1,2\n'.repeat(10)}`]), (f) => seen.push(f));
    expect(seen.at(-1)).toBe(1);
  });
});
