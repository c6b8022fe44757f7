import type { ErrorObject } from 'ajv';
import { LIMITS } from '../../../contract/limits';

/** `input` + `/company/0/name` → `input.company[0].name`. */
export function dataPath(prefix: string, instancePath: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((path, part) => {
    if (/^\d+$/.test(part)) return `${path}[${part}]`;
    if (/^[A-Z_$][\w$]*$/i.test(part)) return path ? `${path}.${part}` : part;
    return `${path}[${JSON.stringify(part)}]`;
  }, prefix);
}

/** `input.website: must match format "uri"`, one entry per ajv error. */
export function describeAjvError(prefix: string, error: ErrorObject): string {
  const path = dataPath(prefix, error.instancePath);
  if (error.keyword === 'additionalProperties') {
    return `${path}: must not have property '${(error.params as { additionalProperty: string }).additionalProperty}'`;
  }
  return `${path}: ${error.message ?? 'is not valid'}`;
}

/**
 * The one table from ajv's errors to English for requests that break the contract, keyed by part and
 * top-level field (`body/` is the body itself). An entry is a fixed sentence, or a function that
 * picks one for the error (null: fall through to ajv's own message with the path in front).
 */
/** Also said by checks outside the schemas (the strict limit digits, a cursor that is no timestamp). */
export const PAGE_MESSAGES = {
  limit: `limit must be an integer from 1 to ${LIMITS.maxPageSize}`,
  cursor: 'cursor must be a created_at timestamp from a previous page',
};

/** A field of a batch's row item (`path` names it, e.g. `items[3].attempt`) and what it must be. */
const ITEM_FIELDS: Record<string, (path: string) => string> = {
  row: (path) => `${path} must be a whole number from 0 to ${LIMITS.maxBatchItems - 1}: the row's place in the file`,
  attempt: (path) => `${path} must be a whole number, 1 or more: 1 for a row's first run, one more for each re-run`,
  input: (path) => `${path} must be an object`,
};

const MESSAGES: Record<string, string | ((error: ErrorObject) => string | null)> = {
  'querystring/limit': PAGE_MESSAGES.limit,
  'querystring/cursor': PAGE_MESSAGES.cursor,
  'params/workflowId': 'workflowId must be a UUID',
  'params/executionId': 'executionId must be a UUID',
  'body/': (error) => {
    if (error.keyword === 'required')
      return `${(error.params as { missingProperty: string }).missingProperty} is required`;
    if (error.keyword === 'additionalProperties')
      return `unknown property '${(error.params as { additionalProperty: string }).additionalProperty}' in the request body`;
    if (error.keyword === 'type') return 'request body must be a JSON object';
    return null;
  },
  'body/prompt': (error) => {
    if (error.keyword === 'minLength') return 'prompt must not be empty';
    if (error.keyword === 'maxLength') return 'prompt must be at most 20000 characters';
    return 'prompt must be a string';
  },
  'body/items': (error) => {
    const item = /^\/items\/(\d+)(?:\/(\w+))?/.exec(error.instancePath);
    if (!item) return `items must contain between 1 and ${LIMITS.maxBatchItems} objects`;
    const [, index, field] = item;
    if (field !== undefined) return ITEM_FIELDS[field]?.(`items[${index}].${field}`) ?? null;
    if (error.keyword === 'required')
      return `items[${index}].${(error.params as { missingProperty: string }).missingProperty} is required`;
    if (error.keyword === 'additionalProperties')
      return `items[${index}] has an unknown property '${(error.params as { additionalProperty: string }).additionalProperty}'`;
    return `items[${index}] must be an object`;
  },
  'body/concurrency': 'concurrency must be one of low, medium, high',
  'body/input': 'input must be an object',
  'body/approved': 'approved must be true or false',
  'body/comment': 'comment must be a string of at most 2000 characters',
  'body/name': (error) =>
    error.keyword === 'type' ? 'name must be text' : 'name must be a string of at most 200 characters',
  'body/description': 'description must be a string of at most 2000 characters',
  'body/batch_id': 'batch_id must be a UUID',
  'body/execution_ids': `execution_ids must be a list of 1 to ${LIMITS.maxBatchItems} execution ids (UUIDs)`,
  'body/reason': 'reason must be a string of at most 500 characters',
  'body/days': "days must be a whole number of days from 1 to 36500, or null for the service's setting",
  'body/max_runs': "max_runs must be a whole number of runs from 1 to 100000000, or null for the service's setting",
};

/** Turns ajv's errors for one part of a request into one sentence a person can act on. */
export function describeRequestError(errors: ErrorObject[], part: string): string {
  // anyOf wraps an optional body; its own "must match a schema in anyOf" adds nothing.
  const useful = errors.filter(
    (e) => e.keyword !== 'anyOf' && !(e.keyword === 'type' && (e.params as { type?: string }).type === 'null'),
  );
  const error = useful[0] ?? errors[0];
  if (!error) return `the ${part} is not valid`;
  const field = error.instancePath.split('/')[1] ?? '';
  const entry = MESSAGES[`${part}/${field}`];
  const message = typeof entry === 'function' ? entry(error) : entry;
  return message ?? describeAjvError(part, error);
}
