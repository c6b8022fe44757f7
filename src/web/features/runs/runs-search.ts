import { filterParam, idParam, oneOf, statusParam, type ExecutionStatusFilter } from '@/lib/search-params';
import type { RunFilter } from './run-filter';

/**
 * How far back a runs list looks; the list is newest first, so a range also ends the scan early.
 * Here, not in run-filter.ts: the route's search check is on the first page, the filtering is not.
 */
export const RUN_RANGES = ['1h', '24h', '7d', '30d'] as const;
export type RunRange = (typeof RUN_RANGES)[number];

/** The filters of a runs list, all in the URL so a view can be shared. */
export interface RunsSearch {
  status?: ExecutionStatusFilter;
  q?: string;
  range?: RunRange;
  /** Only runs of this workflow, started with this key, of this batch (ids). */
  workflow?: string;
  by?: string;
  batch?: string;
}

const rangeParam = oneOf(RUN_RANGES);

/** Every key, undefined when absent or failed, so no unchecked value of the raw search shows through. */
export const validateRunsSearch = (raw: Record<string, unknown>): RunsSearch => ({
  status: statusParam(raw.status),
  q: filterParam(raw.q) || undefined,
  range: rangeParam(raw.range),
  workflow: idParam(raw.workflow),
  by: idParam(raw.by),
  batch: idParam(raw.batch),
});

export const filterFromSearch = (search: RunsSearch): RunFilter => ({
  status: search.status ?? 'all',
  q: search.q,
  range: search.range,
  workflow: search.workflow,
  startedBy: search.by,
  batch: search.batch,
});

/** The URL's search after a filter change; "all" is the default, so it leaves the URL. */
export const withFilter = (prev: RunsSearch, next: Partial<RunFilter>): RunsSearch => {
  const { startedBy, ...rest } = next;
  const merged: Record<string, unknown> = { ...prev, ...rest, ...('startedBy' in next ? { by: startedBy } : {}) };
  if (merged.status === 'all') delete merged.status;
  // A batch belongs to one workflow: choosing another workflow clears it.
  if ('workflow' in next && next.workflow !== prev.workflow && !('batch' in next)) delete merged.batch;
  return validateRunsSearch(merged);
};
