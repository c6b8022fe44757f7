import type { ExecutionStatus } from '../../../../contract/openapi-document';
import { badRequest } from '../../plugins/errors';

const STATUSES: readonly ExecutionStatus[] = ['initial', 'processing', 'human_in_the_loop', 'finished', 'error'];
const MESSAGE = `status must be one of ${STATUSES.join(', ')}, or a comma-separated list of them`;

/**
 * The statuses a `status` query parameter names (one, or a comma-separated list), without repeats;
 * null when the parameter is absent. Anything else is a 400 that lists the statuses.
 */
export function parseStatusFilter(value: string | undefined): ExecutionStatus[] | null {
  if (value === undefined) return null;
  const names = value.split(',').map((name) => name.trim());
  if (names.some((name) => !STATUSES.includes(name as ExecutionStatus))) throw badRequest(MESSAGE);
  return [...new Set(names as ExecutionStatus[])];
}
