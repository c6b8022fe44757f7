import { describe, expect, it } from 'vitest';
import { autoMap } from '../../src/web/features/batches/mapping/mapping';
import { prepareRows } from '../../src/web/features/batches/mapping/prepare-rows';
import { schemaProperties, type JsonSchema } from '../../src/web/features/batches/mapping/schema-info';
import { csvForSchema } from './schema-csv';

const companyBrief = {
  type: 'object',
  properties: {
    company_name: { title: 'Company name', type: 'string', maxLength: 500, minLength: 1 },
    website: { title: 'Website', type: 'string', format: 'uri' },
    tone: { title: 'Tone', type: 'string', enum: ['formal', 'casual'] },
  },
  required: ['company_name', 'website', 'tone'],
  additionalProperties: false,
};

const mixed = {
  type: 'object',
  properties: {
    code: { type: 'string', minLength: 12, maxLength: 20 },
    count: { type: 'integer', minimum: 3, maximum: 9 },
    price: { type: 'number' },
    active: { type: 'boolean' },
    email: { type: 'string', format: 'email' },
    due: { type: 'string', format: 'date' },
    tags: { type: 'array', items: { type: 'string' } },
    extra: { type: 'object' },
  },
  required: ['code', 'count', 'price', 'active', 'email', 'due', 'tags', 'extra'],
  additionalProperties: false,
};

/** Splits the generator's output the simple way: its cells never hold commas, quotes or newlines. */
function table(csv: string) {
  const [header, ...rows] = csv
    .trimEnd()
    .split('\n')
    .map((l) => l.split(','));
  return { columns: header!, rows };
}

function check(schema: JsonSchema, rows: number) {
  const t = table(csvForSchema(schema, rows));
  return prepareRows(t, schema, autoMap(t.columns, schemaProperties(schema)));
}

describe('csvForSchema', () => {
  it('writes the schema properties as the header and the asked number of rows', () => {
    const t = table(csvForSchema(companyBrief, 25));
    expect(t.columns).toEqual(['company_name', 'website', 'tone']);
    expect(t.rows).toHaveLength(25);
  });

  it('makes rows the dashboard accepts as valid for the Company Brief schema', () => {
    const prepared = check(companyBrief, 200);
    expect(prepared.stats).toMatchObject({ rows: 200, valid: 200, invalid: 0 });
  });

  it('makes valid cells for numbers, booleans, formats, lists and objects within their bounds', () => {
    const prepared = check(mixed, 100);
    expect([...prepared.problems.values()].flat()).toEqual([]);
    expect(prepared.inputs[5]).toMatchObject({ count: 8, active: false, tags: ['first 5', 'second 5'], extra: {} });
  });

  it('varies the enum values across rows', () => {
    const t = table(csvForSchema(companyBrief, 4));
    expect(t.rows.map((r) => r[2])).toEqual(['formal', 'casual', 'formal', 'casual']);
  });

  it('refuses a schema without properties instead of writing an empty file', () => {
    expect(() => csvForSchema({ properties: {} }, 3)).toThrow(/no properties/);
  });
});
