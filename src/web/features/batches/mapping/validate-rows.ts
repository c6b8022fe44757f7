import type { ErrorObject, ValidateFunction } from 'ajv';
import { untrustedSchemaProblem } from '@/lib/schema-guard';
import { validationMessage } from '@/lib/validation-messages';
import { ajvClassFor } from '@contract/ajv-dialect';
import { addInputFormats } from '@contract/input-formats';
import { schemaDialect, withKnownMetaSchema } from '@contract/schema-dialect';
import { isObject, type JsonSchema } from './schema-info';

export interface InputValidator {
  /** Problems per top-level property ('' when the input as a whole is wrong); empty when valid. */
  (input: unknown): { property: string; message: string }[];
}

const cache = new WeakMap<object, InputValidator>();

/** The service's choice of dialect (src/contract), so a row the browser accepts is one the service accepts. */
function pickAjv(schema: JsonSchema) {
  const AjvClass = ajvClassFor(schemaDialect(schema));
  const ajv = new AjvClass({ allErrors: true, strict: false, validateSchema: false });
  return addInputFormats(ajv);
}

const decodePointer = (s: string): string => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** Says what is wrong in words a spreadsheet user knows, from the web's one message table. */
const describeError = (e: ErrorObject): string =>
  validationMessage(e.keyword, e.params as Record<string, unknown>, e.message, 'fragment');

/** Where an error belongs: the top-level property it is about. */
function errorProperty(e: ErrorObject): string {
  const segments = e.instancePath.split('/').slice(1).map(decodePointer);
  if (segments.length > 0) return segments[0]!;
  const p = e.params as Record<string, unknown>;
  if (
    (e.keyword === 'required' || e.keyword === 'dependentRequired' || e.keyword === 'dependencies') &&
    typeof p.missingProperty === 'string'
  )
    return p.missingProperty;
  if (e.keyword === 'additionalProperties' && typeof p.additionalProperty === 'string') return p.additionalProperty;
  return '';
}

/**
 * Compiles the workflow's schema once per schema object; later calls reuse the compiled function.
 * Throws a readable Error when the schema itself cannot be compiled.
 */
export function compileValidator(schema: JsonSchema | null): InputValidator {
  if (schema === null || !isObject(schema)) return () => [];
  const hit = cache.get(schema);
  if (hit !== undefined) return hit;
  const problem = untrustedSchemaProblem(schema);
  if (problem !== null) throw new Error(`The workflow's input schema cannot be used for checking rows: ${problem}`);
  let fn: ValidateFunction;
  try {
    fn = pickAjv(schema).compile(withKnownMetaSchema(schema));
  } catch (e) {
    throw new Error(
      `The workflow's input schema cannot be used for checking rows: ${e instanceof Error ? e.message : String(e)}`,
      { cause: e },
    );
  }
  const validator: InputValidator = (input) => {
    if (fn(input)) return [];
    const seen = new Set<string>();
    const out: { property: string; message: string }[] = [];
    for (const e of fn.errors ?? []) {
      // anyOf/oneOf branches repeat themselves; one message per property and text is enough.
      const property = errorProperty(e);
      const nested = e.instancePath.split('/').slice(2).map(decodePointer).join('.');
      const message = nested === '' ? describeError(e) : `${nested} ${describeError(e)}`;
      const key = `${property}\u0000${message}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ property, message });
      }
    }
    return out;
  };
  cache.set(schema, validator);
  return validator;
}
