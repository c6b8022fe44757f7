import { LIMITS } from '@contract/limits';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { PageSkeleton } from '@/components/ui/skeleton';
import { useServerReachability } from '@/lib/use-server-reachability';
import { getJournal } from '@/batch-engine/batch-journal';
import { holdTracking, runReconcile, runSubmission } from '@/batch-engine/batch-runtime';
import type { BatchRecord } from '@/batch-engine/batch-types';
import { BatchGrid } from '@/features/batches/grid/batch-grid';
import { workflowQueries } from '@/features/workflows/workflow-queries';
import { StopControl, StoppedNotice } from './stop-control';
import { ChunkPanel } from './chunk-panel';
import { CompletionsChart } from './completions-chart';
import { ExportsPanel } from '@/features/batches/exports/exports-panel';
import { StatusBar } from './progress-bar';
import { etaMs, formatSpan, timeLeftText } from './timing';
import { useBatch, useSubmission } from '@/features/batches/use-journal';

/** Resumes what a reload interrupted: sending, checking rows that may not have arrived once, and updating. */
function useResume(batch: BatchRecord | undefined) {
  const id = batch?.id;
  const hasPending = batch?.chunks.some((c) => c.state === 'pending' || c.state === 'sending') ?? false;
  const blocked = batch?.chunks.some((c) => c.state === 'unconfirmed' || c.state === 'failed') ?? false;
  const unchecked = batch?.chunks.find((c) => c.state === 'unconfirmed' && c.check === undefined)?.index;
  // Held after Done too: the same worker gathers the results, and picks up rows re-run later.
  const track = batch !== undefined && !batch.trackingPaused;
  useEffect(() => {
    if (id !== undefined && hasPending && !blocked) void runSubmission(id);
  }, [id, hasPending, blocked]);
  useEffect(() => {
    if (id !== undefined && unchecked !== undefined) void runReconcile(id, unchecked).catch(() => undefined);
  }, [id, unchecked]);
  useEffect(() => {
    if (id === undefined || !track) return;
    return holdTracking(id);
  }, [id, track]);
}

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/** The batch page: progress by status, time, completions, sending, exports and every row. */
export function BatchPage({ workflowId, batchId }: { workflowId: string; batchId: string }) {
  const view = useBatch(batchId);
  const batch = view.state === 'ready' ? view.batch : undefined;
  useResume(batch);
  const { submitting, outcome } = useSubmission(batchId);
  const now = useNow(1000);
  const { data: workflow } = useQuery(workflowQueries.detail(workflowId));
  // While the server is not answering nothing moves: an ETA or a chart going on as if it did would mislead.
  const { down: offline } = useServerReachability();

  if (view.state === 'loading') return <PageSkeleton rows={3} label="Loading the batch" />;
  if (view.state === 'error')
    return (
      <Notice tone="danger" title="This batch’s saved progress cannot be read">
        {view.message}
      </Notice>
    );
  if (view.state === 'missing' || batch === undefined)
    return (
      <EmptyState
        title="This batch is not in this browser"
        action={
          <Link
            to="/workflows/$workflowId/batch"
            params={{ workflowId }}
            className="text-indigo-700 hover:underline dark:text-indigo-300"
          >
            Back to batches
          </Link>
        }
      >
        Batches are kept in the browser that sent them. It may have been forgotten, or sent from another browser.
      </EmptyState>
    );

  const rows = view.rows;
  const sent = batch.rowCount - batch.counts.skipped;
  const done = batch.counts.finished + batch.counts.error;
  const end = batch.doneAt ?? now;
  const eta = batch.doneAt !== undefined ? 0 : etaMs(batch.progress, sent - done, now);
  const togglePause = () =>
    void getJournal().update(batch.id, (b) => ({ batch: { ...b, trackingPaused: !b.trackingPaused } }));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to="/workflows/$workflowId/batch"
            params={{ workflowId }}
            className="text-sm text-indigo-700 hover:underline dark:text-indigo-300"
          >
            ← All batches
          </Link>
          <h2 className="mt-1 text-lg font-semibold break-all text-zinc-900 dark:text-zinc-50">{batch.fileName}</h2>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            {batch.rowCount.toLocaleString()} rows ·{' '}
            {batch.concurrency !== null
              ? `up to ${LIMITS.batchConcurrency[batch.concurrency]} at a time`
              : 'at the workflow’s own pace'}{' '}
            · started {new Date(batch.createdAt).toLocaleString()}
          </p>
        </div>
        {/* Wraps on a phone: the badge, Stop with its note and Pause are wider together than 375 px. */}
        <div className="flex flex-wrap items-start gap-2">
          {batch.doneAt !== undefined ? (
            <Badge tone="success">Done</Badge>
          ) : batch.trackingPaused ? (
            <Badge>Updates paused</Badge>
          ) : (
            <Badge tone="info">
              {submitting ? 'Sending' : batch.stopped !== undefined ? 'Stopped · finishing' : 'Running'}
            </Badge>
          )}
          <StopControl batch={batch} />
          {batch.doneAt === undefined && (
            <Button size="sm" onClick={togglePause}>
              {batch.trackingPaused ? 'Resume updates' : 'Pause updates'}
            </Button>
          )}
        </div>
      </div>

      {outcome?.kind === 'blocked' && outcome.chunk === -1 && <Notice tone="warning">{outcome.reason}</Notice>}
      {batch.stopped !== undefined && <StoppedNotice stop={batch.stopped} />}

      <Card>
        <CardHeader title="Progress" />
        <CardBody className="space-y-4">
          <StatusBar counts={batch.counts} total={batch.rowCount} />
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-zinc-500 dark:text-zinc-400">Rows done</dt>
              <dd className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">
                {done.toLocaleString()} / {sent.toLocaleString()}
              </dd>
            </div>
            <div>
              <dt className="text-zinc-500 dark:text-zinc-400">Elapsed</dt>
              <dd className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">
                {formatSpan(end - batch.createdAt)}
              </dd>
            </div>
            <div>
              <dt className="text-zinc-500 dark:text-zinc-400">Time left</dt>
              <dd className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">
                {timeLeftText({ eta, offline, cancelledOnServer: batch.stopped?.cancel === 'done' })}
              </dd>
            </div>
            <div>
              <dt className="text-zinc-500 dark:text-zinc-400">Failed</dt>
              <dd className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">
                {batch.counts.error.toLocaleString()}
              </dd>
            </div>
          </dl>
          <CompletionsChart
            samples={batch.progress}
            total={sent}
            start={batch.createdAt}
            paused={offline && batch.doneAt === undefined}
          />
          <ChunkPanel batch={batch} />
        </CardBody>
      </Card>

      <Card>
        <CardHeader
          title="Results"
          description="The spreadsheet you uploaded, with status, errors and result files added."
        />
        <CardBody>
          <ExportsPanel batch={batch} rows={rows} />
        </CardBody>
      </Card>

      <Card>
        <CardHeader
          title="Rows"
          description="Your spreadsheet with each row’s status, error and results. Edit a failed row’s cells and re-run it here."
        />
        <CardBody>
          <BatchGrid
            batch={batch}
            rows={rows}
            schema={workflow === undefined ? undefined : (workflow.input_schema ?? null)}
            workflowId={workflowId}
          />
        </CardBody>
      </Card>
    </div>
  );
}
