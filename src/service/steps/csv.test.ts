import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { neutralizeCell, toCsv } from './csv';

const parse = (csv: string): string[][] =>
  Papa.parse<string[]>(csv, { header: false, delimiter: ',', skipEmptyLines: false }).data.slice(0, -1);

describe('toCsv', () => {
  it('writes a header from the union of keys in first-seen order, with CRLF line ends', () => {
    const csv = toCsv(
      [
        { name: 'Tea', price: 3.5 },
        { price: 2, sku: 'J-1' },
      ],
      'rows',
    );
    expect(csv).toBe('name,price,sku\r\nTea,3.5,\r\n,2,J-1\r\n');
  });

  it('puts a list of plain values in one column named after the field', () => {
    expect(toCsv(['Ann', 'Bo'], 'attendees')).toBe('attendees\r\nAnn\r\nBo\r\n');
    expect(toCsv([], 'attendees')).toBe('attendees\r\n');
  });

  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    const csv = toCsv([{ a: 'x,y', b: 'say "hi"', c: 'two\nlines' }], 'rows');
    expect(csv).toBe('a,b,c\r\n"x,y","say ""hi""","two\nlines"\r\n');
  });

  it('writes booleans, empty values and nested data readably', () => {
    expect(toCsv([{ ok: true, none: null, tags: ['a', 'b'] }], 'rows')).toBe(
      'ok,none,tags\r\ntrue,,"[""a"",""b""]"\r\n',
    );
  });

  it('neutralises cells a spreadsheet would run as formulas, but not plain numbers', () => {
    const csv = toCsv(
      [
        { v: '=HYPERLINK("http://x")' },
        { v: '+cmd' },
        { v: '-2+3' },
        { v: '@SUM(A1)' },
        { v: '\tx' },
        { v: '-5' },
        { v: -5 },
      ],
      'rows',
    );
    expect(parse(csv).map((row) => row[0])).toEqual([
      'v',
      `'=HYPERLINK("http://x")`,
      "'+cmd",
      "'-2+3",
      "'@SUM(A1)",
      "'\tx",
      '-5',
      '-5',
    ]);
  });

  it('writes a lone empty cell as "" so the row is not lost as a blank line', () => {
    expect(parse(toCsv(['', 'x'], 'v'))).toEqual([['v'], [''], ['x']]);
  });

  it('round-trips any rows through a CSV parser', () => {
    const cell = fc.oneof(
      fc.string(),
      fc.constantFrom('=1+1', '+x', '-y', '@z', '\t', '\r', 'a,b', '"q"', 'l1\r\nl2', ' pad '),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
    );
    const row = fc.dictionary(fc.constantFrom('name', 'price', 'note', 'ok', 'x y'), cell);
    fc.assert(
      fc.property(fc.array(row, { maxLength: 12 }), (rows) => {
        const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
        if (columns.length === 0) columns.push('rows');
        const expected = rows.map((r) =>
          columns.map((column) => {
            const value = r[column];
            if (value === undefined || value === null) return '';
            return typeof value === 'string' ? neutralizeCell(value) : String(value);
          }),
        );
        expect(parse(toCsv(rows, 'rows'))).toEqual([columns, ...expected]);
      }),
      { numRuns: 400 },
    );
  });
});
