// One small check per parameter, no schema library: the router validates search params on every
// page, so this code is in the first bundle (a schema library would be most of a page's own code).

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

/** Drops absent keys so the URL never shows `?q=undefined`-like leftovers. */
const present = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export const validateSettingsSearch = (raw: Raw): SettingsSearch =>
  present({ redirect: redirectParam(raw.redirect), reason: reasonParam(raw.reason) });
export const validateWelcomeSearch = (raw: Raw): WelcomeSearch => present({ redirect: redirectParam(raw.redirect) });
export const validateWorkflowsSearch = (raw: Raw): WorkflowsSearch => present({ q: filterParam(raw.q) });
export const validateExecutionsSearch = (raw: Raw): ExecutionsSearch => present({ status: statusParam(raw.status) });
export const validateRunSearch = (raw: Raw): RunSearch => present({ from: fromParam(raw.from) });
