import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getApiClient } from '@/api/active-client';
import { queryKeys } from './query-keys';

/** The range a workflow's run figures cover, in the browser's time zone, by hour or day. */
export interface StatsWindow {
  fromMs: number;
  toMs: number;
  bucket: 'hour' | 'day';
  tzOffsetMinutes: number;
}

export const healthQueries = {
  /** A workflow's run figures over a window (stats extension), under its runs so a run's change refreshes them. */
  stats: (workflowId: string, window: StatsWindow, enabled: boolean) =>
    queryOptions({
      queryKey: queryKeys.runs.health(workflowId, [window.fromMs, window.toMs, window.bucket, window.tzOffsetMinutes]),
      queryFn: ({ signal }) =>
        getApiClient().getExecutionStats(
          workflowId,
          {
            from: new Date(window.fromMs).toISOString(),
            to: new Date(window.toMs).toISOString(),
            bucket: window.bucket,
            tzOffsetMinutes: window.tzOffsetMinutes,
          },
          { signal },
        ),
      enabled,
      // The window moves on every minute (a new key), which re-reads the figures; the old ones stay up meanwhile.
      placeholderData: keepPreviousData,
      meta: { label: 'the run statistics' },
    }),
};
