/** A JSON Schema object as the workflow returns it. */
export type JsonSchema = Record<string, unknown>;

export interface PropertyInfo {
  name: string;
  title: string | undefined;
  schema: JsonSchema;
  required: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The top-level properties of an input schema, in declaration order; none for a null or property-less schema. */
export function schemaProperties(schema: JsonSchema | null | undefined): PropertyInfo[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
  );
  return Object.entries(schema.properties).map(([name, raw]) => {
    const prop = isObject(raw) ? raw : {};
    return {
      name,
      title: typeof prop.title === 'string' ? prop.title : undefined,
      schema: prop,
      required: required.has(name),
    };
  });
}

/** The JSON types a property accepts, from `type`, or from `enum`/`const` values, or from `anyOf`/`oneOf` branches. */
export function schemaTypes(schema: JsonSchema): string[] {
  const t = schema.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  if (values !== undefined) return [...new Set(values.map(jsonTypeOf))];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) return [...new Set(branches.filter(isObject).flatMap(schemaTypes))];
  }
  return [];
}

function jsonTypeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

export const asSchema = (v: unknown): JsonSchema => (isObject(v) ? v : {});
export { isObject };
