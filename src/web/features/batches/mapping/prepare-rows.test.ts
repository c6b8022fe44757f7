import { describe, expect, it } from 'vitest';
import { autoMap } from './mapping';
import { prepareRows, prepareRowsAsync } from './prepare-rows';
import { schemaProperties } from './schema-info';
import { compileValidator } from './validate-rows';

const schema = {
  type: 'object',
  required: ['email', 'name'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', format: 'email' },
    name: { type: 'string', minLength: 1 },
    age: { type: 'integer', minimum: 0 },
    tier: { type: 'string', enum: ['free', 'pro'], default: 'free' },
    active: { type: 'boolean' },
  },
};

const table = {
  columns: ['Email', 'Name', 'Age', 'Tier', 'Active', 'Notes'],
  rows: [
    ['ada@example.com', 'Ada', '36', 'PRO', 'yes', 'x'],
    ['not-an-email', 'Bob', 'old', '', 'maybe', ''],
    ['cy@example.com', '', '-1', 'gold', '', ''],
  ],
};

describe('prepareRows', () => {
  const mapping = autoMap(table.columns, schemaProperties(schema));

  it('builds typed inputs and leaves empty cells out so defaults apply', () => {
    const r = prepareRows(table, schema, mapping);
    expect(r.inputs[0]).toEqual({ email: 'ada@example.com', name: 'Ada', age: 36, tier: 'pro', active: true });
    expect(r.inputs[1]).toEqual({ email: 'not-an-email', name: 'Bob' });
    expect(r.stats).toMatchObject({ rows: 3, valid: 1, invalid: 2 });
  });

  it('maps every message back to its column, coercion and schema problems alike', () => {
    const r = prepareRows(table, schema, mapping);
    expect(r.problems.get(1)).toEqual([
      { column: 'Age', property: 'age', message: '"old" is not a whole number' },
      { column: 'Active', property: 'active', message: '"maybe" is not true or false (yes/no and 1/0 work too)' },
      { column: 'Email', property: 'email', message: 'is not a valid email address, like name@example.com' },
    ]);
    expect(r.problems.get(2)).toEqual([
      { column: 'Name', property: 'name', message: 'is required' },
      { column: 'Age', property: 'age', message: 'must be 0 or more' },
      { column: 'Tier', property: 'tier', message: 'must be one of: free, pro' },
    ]);
    expect(r.problems.has(0)).toBe(false);
  });

  it('gives the same answer in slices as at once', async () => {
    const big = { columns: table.columns, rows: Array.from({ length: 3000 }, (_, i) => table.rows[i % 3]!) };
    const sync = prepareRows(big, schema, mapping);
    const sliced = await prepareRowsAsync(big, schema, mapping, { sliceMs: 0 });
    expect(sliced.inputs).toEqual(sync.inputs);
    expect([...sliced.problems.keys()]).toEqual([...sync.problems.keys()]);
  });

  it('sends cells as text under their column names when the schema is null', () => {
    const r = prepareRows(
      {
        columns: ['a', 'b'],
        rows: [
          ['1', ''],
          ['x', 'y'],
        ],
      },
      null,
      autoMap(['a', 'b'], []),
    );
    expect(r.inputs).toEqual([{ a: '1' }, { a: 'x', b: 'y' }]);
    expect(r.stats.invalid).toBe(0);
  });

  it('validates every one of 10,000 rows, not just the first few', () => {
    const big = { columns: table.columns, rows: Array.from({ length: 10_000 }, () => table.rows[0]!) };
    big.rows[9_999] = table.rows[0]!.map(() => '');
    const r = prepareRows(big, schema, mapping);
    expect(r.stats.valid).toBe(9_999);
    expect(r.stats.invalid).toBe(1);
  });
});

describe('compileValidator', () => {
  it('compiles a schema once and reuses it', () => {
    expect(compileValidator(schema)).toBe(compileValidator(schema));
  });

  it('understands draft 2020-12 schemas', () => {
    const v = compileValidator({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { n: { type: 'integer' } },
    });
    expect(v({ n: 'x' })).toEqual([{ property: 'n', message: 'must be a whole number' }]);
  });

  it('explains a schema it cannot compile', () => {
    expect(() => compileValidator({ type: 'object', properties: { a: { $ref: '#/nope' } } })).toThrow(
      /cannot be used for checking rows/,
    );
  });
});
