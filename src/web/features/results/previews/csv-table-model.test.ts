import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDelimited } from './parse-csv';
import {
  columnWidths,
  compareCells,
  nextSort,
  numericColumns,
  numericValue,
  sortedRowOrder,
  toCsvTable,
} from './csv-table-model';

describe('parsing delimited text', () => {
  it('splits a CSV into a header and rows', async () => {
    const table = await parseDelimited('name,score\nada,3\nbob,10\n', 'csv');
    expect(table.header).toEqual(['name', 'score']);
    expect(table.rows).toEqual([
      ['ada', '3'],
      ['bob', '10'],
    ]);
    expect(table.problemCount).toBe(0);
  });

  it('keeps quoted fields whole, with their commas, doubled quotes and line breaks', async () => {
    const table = await parseDelimited('a,b\n"x, y","say ""hi"""\n"two\nlines",z\n', 'csv');
    expect(table.rows).toEqual([
      ['x, y', 'say "hi"'],
      ['two\nlines', 'z'],
    ]);
  });

  it('splits TSV on tabs only, keeping commas inside cells', async () => {
    const table = await parseDelimited('city\tpopulation\nParis, FR\t2,102,650\n', 'tsv');
    expect(table.header).toEqual(['city', 'population']);
    expect(table.rows).toEqual([['Paris, FR', '2,102,650']]);
  });

  it('strips a UTF-8 byte order mark from the first header', async () => {
    const table = await parseDelimited('\uFEFFid,name\n1,a\n', 'csv');
    expect(table.header[0]).toBe('id');
  });

  it('detects semicolon-delimited CSV', async () => {
    const table = await parseDelimited('a;b\n1;2\n', 'csv');
    expect(table.header).toEqual(['a', 'b']);
  });

  it('accepts a one-column file without reporting a problem', async () => {
    const table = await parseDelimited('word\napple\npear\n', 'csv');
    expect(table.header).toEqual(['word']);
    expect(table.rows).toHaveLength(2);
    expect(table.problemCount).toBe(0);
  });

  it('reports malformed rows instead of failing', async () => {
    const table = await parseDelimited('a,b\n"unclosed,1\n', 'csv');
    expect(table.problemCount).toBeGreaterThan(0);
    expect(table.problems[0]).toMatch(/quote/i);
  });

  it('parses an empty file to an empty table', async () => {
    const table = await parseDelimited('', 'csv');
    expect(table.header).toEqual([]);
    expect(table.rows).toEqual([]);
  });
});

describe('toCsvTable', () => {
  it('names blank and missing header cells after their position', () => {
    const table = toCsvTable([
      ['id', ''],
      ['1', 'x', 'extra'],
    ]);
    expect(table.header).toEqual(['id', 'Column 2', 'Column 3']);
  });

  it('drops lines that are entirely empty', () => {
    expect(toCsvTable([['a'], [''], ['1']]).rows).toEqual([['1']]);
  });

  it('keeps only the first few problems but counts them all', () => {
    const errors = Array.from({ length: 9 }, (_, i) => ({ message: 'Too many fields', row: i }));
    const table = toCsvTable([['a']], errors);
    expect(table.problems).toHaveLength(5);
    expect(table.problems[0]).toBe('Row 1: Too many fields');
    expect(table.problemCount).toBe(9);
  });
});

describe('numericValue', () => {
  it.each([
    ['42', 42],
    [' -3.5 ', -3.5],
    ['1,234.5', 1234.5],
    ['1e3', 1000],
    ['.5', 0.5],
    ['+7', 7],
  ])('reads %j as the number %d', (cell, value) => {
    expect(numericValue(cell)).toBe(value);
  });

  it.each(['', ' ', 'abc', '12abc', '1,2', 'e5', '-', '1.2.3', 'NaN', 'Infinity'])(
    'treats %j as not a number',
    (cell) => {
      expect(numericValue(cell)).toBeNull();
    },
  );
});

