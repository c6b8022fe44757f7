import type { ExecutionStatus } from '@contract/openapi-document';
import type { KnownRun, KnownWorkflow, Known } from './find-by-id';

/** How deep into a query's data to look: a feed's pages of rows sit three levels down. */
const MAX_DEPTH = 5;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES = new Set<string>(['initial', 'processing', 'human_in_the_loop', 'finished', 'error']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is string => typeof value === 'string' && ID.test(value);

/**
 * The workflows and runs inside whatever the query cache holds (lists, feeds, details, approval
 * inboxes), recognised by their shape, so Find knows what any page has read without each feature
 * telling it. The newest copy of each wins where one was read more than once.
 */
export function knownIn(datas: readonly { data: unknown; updatedAt: number }[]): Known {
  const workflows = new Map<string, KnownWorkflow & { seen: number }>();
  const runs = new Map<string, KnownRun & { seen: number }>();
  const visit = (value: unknown, depth: number, seen: number) => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1, seen);
      return;
    }
    if (!isRecord(value)) return;
    const { id } = value;
    if (isId(id)) {
      if (isId(value.workflow_id) && typeof value.status === 'string' && STATUSES.has(value.status)) {
        if (typeof value.created_at === 'string' && (runs.get(id)?.seen ?? -1) <= seen) {
          runs.set(id, {
            id,
            workflow_id: value.workflow_id,
            status: value.status as ExecutionStatus,
            created_at: value.created_at,
            workflow_name: typeof value.workflow_name === 'string' ? value.workflow_name : runs.get(id)?.workflow_name,
            seen,
          });
        }
        return;
      }
      if (typeof value.name === 'string' && typeof value.updated_at === 'string') {
        if ((workflows.get(id)?.seen ?? -1) <= seen) {
          const status = value.status;
          workflows.set(id, {
            id,
            name: value.name,
            updated_at: value.updated_at,
            status: status === 'planning' || status === 'ready' || status === 'failed' ? status : undefined,
            seen,
          });
        }
        return;
      }
    }
    for (const child of Object.values(value)) if (typeof child === 'object') visit(child, depth + 1, seen);
  };
  for (const { data, updatedAt } of datas) visit(data, 0, updatedAt);
  const strip = <T extends { seen: number }>({ seen: _seen, ...rest }: T) => rest;
  return { workflows: [...workflows.values()].map(strip), runs: [...runs.values()].map(strip) };
}
