import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NotFoundError } from '@/api/errors';
import { openServerBatch, syncSharedBatch } from '@/batch-engine/batch-runtime';
import { useBatch, useSubmission, useTrackWhileShown } from '@/features/batches/use-journal';
import { serverQueries } from '@/server-state/server';
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

/** How often a shared batch on screen asks the server whether others re-ran or sent rows (one small request). */
const SHARED_SYNC_MS = 10_000;

/** Reading a batch that is not in this browser from the server: under way, not kept there, not there, or failed. */
export type ServerRead =
  | { state: 'waiting' }
  | { state: 'unshared' }
  | { state: 'absent' }
  | { state: 'failed'; message: string; retry: () => void };

/** Where the server keeps batches for the account, reads a batch missing from this browser into the journal. */
function useServerRead(missing: boolean, batchId: string, workflowName: string | undefined): ServerRead {
  const capabilities = useQuery(serverQueries.capabilities());
  const shared = capabilities.data?.sharedBatches;
  const [read, setRead] = useState<ServerRead>({ state: 'waiting' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!missing || shared !== true || workflowName === undefined) return;
    let alive = true;
    openServerBatch(batchId, workflowName).catch((e: unknown) => {
      if (!alive) return;
      if (e instanceof NotFoundError) setRead({ state: 'absent' });
      else
        setRead({
          state: 'failed',
          message: e instanceof Error ? e.message : String(e),
          retry: () => {
            setRead({ state: 'waiting' });
            setAttempt((n) => n + 1);
          },
        });
    });
    return () => {
      alive = false;
    };
  }, [missing, shared, batchId, workflowName, attempt]);
  if (shared === false || capabilities.isError) return { state: 'unshared' };
  return read;
}

/** Keeps a shared batch on screen up to date with what others on the account did to it. */
function useSharedSync(batchId: string | undefined): void {
  useEffect(() => {
    if (batchId === undefined) return;
    const sync = () => void syncSharedBatch(batchId).catch(() => undefined);
    sync();
    const timer = setInterval(sync, SHARED_SYNC_MS);
    return () => clearInterval(timer);
  }, [batchId]);
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
  const serverRead = useServerRead(view.state === 'missing', batchId, workflow?.name);
  useSharedSync(view.state === 'ready' && view.batch.shared === true ? batchId : undefined);
  const { down: offline } = useServerReachability();
  // undefined while the workflow loads, null when it has no input schema.
  const schema = workflow === undefined ? undefined : (workflow.input_schema ?? null);
  return { view, submitting, outcome, now, schema, offline, serverRead };
}
