import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { neutralizeFormula } from '../../contract/spreadsheet-cells';
import { toCsv } from './csv';

const readAs = (csv: string, delimiter: string): string[][] =>
  Papa.parse<string[]>(csv, { header: false, delimiter, skipEmptyLines: false }).data.slice(0, -1);

const parse = (csv: string): string[][] => readAs(csv, ',');

/**
 * What a spreadsheet would run as a formula: a trigger after any spaces, unless the cell is a plain
 * number. Read with another separator, a row can come back as one cell that starts with a number
 * cell (`-75.00","x`); the number up to the next quote or comma is still data.
 */
const startsFormula = (cell: string): boolean => {
  const lead = cell.split(/[",]/)[0] ?? '';
  return neutralizeFormula(cell) !== cell && neutralizeFormula(lead) !== lead;
};

/** Text built from the characters that matter: triggers, every locale's separators, quotes, breaks. */
const text = fc
  .array(fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ',', ';', '|', '"', "'", ' ', 'a', '1', '.'), {
    maxLength: 12,
  })
  .map((chars) => chars.join(''));

describe('toCsv', () => {
  it('writes a header from the union of keys in first-seen order, every field quoted, with CRLF line ends', () => {
    const csv = toCsv(
      [
        { name: 'Tea', price: 3.5 },
        { price: 2, sku: 'J-1' },
      ],
      'rows',
    );
    expect(csv).toBe('"name","price","sku"\r\n"Tea","3.5",""\r\n"","2","J-1"\r\n');
  });

  it('puts a list of plain values in one column named after the field', () => {
    expect(parse(toCsv(['Ann', 'Bo'], 'attendees'))).toEqual([['attendees'], ['Ann'], ['Bo']]);
    expect(parse(toCsv([], 'attendees'))).toEqual([['attendees']]);
  });

  it('doubles quotes and keeps separators and line breaks inside the quoted field', () => {
    const csv = toCsv([{ a: 'x,y', b: 'say "hi"', c: 'two\nlines', d: 'p;q\tr|s' }], 'rows');
    expect(csv).toBe('"a","b","c","d"\r\n"x,y","say ""hi""","two\nlines","p;q\tr|s"\r\n');
  });

  it('writes booleans, empty values and nested data readably', () => {
    expect(parse(toCsv([{ ok: true, none: null, tags: ['a', 'b'] }], 'rows'))).toEqual([
      ['ok', 'none', 'tags'],
      ['true', '', '["a","b"]'],
    ]);
  });

  it('neutralises cells a spreadsheet would run as formulas, but not numbers', () => {
    const csv = toCsv(
      [
        { v: '=HYPERLINK("http://x")' },
        { v: '+cmd' },
        { v: '-2+3' },
        { v: '@SUM(A1)' },
        { v: '\tx' },
        { v: '  =1' },
        { v: '-5' },
        { v: '-75.00' },
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
      "  '=1",
      '-5',
      '-75.00',
      '-5',
    ]);
  });

  it('leaves text with a trigger only inside it exactly as it was, such as a Markdown table', () => {
    const table = '| Field | Value |\n| --- | --- |\n| Amount | -75.00 |';
    expect(parse(toCsv([{ report: table, note: 'a=1; b=-2' }], 'rows'))).toEqual([
      ['report', 'note'],
      [table, 'a=1; b=-2'],
    ]);
  });

  it('keeps a formula after a semicolon inside the cell when read in a semicolon locale', () => {
    const csv = toCsv([{ v: "x;=cmd|' /C calc'!A0;y" }], 'rows');
    for (const cell of readAs(csv, ';').flat()) expect(startsFormula(cell), cell).toBe(false);
    expect(parse(csv)[1]).toEqual(["x;=cmd|' /C calc'!A0;y"]);
  });

  it('writes a lone empty cell as "" so the row is not lost as a blank line', () => {
    expect(parse(toCsv(['', 'x'], 'v'))).toEqual([['v'], [''], ['x']]);
  });

  it('starts no formula when read with a comma, a semicolon or a tab as the separator', () => {
    const row = fc.dictionary(fc.constantFrom('name', '=key', 'note', ';x'), text);
    fc.assert(
      fc.property(fc.array(row, { maxLength: 6 }), (rows) => {
        const csv = toCsv(rows, 'rows');
        for (const delimiter of [',', ';', '\t'])
          for (const cell of readAs(csv, delimiter).flat()) expect(startsFormula(cell), cell).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads back with a comma as the original text, but for the one quote on a neutralized cell', () => {
    const cell = fc.oneof(text, fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    const row = fc.dictionary(fc.constantFrom('name', 'price', 'note', 'ok', 'x y', '-z'), cell);
    fc.assert(
      fc.property(fc.array(row, { maxLength: 12 }), (rows) => {
        const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
        if (columns.length === 0) columns.push('rows');
        const expected = rows.map((r) =>
          columns.map((column) => {
            const value = r[column];
            return value === undefined || value === null ? '' : neutralizeFormula(String(value));
          }),
        );
        expect(parse(toCsv(rows, 'rows'))).toEqual([columns.map(neutralizeFormula), ...expected]);
      }),
      { numRuns: 400 },
    );
  });
});
