import { isBlank } from '../lib/blank';
import { StepFailure } from './step-io';

/** What a guard checks: presence, a forbidden substring, or a numeric bound (JSON Schema naming). */
export const GUARD_RULES = [
  'required',
  'not_contains',
  'minimum',
  'maximum',
  'exclusive_minimum',
  'exclusive_maximum',
] as const;
type GuardRule = (typeof GUARD_RULES)[number];

/** The parts of a guard step its check reads. */
interface GuardCheck {
  field: string;
  rule: GuardRule;
  value?: string | undefined;
  limit?: number | undefined;
  message: string;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).join('\n');
  if (typeof value === 'object' && value !== null) return Object.values(value).map(textOf).join('\n');
  return String(value);
}

/** A short quoted rendering of a value for an error message. */
function shown(value: unknown): string {
  if (typeof value === 'number') return String(value);
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

const BREAKS: Record<
  'minimum' | 'maximum' | 'exclusive_minimum' | 'exclusive_maximum',
  (n: number, limit: number) => boolean
> = {
  minimum: (n, limit) => n < limit,
  maximum: (n, limit) => n > limit,
  exclusive_minimum: (n, limit) => n <= limit,
  exclusive_maximum: (n, limit) => n >= limit,
};

/**
 * Throws the guard's message when the input breaks its rule. The message is not a template: its one
 * placeholder, `{{value}}` (or Liquid-style `{{ value }}`), is replaced by the offending value.
 */
export function runGuard(step: GuardCheck, input: Record<string, unknown>): void {
  const value = input[step.field];
  const fail = (got: string): never => {
    // A function replacement, so a `$&` in the value is not read as a replacement pattern.
    throw new StepFailure(step.message.replace(/\{\{ ?value ?\}\}/g, () => got));
  };
  if (step.rule === 'required') {
    if (isBlank(value)) fail('nothing');
    return;
  }
  if (isBlank(value)) return;
  if (step.rule === 'not_contains') {
    if (step.value && textOf(value).includes(step.value)) fail(shown(value));
    return;
  }
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(number)) throw new StepFailure(`${step.field} must be a number (got ${shown(value)})`);
  if (step.limit !== undefined && BREAKS[step.rule](number, step.limit)) fail(String(number));
}
