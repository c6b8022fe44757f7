import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useBatch, useSubmission, useTrackWhileShown } from '@/features/batches/use-journal';
import { workflowQueries } from '@/server-state/workflows';
import { useServerReachability } from '@/lib/use-server-reachability';

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/**
 * What the batch page shows: the batch and its rows from the journal (followed while shown), whether
 * this tab is sending it, the time each second, the workflow's input schema for the grid's edits,
 * and whether the server is answering.
 */
export function useBatchPage(workflowId: string, batchId: string) {
  const view = useBatch(batchId);
  useTrackWhileShown(view.state === 'ready' ? view.batch : undefined);
  const { submitting, outcome } = useSubmission(batchId);
  const now = useNow(1000);
  const { data: workflow } = useQuery(workflowQueries.detail(workflowId));
  const { down: offline } = useServerReachability();
  // undefined while the workflow loads, null when it has no input schema.
  const schema = workflow === undefined ? undefined : (workflow.input_schema ?? null);
  return { view, submitting, outcome, now, schema, offline };
}
