import type { Ajv, ValidateFunction } from 'ajv';
import { BoundedCache, type CacheLimits } from '../../lib/bounded-cache';
import { ajvClassFor } from '../../../contract/ajv-dialect';
import { addInputFormats } from '../../../contract/input-formats';
import { schemaDialect, withKnownMetaSchema, type SchemaDialect } from '../../../contract/schema-dialect';
import type { JsonSchema } from '../../lib/json-schema';
import { describeAjvError } from '../plugins/request-messages';

function makeAjv(dialect: SchemaDialect): Ajv {
  const AjvClass = ajvClassFor(dialect);
  // strict is off because input schemas come from the planner (or users) and may carry annotations ajv does not know.
  const ajv = new AjvClass({ allErrors: true, strict: false, validateFormats: true });
  return addInputFormats(ajv);
}

/** Deepest nesting of arrays and objects an input may have; far beyond any real form, well within the stack. */
const MAX_INPUT_DEPTH = 100;

/**
 * Says so when a value nests arrays or objects deeper than MAX_INPUT_DEPTH. Checked without
 * recursion, because the recursive JSON.stringify that stores an input would overflow the stack.
 */
function nestingError(value: unknown, prefix: string): string | null {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > MAX_INPUT_DEPTH)
      return `${prefix} is nested too deeply: at most ${MAX_INPUT_DEPTH} levels of objects and arrays`;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return null;
}

interface Compiled {
  /** The plan's schema object it was compiled from: a re-plan (here or on another replica) gives a new one. */
  schema: JsonSchema;
  validate: ValidateFunction;
  bytes: number;
}

export const VALIDATOR_LIMITS: CacheLimits = { maxBytes: 32 * 1024 * 1024, maxEntries: 2000 };

/** A compiled validator's code and closures: measured about 13 KB for a typical 500-character schema. */
const compiledBytes = (schema: JsonSchema) => 20 * JSON.stringify(schema).length + 4096;

/**
 * Compiles each workflow's input_schema once and reports every way an input breaks it. The least
 * recently used go first beyond the limits; a re-planned or deleted workflow's is dropped.
 */
export class InputValidators extends BoundedCache<Compiled> {
  private readonly ajvs = new Map<SchemaDialect, Ajv>();

  constructor(limits: CacheLimits = VALIDATOR_LIMITS) {
    super(limits, (entry) => entry.bytes);
  }

  private validator(workflowId: string, schema: JsonSchema): ValidateFunction {
    const kept = this.entries.get(workflowId);
    if (kept && kept.schema === schema) return kept.validate;
    const dialect = schemaDialect(schema);
    let ajv = this.ajvs.get(dialect);
    if (!ajv) this.ajvs.set(dialect, (ajv = makeAjv(dialect)));
    const known = withKnownMetaSchema(schema);
    const validate = ajv.compile(known);
    // Ajv keeps every schema it compiled; the function works on its own, so only this cache holds it.
    ajv.removeSchema(known);
    this.entries.set(workflowId, { schema, validate, bytes: compiledBytes(schema) });
    return validate;
  }

  /** Drops a workflow's compiled schema once it is re-planned or deleted. */
  forget(workflowId: string): void {
    this.entries.delete(workflowId);
  }

  /** Every error of `value` against the schema, each prefixed with its path (e.g. `input.website`). */
  errors(workflowId: string, schema: JsonSchema | null, value: unknown, prefix: string): string[] {
    const tooDeep = nestingError(value, prefix);
    if (tooDeep) return [tooDeep];
    if (schema === null) return [];
    const validate = this.validator(workflowId, schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => describeAjvError(prefix, error));
  }
}
