// A CSV of valid rows for whatever input schema a workflow has, so the batch benches follow the
// demo workflow's schema as the service reports it rather than a copy that could drift.

interface PropertySchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: PropertySchema;
}

export interface ObjectSchema {
  properties?: Record<string, PropertySchema>;
}

function primaryType(s: PropertySchema): string | undefined {
  return Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
}

/** One valid cell for row i, written the way a spreadsheet would hold it. */
function cellFor(name: string, s: PropertySchema, i: number): string {
  if (s.enum !== undefined && s.enum.length > 0) return String(s.enum[i % s.enum.length]);
  switch (primaryType(s)) {
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? 0;
      const hi = s.maximum ?? lo + 1000;
      return String(lo + (i % (hi - lo + 1)));
    }
    case 'boolean':
      return i % 2 === 0 ? 'true' : 'false';
    case 'array':
      return primaryType(s.items ?? {}) === 'string' ? `first ${i};second ${i}` : '[]';
    case 'object':
      return '{}';
    default:
      break;
  }
  switch (s.format) {
    case 'uri':
    case 'url':
      return `https://company-${i}.example`;
    case 'email':
      return `person${i}@example.com`;
    case 'date':
      return `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    case 'date-time':
      return `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`;
    default: {
      const text = `${name.replace(/_/g, ' ')} ${i + 1}`;
      return text.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? text.length + (s.minLength ?? 0));
    }
  }
}

const quote = (cell: string): string => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** A header of the schema's properties and `rows` valid data rows. */
export function csvForSchema(schema: ObjectSchema, rows: number): string {
  const props = Object.entries(schema.properties ?? {});
  if (props.length === 0) throw new Error('the schema has no properties to fill');
  const lines = [props.map(([name]) => quote(name)).join(',')];
  for (let i = 0; i < rows; i += 1) lines.push(props.map(([name, s]) => quote(cellFor(name, s, i))).join(','));
  return `${lines.join('\n')}\n`;
}
