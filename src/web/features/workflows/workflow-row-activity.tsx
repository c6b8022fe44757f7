import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import type { ExecutionStatus, WorkflowListItem } from '@contract/openapi-document';
import { STATUS_META } from '@/components/execution-status';
import { RelativeTime } from '@/components/ui/relative-time';
import { REJECTED_META } from '@/features/runs/status-badge';
import { cn } from '@/lib/cn';
import { activityFromRuns, activityFromServer, formatRate, type RowActivity } from './workflow-activity';
import { workflowQueries } from '@/server-state/workflows';

/** Whether the element has come into view once (rows below the fold ask for nothing). */
function useSeen(target: RefObject<HTMLElement | null>, wanted: boolean): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!wanted || seen || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, wanted, seen]);
  return seen;
}

/**
 * A row's last run, success rate and waiting approvals: from the list item where the server adds
 * them, else from the workflow's newest runs, read once the row is in view (one request per
 * visible row, kept two minutes). Shows nothing until known.
 */
export function WorkflowRowActivity({
  workflow,
  rowRef,
  children,
}: {
  workflow: WorkflowListItem;
  rowRef: RefObject<HTMLElement | null>;
  /** What the line ends with (when the workflow was created), shown even while the activity is unknown. */
  children: ReactNode;
}) {
  const fromServer = workflow.activity;
  const seen = useSeen(rowRef, !fromServer);
  const { data: page } = useQuery({ ...workflowQueries.recentRuns(workflow.id), enabled: !fromServer && seen });
  const activity = fromServer ? activityFromServer(fromServer) : page ? activityFromRuns(page) : null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
      {activity && <ActivityParts activity={activity} />}
      <span className="text-zinc-500 dark:text-zinc-400">{children}</span>
    </p>
  );
}

function ActivityParts({ activity }: { activity: RowActivity }) {
  const { lastRun, success, waiting } = activity;
  const status = lastRun && lastRun.status in LAST_RUN_WORDS ? lastRun.status : 'initial';
  // A rejection is a reviewer's decision, not a failure: it reads as its own outcome.
  const last = lastRun
    ? lastRun.rejected
      ? { Icon: REJECTED_META.Icon, color: 'text-zinc-500 dark:text-zinc-400', words: 'rejected' }
      : { ...STATUS_META[status], words: LAST_RUN_WORDS[status] }
    : null;
  return (
    <>
      {lastRun && last ? (
        <span className="inline-flex items-center gap-1">
          <last.Icon className={cn('size-3.5', last.color)} />
          <span>
            Last run {last.words}, <RelativeTime iso={lastRun.created_at} />
          </span>
        </span>
      ) : (
        <span>Not run yet</span>
      )}
      {success && (
        <span
          title={`${success.ended.toLocaleString('en')} ended runs in ${success.over}${success.rejected > 0 ? `, not counting ${success.rejected.toLocaleString('en')} rejected` : ''}`}
        >
          {formatRate(success.rate)} succeeded in {success.over}
          {success.rejected > 0 && ` · ${success.rejected.toLocaleString('en')} rejected`}
        </span>
      )}
      {waiting.count > 0 && (
        <span className="font-medium text-amber-800 dark:text-amber-300">
          {waiting.count.toLocaleString('en')}
          {waiting.more ? '+' : ''} waiting for approval
        </span>
      )}
    </>
  );
}

/** The last run's outcome as a sentence part, shown with its status icon in its colour (never colour alone). */
const LAST_RUN_WORDS: Record<ExecutionStatus, string> = {
  initial: 'queued',
  processing: 'running',
  human_in_the_loop: 'waiting for approval',
  finished: 'finished',
  error: 'failed',
};
