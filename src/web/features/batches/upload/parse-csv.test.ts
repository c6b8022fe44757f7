import { describe, expect, it } from 'vitest';
import { decodeText, MAX_FILE_BYTES, parseCsvBytes, parseCsvText } from './parse-csv';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

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

describe('parseCsvBytes', () => {
  it('strips a UTF-8 byte order mark from the first header', () => {
    const r = parseCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('name\nAda\n')]));
    expect(r.ok && r.table.columns).toEqual(['name']);
  });

  it('refuses binary data renamed to .csv', () => {
    const r = parseCsvBytes(new Uint8Array([0x00, 0x01, 0x02, 0x41, 0x0a]));
    expect(!r.ok && r.error).toMatch(/^This file is not text; is it really a CSV\?/);
    const invalidUtf8 = parseCsvBytes(new Uint8Array([0x61, 0x0a, 0xff, 0xfe, 0xfd, 0x0a]));
    expect(!invalidUtf8.ok && invalidUtf8.error).toMatch(/not text/);
  });

  it('recognizes a workbook renamed to .csv', () => {
    const r = parseCsvBytes(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]));
    expect(!r.ok && r.error).toContain('rename it to .xlsx');
  });

  it('reads UTF-16 text with a byte order mark', () => {
    const text = 'a\tb\n1\t2\n';
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i += 1) utf16[2 + i * 2] = text.charCodeAt(i);
    const r = parseCsvBytes(utf16);
    expect(r.ok && r.table.rows).toEqual([['1', '2']]);
  });

  it('says the limit for an over-large file', () => {
    const r = parseCsvBytes(new Uint8Array(MAX_FILE_BYTES + 1));
    expect(!r.ok && r.error).toContain('the limit is 50 MB');
  });

  it('decodes valid UTF-8 with accents', () => {
    expect(decodeText(bytes('café'))).toEqual({ ok: true, text: 'café' });
  });
});