describe('sorting', () => {
  const rows = [['10'], ['9'], ['banana'], [''], ['Apple'], ['100'], ['apple']];

  it('sorts numbers numerically, before text, and text by locale, with empty cells last', () => {
    const order = sortedRowOrder(rows, { column: 0, direction: 'ascending' });
    expect(order.map((i) => rows[i]![0])).toEqual(['9', '10', '100', 'Apple', 'apple', 'banana', '']);
  });

  it('reverses for descending but still keeps empty cells last', () => {
    const order = sortedRowOrder(rows, { column: 0, direction: 'descending' });
    expect(order.map((i) => rows[i]![0])).toEqual(['banana', 'Apple', 'apple', '100', '10', '9', '']);
  });

  it('keeps file order for equal cells in both directions (stable)', () => {
    const tied = [
      ['b', '1'],
      ['a', '2'],
      ['b', '3'],
      ['a', '4'],
    ];
    expect(sortedRowOrder(tied, { column: 0, direction: 'ascending' })).toEqual([1, 3, 0, 2]);
    expect(sortedRowOrder(tied, { column: 0, direction: 'descending' })).toEqual([0, 2, 1, 3]);
  });

  it('returns file order when unsorted', () => {
    expect(sortedRowOrder(rows, null)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('treats a missing cell like an empty one', () => {
    expect(sortedRowOrder([[], ['1'], ['0']], { column: 0, direction: 'ascending' })).toEqual([2, 1, 0]);
  });

  it('is a total order consistent with compareCells for any cells', () => {
    const cell = fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.integer().map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
    );
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 40 }), (cells) => {
        const table = cells.map((c) => [c]);
        const order = sortedRowOrder(table, { column: 0, direction: 'ascending' });
        expect([...order].sort((a, b) => a - b)).toEqual(cells.map((_, i) => i));
        for (let k = 1; k < order.length; k++) {
          const prev = order[k - 1]!;
          const cur = order[k]!;
          const cmp = compareCells(cells[prev], cells[cur]);
          expect(cmp <= 0).toBe(true);
          if (cmp === 0) expect(prev < cur).toBe(true);
        }
      }),
    );
  });

  // Speed is measured by `npm run bench`; this only checks that a 100,000-row sort is correct.
  it('sorts 100,000 rows by text and by number', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => [String((i * 7919) % 100_003), `name ${i % 977}`]);
    const byName = sortedRowOrder(big, { column: 1, direction: 'ascending' });
    const byNumber = sortedRowOrder(big, { column: 0, direction: 'descending' });
    expect(byName).toHaveLength(100_000);
    expect(new Set(byName).size).toBe(100_000);
    for (let i = 1; i < byNumber.length; i++)
      expect(Number(big[byNumber[i - 1]!]![0])).toBeGreaterThanOrEqual(Number(big[byNumber[i]!]![0]));
  });
});

describe('nextSort', () => {
  it('cycles a column through ascending, descending and unsorted', () => {
    const asc = nextSort(null, 2);
    expect(asc).toEqual({ column: 2, direction: 'ascending' });
    const desc = nextSort(asc, 2);
    expect(desc).toEqual({ column: 2, direction: 'descending' });
    expect(nextSort(desc, 2)).toBeNull();
  });

  it('starts a different column ascending', () => {
    expect(nextSort({ column: 0, direction: 'descending' }, 1)).toEqual({ column: 1, direction: 'ascending' });
  });
});

describe('columnWidths', () => {
  it('widens columns with long content within bounds', () => {
    const [narrow, wide, capped] = columnWidths({
      header: ['id', 'description', 'blob'],
      rows: [['1', 'a fairly long sentence here', 'x'.repeat(500)]],
    });
    expect(narrow).toBe(72);
    expect(wide).toBeGreaterThan(narrow!);
    expect(capped).toBe(360);
  });
});

describe('numericColumns', () => {
  it('marks columns that are mostly numbers, ignoring empty cells', () => {
    const flags = numericColumns({
      header: ['id', 'name', 'price', 'blank'],
      rows: [
        ['1', 'a', '1,200.50', ''],
        ['2', 'b', '', ''],
        ['3', 'c', '3', ''],
      ],
    });
    expect(flags).toEqual([true, false, true, false]);
  });

  it('does not mark a column where text is common', () => {
    expect(numericColumns({ header: ['x'], rows: [['1'], ['n/a'], ['2'], ['n/a']] })).toEqual([false]);
  });
});

describe('parseFirstRows', () => {
  it('reads the first rows of a big file from its head, never a row cut in half', async () => {
    const { parseFirstRows } = await import('./parse-csv');
    const wide = 'x'.repeat(1000);
    const text = 'id;note\n' + Array.from({ length: 500 }, (_, i) => `${i};"${wide}\nline two"`).join('\n');
    const table = await parseFirstRows(text, 'csv', 200);
    expect(table.header).toEqual(['id', 'note']);
    expect(table.rows.length).toBeGreaterThan(10);
    expect(table.rows.length).toBeLessThan(200);
    for (const row of table.rows) expect(row[1]).toBe(`${wide}\nline two`);
  });

  it('detects the delimiter of a big file from its head', async () => {
    const text = 'a;b\n' + Array.from({ length: 20_000 }, (_, i) => `${i};${i}`).join('\n');
    const table = await parseDelimited(text, 'csv');
    expect(table.header).toEqual(['a', 'b']);
    expect(table.rows).toHaveLength(20_000);
  });

  it('parses only the header and the first rows', async () => {
    const { parseFirstRows } = await import('./parse-csv');
    const text = 'n,sq\n' + Array.from({ length: 1000 }, (_, i) => `${i},${i * i}`).join('\n');
    const table = await parseFirstRows(text, 'csv', 50);
    expect(table.header).toEqual(['n', 'sq']);
    expect(table.rows).toHaveLength(50);
    expect(table.rows[49]).toEqual(['49', '2401']);
  });
});
