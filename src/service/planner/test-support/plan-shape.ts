import type { WorkflowPlan } from '../../workflow/plan-types';
import { TEXT_MAX_LENGTH } from '../../workflow/input-schema';

export type Schema = Record<string, unknown> & {
  type?: string;
  format?: string;
  enum?: string[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
};

/** A compact, exact description of a property: its type, format, enum, list items or columns. */
function shape(schema: Schema): string {
  if (schema.enum)
    return `enum:${schema.enum.join('|')}${schema.default !== undefined ? `=${String(schema.default)}` : ''}`;
  if (schema.type === 'array') {
    const items = schema.items ?? {};
    if (items.type === 'object')
      return `rows:${Object.entries(items.properties ?? {})
        .map(([key, column]) => `${key}(${shape(column)})`)
        .join(',')}`;
    return `list:${shape(items)}`;
  }
  let text = schema.type === 'string' && schema.maxLength === TEXT_MAX_LENGTH ? 'text' : String(schema.type);
  if (schema.format) text += `:${schema.format}`;
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    text += `[${schema.minimum ?? ''}..${schema.maximum ?? ''}]`;
  if (schema.default !== undefined) text += `=${String(schema.default)}`;
  return text;
}

export function summary(plan: WorkflowPlan) {
  const schema = plan.input_schema as Schema | null;
  return {
    fields: schema
      ? Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, shape(value)]))
      : null,
    required: schema ? schema.required : null,
    steps: plan.steps.map((step) => step.kind),
  };
}

export interface Fixture {
  prompt: string;
  name: string;
  fields: Record<string, string> | null;
  required?: string[];
  steps: string[];
  concurrency?: 'low' | 'medium' | 'high';
}
