/** The JSON Schema dialects an input_schema may be checked under, by the web app and the service alike. */
export type SchemaDialect = 'draft-07' | '2019-09' | '2020-12';

// Both schemes and the optional empty fragment appear in the wild; anything else (including no
// $schema at all) is read as draft-07, the dialect v1 servers have always been checked against.
const DIALECT_URL = /^https?:\/\/json-schema\.org\/draft\/(2019-09|2020-12)\/schema#?$/;

/** The dialect a schema declares through `$schema`; draft-07 when it declares none we know. */
export function schemaDialect(schema: unknown): SchemaDialect {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return 'draft-07';
  const declared = (schema as { $schema?: unknown }).$schema;
  if (typeof declared !== 'string') return 'draft-07';
  const match = DIALECT_URL.exec(declared.trim());
  return match ? (match[1] as SchemaDialect) : 'draft-07';
}

/** The meta-schema id ajv registers for each dialect. */
const META_SCHEMA_ID: Readonly<Record<SchemaDialect, string>> = {
  'draft-07': 'http://json-schema.org/draft-07/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
};

/**
 * The schema with `$schema` set to the id ajv knows for its dialect, so a spelling ajv has not
 * registered (http instead of https, an unknown draft read as draft-07) compiles instead of
 * throwing "no schema with key or ref".
 */
export function withKnownMetaSchema<T extends object>(schema: T): T {
  if (!('$schema' in schema)) return schema;
  return { ...schema, $schema: META_SCHEMA_ID[schemaDialect(schema)] };
}
