import type { ExecutionStatus, ListPage, WorkflowActivity } from '@contract/openapi-document';

/** What a workflows list row says about the workflow's runs, from whichever source had it. */
export interface RowActivity {
  lastRun: { status: ExecutionStatus; created_at: string } | null;
  /** The share of ended runs that finished, over the runs it counts (`ended` of them). */
  success: { rate: number; ended: number; over: string } | null;
  /** Runs waiting for approval; `more` when there may be others beyond what was read. */
  waiting: { count: number; more: boolean };
}

const successOf = (finished: number, error: number, over: string): RowActivity['success'] =>
  finished + error === 0 ? null : { rate: finished / (finished + error), ended: finished + error, over };

/** From the local service's `activity` extension on the list item. */
export function activityFromServer(activity: WorkflowActivity): RowActivity {
  const { days, finished, error } = activity.recent;
  return {
    lastRun: activity.last_run,
    success: successOf(finished, error, days === 1 ? 'the last day' : `the last ${days} days`),
    waiting: { count: activity.waiting_approval, more: false },
  };
}

/**
 * From the first page of the workflow's runs (newest first), on a server without the extension:
 * the last run is exact, the rate covers the runs on that page, and more may wait beyond it.
 */
export function activityFromRuns(page: ListPage<{ status: ExecutionStatus; created_at: string }>): RowActivity {
  const runs = page.data;
  const count = (status: ExecutionStatus) => runs.filter((run) => run.status === status).length;
  const first = runs[0];
  const finished = count('finished');
  const error = count('error');
  const ended = finished + error;
  return {
    lastRun: first ? { status: first.status, created_at: first.created_at } : null,
    success: successOf(finished, error, `the last ${ended} ended ${ended === 1 ? 'run' : 'runs'}`),
    waiting: { count: count('human_in_the_loop'), more: page.cursor !== null },
  };
}

/** "83%", rounded down so a single failure never reads as 100%. */
export function formatRate(rate: number): string {
  return `${Math.floor(rate * 100)}%`;
}
