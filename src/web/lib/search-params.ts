// zod/mini, one small schema per parameter: the router validates search params on every page, so
// this code is in the first bundle and is kept to the parts of zod it needs.
import * as z from 'zod/mini';

/** An optional parameter that falls back to "absent" instead of failing the page on a bad value. */
const lenient = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);

/** Only same-app paths may be a redirect target, so a crafted link cannot send users elsewhere. */
export const redirectParam = lenient(
  z.string().check(z.refine((s) => s.startsWith('/') && !s.startsWith('//') && !s.includes('\\'))),
);
export const reasonParam = lenient(z.enum(['no-key', 'rejected']));
export const filterParam = lenient(z.string().check(z.maxLength(200)));

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
export const statusParam = lenient(z.enum(EXECUTION_STATUS_FILTERS));

/** Pre-fill the run form with the input of this execution, from the local journal ("Edit and run"). */
export const fromParam = lenient(z.string().check(z.minLength(1), z.maxLength(100)));

type Raw = Record<string, unknown>;

export interface SettingsSearch {
  redirect?: string;
  /** Why the user was sent here: no key yet, or a key the server rejected. */
  reason?: 'no-key' | 'rejected';
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
  present({ redirect: z.parse(redirectParam, raw.redirect), reason: z.parse(reasonParam, raw.reason) });
export const validateWorkflowsSearch = (raw: Raw): WorkflowsSearch => present({ q: z.parse(filterParam, raw.q) });
export const validateExecutionsSearch = (raw: Raw): ExecutionsSearch =>
  present({ status: z.parse(statusParam, raw.status) });
export const validateRunSearch = (raw: Raw): RunSearch => present({ from: z.parse(fromParam, raw.from) });
