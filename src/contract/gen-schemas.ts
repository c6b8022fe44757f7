/**
 * Writes src/contract/contract-schemas.gen.ts from the contract document: one check (built from
 * ./contract-check) per component schema, so the dashboard checks every server's answers against
 * the same document the types in api-types.ts come from. `npm run gen:types` runs it; `npm run lint`
 * (scripts/check-generated.ts) proves the written file is fresh.
 *
 * The schemas are tolerant on purpose, because the dashboard talks to any v1 server (the hosted
 * one included), not only to ours:
 * - objects keep unknown fields (`additionalProperties: false` is a promise about our service,
 *   not a reason to reject another server's answer);
 * - formats, lengths and bounds are not checked: they constrain requests, and a non-UUID id or an
 *   odd timestamp still displays;
 * - what stays checked is what the dashboard relies on: required fields, types and enums.
 * Each schema is typed with the generated type of the same name, so the compiler proves the two
 * agree.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from './openapi-document';

type JsonSchema = Record<string, unknown>;

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const refName = (ref: string): string => {
  const prefix = '#/components/schemas/';
  if (!ref.startsWith(prefix)) throw new Error(`Only component schema refs are supported, not ${ref}`);
  return ref.slice(prefix.length);
};

/** The component schemas a schema refers to, for ordering the declarations. */
function refsOf(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) refsOf(item, into);
  else if (isSchema(schema)) {
    if (typeof schema.$ref === 'string') into.add(refName(schema.$ref));
    for (const value of Object.values(schema)) refsOf(value, into);
  }
  return into;
}

/** Marks a call free of side effects, so the bundler drops the checks nothing uses. */
const pure = (call: string): string => `/* @__PURE__ */ ${call}`;

const union = (members: string[]): string =>
  members.length === 1 ? members[0]! : pure(`c.oneOf(${members.join(', ')})`);

function typeExpression(type: string, schema: JsonSchema): string {
  switch (type) {
    case 'string':
      return 'c.string';
    case 'number':
    case 'integer':
      return 'c.number';
    case 'boolean':
      return 'c.boolean';
    case 'null':
      return 'c.nullValue';
    case 'array':
      return pure(`c.array(${expression(isSchema(schema.items) ? schema.items : {})})`);
    case 'object': {
      const properties = Object.entries(isSchema(schema.properties) ? schema.properties : {});
      if (properties.length === 0) return 'c.record';
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      const fields = (want: boolean) =>
        properties
          .filter(([name]) => required.has(name) === want)
          .map(([name, property]) => `${JSON.stringify(name)}: ${expression(isSchema(property) ? property : {})}`);
      const optional = fields(false);
      return pure(`c.object({${fields(true).join(', ')}}${optional.length > 0 ? `, {${optional.join(', ')}}` : ''})`);
    }
    default:
      throw new Error(`Unsupported schema type ${type}`);
  }
}

/** The zod/mini expression for one JSON Schema (the subset the contract document uses). */
function expression(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') return refName(schema.$ref);
  if (Array.isArray(schema.enum)) {
    const values = schema.enum;
    return pure(`c.enumOf(${JSON.stringify(values)})`);
  }
  if (Array.isArray(schema.allOf)) {
    // Every part must hold; loose objects merge, so the fields of all parts are kept.
    const parts = schema.allOf.map((s) => expression(isSchema(s) ? s : {}));
    return parts.length === 1 ? parts[0]! : pure(`c.allOf(${parts.join(', ')})`);
  }
  if (schema.not !== undefined || schema.if !== undefined) throw new Error('not/if schemas are not supported');
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(alternatives)) return union(alternatives.map((s) => expression(isSchema(s) ? s : {})));
  if (Array.isArray(schema.type)) return union(schema.type.map((t) => typeExpression(String(t), schema)));
  if (typeof schema.type === 'string') return typeExpression(schema.type, schema);
  return 'c.unknown';
}

/** The generated module's text (unformatted; `npm run gen:types` formats it with prettier). */
export function generateSchemasModule(doc: unknown = openApiDocument): string {
  const components = isSchema(doc) && isSchema(doc.components) ? doc.components : {};
  const schemas = isSchema(components.schemas) ? components.schemas : {};
  const names = Object.keys(schemas).sort();
  // Declarations in dependency order, so every schema is defined before a schema that refers to it.
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    if (visiting.has(name)) throw new Error(`Recursive schema ${name} is not supported`);
    visiting.add(name);
    for (const ref of [...refsOf(schemas[name])].sort()) visit(ref);
    visiting.delete(name);
    ordered.push(name);
  };
  for (const name of names) visit(name);
  const declarations = ordered.map((name) => {
    const schema = schemas[name];
    return `export const ${name}: c.Check<Schemas[${JSON.stringify(name)}]> = ${expression(isSchema(schema) ? schema : {})};`;
  });
  return [
    '/**',
    ' * This file was generated from openapi.json by src/contract/gen-schemas.ts (`npm run gen:types`).',
    ' * Do not make direct changes to the file.',
    ' */',
    "import * as c from './contract-check';",
    "import type { components } from './api-types';",
    '',
    "type Schemas = components['schemas'];",
    '',
    ...declarations,
    '',
  ].join('\n');
}

export const SCHEMAS_MODULE_PATH = fileURLToPath(new URL('./contract-schemas.gen.ts', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCHEMAS_MODULE_PATH, generateSchemasModule());
}
