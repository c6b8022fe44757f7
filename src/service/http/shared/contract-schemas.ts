import type { FastifySchema } from 'fastify';
import { openApiDocument } from '../../../contract/openapi-document';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const doc = openApiDocument as unknown as JsonObject;

/** Follows a local `#/a/b` pointer inside the contract document. */
function pointer(ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .reduce<Json>((node, key) => {
      const next = (node as JsonObject | null)?.[key];
      if (next === undefined) throw new Error(`dangling $ref ${ref}`);
      return next;
    }, doc);
}

/**
 * Inlines every $ref (the contract has no recursive schemas) and drops `x-` annotations, which
 * strict ajv would reject as unknown keywords.
 */
export function resolveSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(resolveSchema);
  if (node === null || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    const { $ref, ...siblings } = node;
    const target = resolveSchema(pointer($ref)) as JsonObject;
    return { ...target, ...(resolveSchema(siblings) as JsonObject) };
  }
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !key.startsWith('x-'))
      .map(([key, value]) => [key, resolveSchema(value)]),
  );
}

/**
 * fast-json-stringify validates `oneOf` alternatives at run time; a nullable type array says the
 * same thing (value or null) and serializes without that cost. Only the serializer sees this form.
 */
export function forSerializer(node: Json): Json {
  if (Array.isArray(node)) return node.map(forSerializer);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]) => [key, forSerializer(value)] as const);
  const copy = Object.fromEntries(entries) as JsonObject;
  const options = copy.oneOf;
  if (Array.isArray(options) && options.length === 2) {
    const nullIndex = options.findIndex((option) => (option as JsonObject)?.type === 'null');
    const other = options[1 - nullIndex] as JsonObject | undefined;
    if (nullIndex >= 0 && other && typeof other.type === 'string') {
      const { oneOf: _oneOf, ...rest } = copy;
      return { ...(rest as JsonObject), ...other, type: [other.type, 'null'] };
    }
  }
  return copy;
}

interface Operation {
  path: string;
  method: string;
  node: JsonObject;
}

export function findOperation(operationId: string): Operation {
  const paths = doc.paths as Record<string, JsonObject>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, node] of Object.entries(item)) {
      if ((node as JsonObject).operationId === operationId) return { path, method, node: node as JsonObject };
    }
  }
  throw new Error(`no operation ${operationId} in the contract`);
}

function parameterSchema(parameters: JsonObject[], location: 'path' | 'query'): JsonObject | undefined {
  const selected = parameters.filter((p) => p.in === location);
  if (selected.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(selected.map((p) => [p.name as string, p.schema as Json])),
    required: selected.filter((p) => p.required).map((p) => p.name as string),
  };
}

function jsonContentSchema(holder: JsonObject): JsonObject | undefined {
  const content = holder.content as JsonObject | undefined;
  return (content?.['application/json'] as JsonObject | undefined)?.schema as JsonObject | undefined;
}

/** Fastify route schema (validation and serialization) for one contract operation. */
export function routeSchema(operationId: string): FastifySchema {
  const { node } = findOperation(operationId);
  const parameters = ((node.parameters as Json[] | undefined) ?? []).map((p) => resolveSchema(p) as JsonObject);
  const schema: FastifySchema = {};
  const params = parameterSchema(parameters, 'path');
  const querystring = parameterSchema(parameters, 'query');
  if (params) schema.params = params;
  if (querystring) schema.querystring = querystring;
  if (node.requestBody) {
    const requestBody = resolveSchema(node.requestBody) as JsonObject;
    const body = jsonContentSchema(requestBody);
    // An optional body arrives as null when the request has none.
    if (body) schema.body = requestBody.required ? body : { anyOf: [body, { type: 'null' }] };
  }
  const response: Record<string, unknown> = {};
  for (const [status, value] of Object.entries(node.responses as JsonObject)) {
    const body = jsonContentSchema(resolveSchema(value) as JsonObject);
    if (body) response[status] = forSerializer(body);
  }
  schema.response = response;
  return schema;
}

/** The resolved JSON Schema of a named component, e.g. `schemaOf('Error')`. */
export function schemaOf(name: string): JsonObject {
  return resolveSchema({ $ref: `#/components/schemas/${name}` }) as JsonObject;
}
