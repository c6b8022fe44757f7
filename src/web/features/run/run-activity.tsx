import { useQuery } from '@tanstack/react-query';
import type { ExecutionStatus } from '@contract/openapi-document';
import { RelativeTime } from '@/components/ui/relative-time';
import { actorName } from '@/features/runs/actor-name';
import { runQueries } from '@/server-state/runs';
import { useCapabilities } from '@/server-state/server';

/**
 * Who started the run, who approved or rejected it (with the comment) and who cancelled it, in a
 * line each, only where the server declares who did what; nothing elsewhere.
 */
export function RunActivity({
  workflowId,
  executionId,
  status,
}: {
  workflowId: string;
  executionId: string;
  status: ExecutionStatus;
}) {
  const { executionActivity } = useCapabilities();
  const { data } = useQuery(runQueries.activity(workflowId, executionId, status, executionActivity));
  if (!executionActivity || !data) return null;
  const { started, decision, cancelled } = data;
  if (!started && !decision && !cancelled) return null;
  return (
    <ul aria-label="Who did what" className="space-y-1 text-sm text-zinc-700 dark:text-zinc-300">
      {started && (
        <li>
          {/* When it started is already beside the status at the top of the run. */}
          Started by <strong className="font-medium">{actorName(started.by)}</strong>
        </li>
      )}
      {decision && (
        <li>
          {decision.approved ? 'Approved' : 'Rejected'} by{' '}
          <strong className="font-medium">{actorName(decision.by)}</strong>
          {decision.comment ? `: ${decision.comment}` : ''} ·{' '}
          <RelativeTime iso={decision.at} className="text-zinc-500 dark:text-zinc-400" />
        </li>
      )}
      {cancelled && (
        <li>
          Cancelled by <strong className="font-medium">{actorName(cancelled.by)}</strong> ·{' '}
          <RelativeTime iso={cancelled.at} className="text-zinc-500 dark:text-zinc-400" />
        </li>
      )}
    </ul>
  );
}
