import { runCheck, type Check, type Path } from '@contract/contract-check';
import type { ListPage } from '@contract/openapi-document';
import { ContractViolationError } from './errors';

/** How many problems one error names; the first few are enough to find the fault. */
const MAX_PROBLEMS = 3;

/** `executions[3].id`: a page's `data` is named after what it lists. */
function describePath(label: string, path: Path): string {
  const [first, ...rest] = path;
  const segments = first === 'data' && label.endsWith('s') ? rest : path;
  return segments.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${key}`),
    label,
  );
}

/**
 * Checks one answer against its contract schema: the answer as it came (unknown fields kept), or
 * a ContractViolationError naming where it broke. `label` names the answer in the message.
 */
export function parseAnswer<T>(check: Check<T>, data: unknown, label: string, status = 200): T {
  const result = runCheck(check, data);
  if (result.ok) return result.value;
  if (data === undefined || data === null) throw new ContractViolationError([`the ${label} answer is empty`], status);
  const problems = [...new Set(result.problems.map((p) => `${describePath(label, p.path)} ${p.message}`))];
  throw new ContractViolationError(problems.slice(0, MAX_PROBLEMS), status);
}

/** The v1 description leaves the order open; pages show newest first whatever the server sends. */
const byNewestFirst = <T extends { created_at: string }>(items: T[]): T[] =>
  [...items].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));

/** A checked list page, newest first, with an empty cursor read as "no more pages". */
export function parsePage<T extends { created_at: string }>(
  check: Check<{ data: T[]; cursor: string | null }>,
  data: unknown,
  label: string,
): ListPage<T> {
  const page = parseAnswer(check, data, label);
  return { data: byNewestFirst(page.data), cursor: page.cursor === '' ? null : page.cursor };
}
