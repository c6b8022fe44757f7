import type { ExecutionStatus, ListPage, WorkflowActivity } from '@contract/openapi-document';
import { parseRejection, rejectionOf } from '@/features/runs/rejections';

/** What a workflows list row says about the workflow's runs, from whichever source had it. */
export interface RowActivity {
  /** `rejected`: it ended in error because a reviewer rejected it, an outcome of its own. */
  lastRun: { status: ExecutionStatus; created_at: string; rejected: boolean } | null;
  /**
   * The share of ended runs that finished, over the runs it counts (`ended` of them, rejected ones
   * left out: a rejection is a reviewer's decision, not a run that failed); `rejected` says how many.
   */
  success: { rate: number; ended: number; rejected: number; over: string } | null;
  /** Runs waiting for approval; `more` when there may be others beyond what was read. */
  waiting: { count: number; more: boolean };
}

const successOf = (finished: number, failed: number, rejected: number, over: string): RowActivity['success'] =>
  finished + failed === 0 ? null : { rate: finished / (finished + failed), ended: finished + failed, rejected, over };

interface RunSeen {
  id?: string;
  status: ExecutionStatus;
  created_at: string;
  /** The failure message, where the server lists it (the local service does). */
  error?: string;
}

/** A rejection the server or this browser knows of: the error text, or a decision made here. */
const wasRejected = (run: RunSeen): boolean =>
  run.status === 'error' &&
  (run.id === undefined
    ? parseRejection(run.error) !== null
    : rejectionOf({ id: run.id, status: run.status }, run.error) !== null);

/** From the local service's `activity` extension on the list item. */
export function activityFromServer(activity: WorkflowActivity): RowActivity {
  const { days, finished, error, rejected = 0 } = activity.recent;
  const last = activity.last_run;
  return {
    lastRun: last && {
      status: last.status,
      created_at: last.created_at,
      rejected: last.rejected === true || wasRejected(last),
    },
    success: successOf(finished, error - rejected, rejected, days === 1 ? 'the last day' : `the last ${days} days`),
    waiting: { count: activity.waiting_approval, more: false },
  };
}

/**
 * From the first page of the workflow's runs (newest first), on a server without the extension:
 * the last run is exact, the rate covers the runs on that page, and more may wait beyond it.
 */
export function activityFromRuns(page: ListPage<RunSeen>): RowActivity {
  const runs = page.data;
  const count = (status: ExecutionStatus) => runs.filter((run) => run.status === status).length;
  const first = runs[0];
  const finished = count('finished');
  const rejected = runs.filter(wasRejected).length;
  const failed = count('error') - rejected;
  const ended = finished + failed;
  return {
    lastRun: first ? { status: first.status, created_at: first.created_at, rejected: wasRejected(first) } : null,
    success: successOf(finished, failed, rejected, `the last ${ended} ended ${ended === 1 ? 'run' : 'runs'}`),
    waiting: { count: count('human_in_the_loop'), more: page.cursor !== null },
  };
}

/** "83%", rounded down so a single failure never reads as 100%. */
export function formatRate(rate: number): string {
  return `${Math.floor(rate * 100)}%`;
}
