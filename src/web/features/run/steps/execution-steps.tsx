/**
 * What an execution went through, for its detail page.
 *
 * Props (for the page that mounts it):
 * - `workflowId: string`, `executionId: string` — the execution.
 * - `status: ExecutionStatus` — its status as the page last read it; the steps are re-read when it
 *   changes (and every few seconds while it processes).
 * - `sawApproval?: boolean` — the page saw this run waiting for approval (e.g. before it was
 *   approved). The component also remembers it itself while mounted; this covers a remount.
 * - `rejected?: boolean` — the run ended in error because a person rejected it.
 *
 * Where the server offers the steps extension (capability `executionSteps`) it shows the
 * workflow's real steps with durations, a time line and the failing step's error. Elsewhere it
 * shows the lifecycle (queued → processing → waiting for approval → finished or error), which
 * keeps an approval done once the run goes on.
 */
import type { ExecutionStatus } from '@contract/openapi-document';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { runQueries } from '@/server-state/runs';
import { useCapabilities } from '@/server-state/server';
import { Skeleton } from '@/components/ui/skeleton';
import { StepList } from './step-list';
import { lifecycleRows, rowsFromServer } from './step-model';

interface ExecutionStepsProps {
  workflowId: string;
  executionId: string;
  status: ExecutionStatus;
  sawApproval?: boolean;
  rejected?: boolean;
}

export function ExecutionSteps({
  workflowId,
  executionId,
  status,
  sawApproval = false,
  rejected = false,
}: ExecutionStepsProps) {
  const { executionSteps } = useCapabilities();
  // Remembered during render (not in an effect), so the first frame after an approval is already right.
  const [seenWaiting, setSeenWaiting] = useState(status === 'human_in_the_loop');
  if (status === 'human_in_the_loop' && !seenWaiting) setSeenWaiting(true);
  const steps = useQuery(runQueries.steps(workflowId, executionId, status, executionSteps));

  // The last steps read stay up through a failed re-read (an outage): they are still this run's steps.
  if (steps.data && steps.data.steps.length > 0)
    return <StepList rows={rowsFromServer(steps.data.steps, rejected)} label="Steps" />;
  if (executionSteps && !steps.isError && !steps.data) return <Skeleton className="h-24 w-full" />;
  return <StepList rows={lifecycleRows(status, sawApproval || seenWaiting, rejected)} label="Progress" />;
}
