import type { Field } from './field';
import type { ItemKind } from './field';
import type { JsonSchema } from '../lib/json-schema';
import { humanList } from '../lib/text-case';

/** Free text may be long (a transcript), but stays well inside the 4 MB request limit. */
const TEXT_MAX_LENGTH = 100_000;
/** Short strings (names, titles) get a bound too, so a pasted essay is caught as a mistake. */
const STRING_MAX_LENGTH = 500;

/** The JSON Schema string format of each kind that is a formatted string. */
const STRING_FORMATS = { email: 'email', uri: 'uri', date: 'date', datetime: 'date-time', time: 'time' } as const;

function describe(field: Field): string {
  const what = field.title.charAt(0).toLowerCase() + field.title.slice(1);
  const the = `The ${/^[A-Z]{2}/.test(field.title) ? field.title : what}`;
  if (field.description && field.kind !== 'text') return field.description;
  switch (field.kind) {
    case 'text':
      return `${the} as free text; paste it in full.`;
    case 'email':
      return `${the}, e.g. name@example.com.`;
    case 'uri':
      return `${the} as a full address, e.g. https://example.com.`;
    case 'date':
      return `${the} (YYYY-MM-DD).`;
    case 'datetime':
      return `${the}, e.g. 2026-11-21T09:30:00Z.`;
    case 'time':
      return `${the}, a time of day such as 14:30.`;
    case 'integer':
      return `${the} as a whole number.`;
    case 'number':
      return `${the} as a number.`;
    case 'boolean':
      return `Whether ${what} applies.`;
    case 'enum':
      return `One of: ${humanList(field.enumValues ?? [], 'or')}.`;
    case 'list':
      return `${the}, one entry per item.`;
    case 'rows':
      return `${the}, one row per entry with ${humanList((field.columns ?? []).map((c) => c.title.toLowerCase()))}.`;
    default:
      return `${the}.`;
  }
}

function itemSchema(kind: ItemKind | undefined): JsonSchema {
  switch (kind) {
    case 'email':
    case 'uri':
    case 'date':
    case 'time':
      return { type: 'string', format: STRING_FORMATS[kind] };
    case 'number':
      return { type: 'number' };
    case 'integer':
      return { type: 'integer' };
    default:
      return { type: 'string', minLength: 1, maxLength: STRING_MAX_LENGTH };
  }
}

/** The JSON Schema of one field, titled and described so a generated form reads well. */
function fieldSchema(field: Field): JsonSchema {
  const base: JsonSchema = { title: field.title, description: describe(field) };
  let schema: JsonSchema;
  switch (field.kind) {
    case 'text':
      schema = { type: 'string', maxLength: TEXT_MAX_LENGTH };
      if (field.required) schema.minLength = 1;
      break;
    case 'email':
    case 'uri':
    case 'date':
    case 'datetime':
    case 'time':
      schema = { type: 'string', format: STRING_FORMATS[field.kind] };
      break;
    case 'integer':
    case 'number':
      schema = { type: field.kind };
      if (field.minimum !== undefined) schema.minimum = field.minimum;
      if (field.maximum !== undefined) schema.maximum = field.maximum;
      break;
    case 'boolean':
      schema = { type: 'boolean' };
      break;
    case 'enum':
      schema = { type: 'string', enum: field.enumValues ?? [] };
      break;
    case 'list':
      schema = { type: 'array', items: itemSchema(field.itemKind) };
      if (field.required) schema.minItems = 1;
      break;
    case 'rows': {
      const columns = field.columns ?? [];
      schema = {
        type: 'array',
        items: {
          type: 'object',
          properties: Object.fromEntries(columns.map((column) => [column.key, fieldSchema(column)])),
          required: columns.filter((column) => column.required).map((column) => column.key),
          additionalProperties: false,
        },
      };
      if (field.required) schema.minItems = 1;
      break;
    }
    default:
      schema = { type: 'string', maxLength: STRING_MAX_LENGTH };
      if (field.required) schema.minLength = 1;
      if (field.pattern) schema.pattern = field.pattern;
  }
  const result: JsonSchema = { ...base, ...schema };
  if (field.default !== undefined) result.default = field.default;
  return result;
}

/**
 * The workflow's input_schema: an object of the fields, in prompt order, with unknown properties
 * refused (a typo in a field name is reported instead of silently ignored).
 */
export function inputSchema(fields: Field[]): JsonSchema | null {
  if (fields.length === 0) return null;
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((field) => [field.key, fieldSchema(field)])),
    required: fields.filter((field) => field.required).map((field) => field.key),
    additionalProperties: false,
  };
}
