import { stringifySearchWith } from '@tanstack/react-router';

// One small check per parameter, no schema library: the router validates search params on every
// page, so this code is in the first bundle (a schema library would be most of a page's own code).

/**
 * Every parameter here is text, so a value is read as JSON only when it is quoted, a list or an
 * object: the router's default would turn `?q=12345678` or `?q=445e3971` (an id prefix) into a number.
 */
const quotedJsonOnly = (text: string): unknown => {
  if (!/^["[{]/.test(text)) throw new SyntaxError('plain text');
  return JSON.parse(text) as unknown;
};
const readValue = (text: string): unknown => {
  try {
    return quotedJsonOnly(text);
  } catch {
    return text;
  }
};
/** The router's parseSearch, but its own decoder would already have made numbers of digits. */
export const parseSearch = (search: string): Record<string, unknown> => {
  const values: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(search)) if (!(key in values)) values[key] = readValue(value);
  return values;
};
export const stringifySearch = stringifySearchWith(JSON.stringify, quotedJsonOnly);

/** A parameter's check: its value when valid, else "absent", so a bad value never fails the page. */
type Param<T> = (value: unknown) => T | undefined;

/** A string parameter that passes `valid`. */
const stringParam =
  (valid: (s: string) => boolean): Param<string> =>
  (value) =>
    typeof value === 'string' && valid(value) ? value : undefined;

/** One of a fixed list of values. */
export const oneOf =
  <const T extends string>(values: readonly T[]): Param<T> =>
  (value) =>
    values.find((v) => v === value);

/** Only same-app paths may be a redirect target, so a crafted link cannot send users elsewhere. */
const redirectParam = stringParam((s) => s.startsWith('/') && !s.startsWith('//') && !s.includes('\\'));
const reasonParam = oneOf(['no-key', 'rejected']);
export const filterParam = stringParam((s) => s.length <= 200);
/** An id in the URL (a workflow, a key, a batch): letters, digits, dashes and underscores only. */
export const idParam = stringParam((s) => /^[\w-]{1,100}$/.test(s));

export const EXECUTION_STATUS_FILTERS = [
  'all',
  'active',
  'initial',
  'processing',
  'human_in_the_loop',
  'finished',
  'error',
] as const;
export type ExecutionStatusFilter = (typeof EXECUTION_STATUS_FILTERS)[number];
export const statusParam = oneOf(EXECUTION_STATUS_FILTERS);

/** Pre-fill the run form with the input of this execution, from the local journal ("Edit and run"). */
const fromParam = stringParam((s) => s.length >= 1 && s.length <= 100);

type Raw = Record<string, unknown>;

export interface SettingsSearch {
  redirect?: string;
  /** Why the user was sent here: no key yet, or a key the server rejected. */
  reason?: 'no-key' | 'rejected';
}
export interface WelcomeSearch {
  /** The page the visitor asked for, opened once the key is in. */
  redirect?: string;
}
export interface WorkflowsSearch {
  q?: string;
}
export interface ExecutionsSearch {
  status?: ExecutionStatusFilter;
}
export interface RunSearch {
  from?: string;
}

// Each check names every parameter it owns, undefined when the value failed: the router lays a route's
// checked search over the raw one, so a dropped key would let the unchecked value through, and it
// leaves undefined values out of the URL.
export const validateSettingsSearch = (raw: Raw): SettingsSearch => ({
  redirect: redirectParam(raw.redirect),
  reason: reasonParam(raw.reason),
});
export const validateWelcomeSearch = (raw: Raw): WelcomeSearch => ({ redirect: redirectParam(raw.redirect) });
export const validateWorkflowsSearch = (raw: Raw): WorkflowsSearch => ({ q: filterParam(raw.q) || undefined });
export const validateExecutionsSearch = (raw: Raw): ExecutionsSearch => ({ status: statusParam(raw.status) });
export const validateRunSearch = (raw: Raw): RunSearch => ({ from: fromParam(raw.from) });
