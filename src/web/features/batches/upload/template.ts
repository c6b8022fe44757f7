import { csvDocument } from '@/lib/csv-write';
import { schemaProperties, schemaTypes, type JsonSchema } from '@/features/batches/mapping/schema-info';

const FORMAT_EXAMPLES: Record<string, string> = {
  email: 'name@example.com',
  'idn-email': 'name@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  'uri-reference': 'https://example.com',
  iri: 'https://example.com',
  hostname: 'example.com',
  date: '2026-01-31',
  'date-time': '2026-01-31T09:00:00Z',
  time: '09:00',
  uuid: '00000000-0000-4000-8000-000000000000',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  duration: 'P1D',
};

const asCell = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** A plausible example value for one property, as the cell text a person would type. */
export function exampleCell(name: string, schema: JsonSchema): string {
  if ('default' in schema && schema.default !== undefined) return asCell(schema.default);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return asCell(schema.enum[0]);
  if ('const' in schema) return asCell(schema.const);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return asCell(schema.examples[0]);
  const types = schemaTypes(schema).filter((t) => t !== 'null');
  const type = types[0] ?? 'string';
  switch (type) {
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : undefined;
      return String(min !== undefined && min > 1 ? min : 1);
    }
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      return String(min !== undefined && min > 1.5 ? min : 1.5);
    }
    case 'boolean':
      return 'true';
    case 'array': {
      const items = typeof schema.items === 'object' && schema.items !== null ? (schema.items as JsonSchema) : {};
      const itemType = schemaTypes(items)[0] ?? 'string';
      if (itemType === 'object') return '[{}]';
      if (itemType === 'string' && items.format === undefined && items.enum === undefined) return 'first;second';
      return exampleCell(name, items);
    }
    case 'object':
      return '{}';
    default: {
      const format = typeof schema.format === 'string' ? FORMAT_EXAMPLES[schema.format] : undefined;
      return format ?? `Example ${name.replace(/[_-]+/g, ' ')}`;
    }
  }
}

/** The template CSV: the schema's properties as the header and one example row. */
export function templateCsv(schema: JsonSchema | null): string {
  const props = schemaProperties(schema);
  if (props.length === 0) return csvDocument([['note'], ['This workflow takes no input: each row runs it once.']]);
  return csvDocument([props.map((p) => p.name), props.map((p) => exampleCell(p.name, p.schema))]);
}
