import type * as z from 'zod/mini';
import type { ListPage } from '@contract/openapi-document';
import { ContractViolationError } from './errors';

/** How many problems one error names; the first few are enough to find the fault. */
const MAX_PROBLEMS = 3;

type Issue = z.core.$ZodIssue;

const valueAt = (data: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    data,
  );

/** `executions[3].id`: the page's `data` is named after what it lists. */
function describePath(label: string, path: readonly PropertyKey[]): string {
  const [first, ...rest] = path;
  const segments = first === 'data' && label.endsWith('s') ? rest : path;
  return segments.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${String(key)}`),
    label,
  );
}

const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value);

function describeIssue(label: string, data: unknown, issue: Issue): string {
  const where = describePath(label, issue.path);
  const value = valueAt(data, issue.path);
  if (value === undefined) return `${where} missing`;
  switch (issue.code) {
    case 'invalid_value':
      return `${where} ${JSON.stringify(value)} is not one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_type':
      return `${where} is ${kindOf(value)}, not ${issue.expected}`;
    default:
      return `${where} has an unexpected shape`;
  }
}

/**
 * Checks one answer against its contract schema: the parsed value (unknown fields kept), or a
 * ContractViolationError naming where it broke. `label` names the answer in the message.
 */
export function parseAnswer<T>(schema: z.ZodMiniType<T>, data: unknown, label: string, status = 200): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  if (data === undefined || data === null) throw new ContractViolationError([`the ${label} answer is empty`], status);
  const problems = result.error.issues.slice(0, MAX_PROBLEMS).map((issue) => describeIssue(label, data, issue));
  throw new ContractViolationError(problems, status);
}

/** The v1 description leaves the order open; pages show newest first whatever the server sends. */
export const byNewestFirst = <T extends { created_at: string }>(items: T[]): T[] =>
  [...items].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));

/** A checked list page, newest first, with an empty cursor read as "no more pages". */
export function parsePage<T extends { created_at: string }>(
  schema: z.ZodMiniType<{ data: T[]; cursor: string | null }>,
  data: unknown,
  label: string,
): ListPage<T> {
  const page = parseAnswer(schema, data, label);
  return { data: byNewestFirst(page.data), cursor: page.cursor === '' ? null : page.cursor };
}
