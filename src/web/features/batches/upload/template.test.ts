import { describe, expect, it } from 'vitest';
import { parseCsvText } from './parse-csv';
import { autoMap } from '@/features/batches/mapping/mapping';
import { prepareRows } from '@/features/batches/mapping/prepare-rows';
import { schemaProperties } from '@/features/batches/mapping/schema-info';
import { exampleCell, templateCsv } from './template';

const schema = {
  type: 'object',
  required: ['email'],
  properties: {
    email: { type: 'string', format: 'email' },
    website: { type: 'string', format: 'uri' },
    due: { type: 'string', format: 'date' },
    tier: { type: 'string', enum: ['pro', 'free'] },
    seats: { type: 'integer', default: 3 },
    score: { type: 'number' },
    active: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    meta: { type: 'object' },
    company_name: { type: 'string' },
  },
};

describe('templateCsv', () => {
  it('has the properties as header and an example row from types, formats, enums and defaults', () => {
    const parsed = parseCsvText(templateCsv(schema).slice(1));
    expect(parsed.ok && parsed.table.columns).toEqual(Object.keys(schema.properties));
    expect(parsed.ok && parsed.table.rows[0]).toEqual([
      'name@example.com',
      'https://example.com',
      '2026-01-31',
      'pro',
      '3',
      '1.5',
      'true',
      'first;second',
      '{}',
      'Example company name',
    ]);
  });

  it('produces an example row that passes the schema it came from', () => {
    const parsed = parseCsvText(templateCsv(schema).slice(1));
    if (!parsed.ok) throw new Error(parsed.error);
    const r = prepareRows(parsed.table, schema, autoMap(parsed.table.columns, schemaProperties(schema)));
    expect(r.stats.invalid).toBe(0);
  });

  it('respects a minimum above the usual example', () => {
    expect(exampleCell('n', { type: 'integer', minimum: 10 })).toBe('10');
  });

  it('explains itself for a workflow without input', () => {
    expect(templateCsv(null)).toContain('takes no input');
  });
});
