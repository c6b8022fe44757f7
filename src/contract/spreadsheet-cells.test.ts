import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvField, neutralizeFormula } from './spreadsheet-cells';

/**
 * What a spreadsheet would run as a formula: a trigger after any spaces, unless the cell is a plain
 * number. Read with another separator, a row can come back as one cell that starts with our number
 * cell (`-75.00","x`); the number up to the next quote or comma is still data.
 */
const startsFormula = (cell: string): boolean => {
  const lead = cell.split(/[",]/)[0] ?? '';
  return neutralizeFormula(cell) !== cell && neutralizeFormula(lead) !== lead;
};

const csvOf = (rows: readonly (readonly string[])[]): string => rows.map((r) => r.map(csvField).join(',')).join('\r\n');

const readAs = (text: string, delimiter: string): string[][] => Papa.parse<string[]>(text, { delimiter }).data;

/** Cells built from the characters that matter: triggers, every locale's separators, quotes, breaks. */
const cell = fc
  .array(fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ',', ';', '|', '"', "'", ' ', 'a', '1', '.', '|'), {
    maxLength: 12,
  })
  .map((chars) => chars.join(''));

/** Real result files: a Markdown table, a list, JSON and a report with a signed amount. */
const RESULT_FILES = [
  '| Field | Value |\n| --- | --- |\n| Website | https://acme.com |\n| Amount | -75.00 |',
  '- first item\n- second, with a comma\n- third; with a semicolon',
  '{\n  "email": "ada@example.com",\n  "score": -3,\n  "tags": ["a", "b"]\n}',
  '# Report\n\n=SUM(A1) is text here\n\n@mention and +1 inside',
];

describe('neutralizeFormula', () => {
  it('puts one quote before a trigger at the start, after any spaces', () => {
    for (const [cellText, expected] of [
      ['=1+1', "'=1+1"],
      ['+A1', "'+A1"],
      ['-1+1', "'-1+1"],
      ['@SUM(1)', "'@SUM(1)"],
      ['\tx', "'\tx"],
      ['\rx', "'\rx"],
      ['  =1', "  '=1"],
      ['- list item', "'- list item"],
      [';=1+1', "';=1+1"],
      ['";=1', `'";=1`],
      ['\n=1', "'\n=1"],
    ] as const)
      expect(neutralizeFormula(cellText)).toBe(expected);
  });

  it('leaves numbers and text with a trigger only inside untouched', () => {
    for (const text of ['-75.00', '-5', '+1', ' -2.5 ', '1,234.50', '-0.5e3', '12%', 'a=1', 'x;=1+1', '| --- |', ''])
      expect(neutralizeFormula(text)).toBe(text);
  });
});

describe('csvField', () => {
  it('reads back as the original text, but for the one quote on a neutralized cell', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        expect(readAs(csvOf(rows), ',')).toEqual(rows.map((r) => r.map(neutralizeFormula)));
      }),
    );
  });

  it('starts no formula when read with a comma, a semicolon or a tab as the separator', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        for (const delimiter of [',', ';', '\t'])
          for (const read of readAs(csvOf(rows), delimiter).flat()) expect(startsFormula(read), read).toBe(false);
      }),
      { numRuns: 20_000 },
    );
  });

  it('never edits inside real result files', () => {
    const back = readAs(csvOf([RESULT_FILES]), ',')[0];
    expect(back).toEqual([...RESULT_FILES.slice(0, 1), `'${RESULT_FILES[1]}`, ...RESULT_FILES.slice(2)]);
  });
});
