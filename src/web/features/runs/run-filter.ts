import { isTerminalStatus, type ExecutionStatus } from '@contract/openapi-document';
import type { RunRow as ListRow } from './execution-list';
import type { ExecutionStatusFilter } from '@/lib/search-params';
import type { RunAnnotation } from './run-annotations';
import type { RunRange } from './runs-search';

const RANGE_MS: Record<RunRange, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

export const RANGE_LABELS: Record<RunRange, string> = {
  '1h': 'Last hour',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};

export interface RunFilter {
  status: ExecutionStatusFilter;
  /** Free text: an id prefix, part of the error, the input summary, the batch file or the workflow name. */
  q?: string;
  range?: RunRange;
  /** Only runs of this workflow (its id). */
  workflow?: string;
  /** Only runs started with this API key (its id). */
  startedBy?: string;
  /** Only runs of this batch: this browser's batch id, or a batch id the server gave. */
  batch?: string;
  /** Not in the URL: the server's ids for the chunks of `batch`, where this browser sent it. */
  batchServerIds?: readonly string[];
}

/** A run as a list shows it, with the whole annotation (input included) where the journals know it. */
export type RunRow = ListRow & { annotation?: RunAnnotation };

const ACTIVE: readonly ExecutionStatus[] = ['initial', 'processing', 'human_in_the_loop'];

/** The statuses a server-side filter should ask for; undefined means "every status". */
export function statusesOf(filter: ExecutionStatusFilter): readonly ExecutionStatus[] | undefined {
  if (filter === 'all') return undefined;
  if (filter === 'active') return ACTIVE;
  return [filter];
}

/** The oldest created_at a range admits, as epoch ms, or null for no range. */
export function rangeStart(range: RunRange | undefined, now: number): number | null {
  return range ? now - RANGE_MS[range] : null;
}

/** Whether the filter needs more than the server's status filter can give. */
export const hasTextOrRange = (filter: RunFilter): boolean => !!filter.q?.trim() || !!filter.range;

/** Whether a run belongs to the filter's batch, by what the server says or what this browser sent. */
function inBatch(row: RunRow, filter: RunFilter): boolean {
  if (!filter.batch) return true;
  if (row.annotation?.batch?.batchId === filter.batch) return true;
  return !!row.batch_id && (row.batch_id === filter.batch || !!filter.batchServerIds?.includes(row.batch_id));
}

const statusMatches = (status: ExecutionStatus, filter: ExecutionStatusFilter): boolean =>
  filter === 'all' || (filter === 'active' ? !isTerminalStatus(status) : status === filter);

/** The words a text search looks through for one run. */
function searchText(row: RunRow): string {
  const a = row.annotation;
  return [row.id, row.workflow_id, row.workflow_name, row.error, a?.inputSummary, a?.batch?.fileName]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

/** Applies the whole filter in the browser (the server may already have applied the status part). */
export function matchesFilter(row: RunRow, filter: RunFilter, now: number): boolean {
  if (!statusMatches(row.status, filter.status)) return false;
  if (filter.workflow && row.workflow_id !== filter.workflow) return false;
  if (filter.startedBy && row.started_by?.key_id !== filter.startedBy) return false;
  if (!inBatch(row, filter)) return false;
  const start = rangeStart(filter.range, now);
  if (start !== null && Date.parse(row.created_at) < start) return false;
  const q = filter.q?.trim().toLowerCase();
  return !q || searchText(row).includes(q);
}
