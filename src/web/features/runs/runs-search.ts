import { filterParam, oneOf, statusParam, type ExecutionStatusFilter } from '@/lib/search-params';
import { RUN_RANGES, type RunFilter, type RunRange } from './run-filter';

/** The filters of a runs list, all in the URL so a view can be shared. */
export interface RunsSearch {
  status?: ExecutionStatusFilter;
  q?: string;
  range?: RunRange;
}

const rangeParam = oneOf(RUN_RANGES);

/** Every key, undefined when absent or failed, so no unchecked value of the raw search shows through. */
export const validateRunsSearch = (raw: Record<string, unknown>): RunsSearch => ({
  status: statusParam(raw.status),
  q: filterParam(raw.q) || undefined,
  range: rangeParam(raw.range),
});

export const filterFromSearch = (search: RunsSearch): RunFilter => ({
  status: search.status ?? 'all',
  q: search.q,
  range: search.range,
});

/** The URL's search after a filter change; "all" is the default, so it leaves the URL. */
export const withFilter = (prev: RunsSearch, next: Partial<RunFilter>): RunsSearch => {
  const merged: Record<string, unknown> = { ...prev, ...next };
  if (merged.status === 'all') delete merged.status;
  return validateRunsSearch(merged);
};
