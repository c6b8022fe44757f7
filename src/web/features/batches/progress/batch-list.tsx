import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Schemas } from '@contract/openapi-document';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { LoadMore } from '@/components/ui/load-more';
import { Notice } from '@/components/ui/notice';
import { formatRelative } from '@/lib/format-time';
import { getJournal } from '@/batch-engine/batch-journal';
import { holdTracking } from '@/batch-engine/batch-runtime';
import type { BatchRecord, RowStatus } from '@/batch-engine/batch-types';
import { sharedBatchQueries } from '@/server-state/batches';
import { serverQueries } from '@/server-state/server';
import { StatusBar } from './progress-bar';
import { useBatchList } from '@/features/batches/use-journal';

const sent = (b: BatchRecord): number => b.rowCount - b.counts.skipped;

/** Keeps every unfinished, unpaused batch of this list tracked while the list is shown. */
function useTrackAll(batches: BatchRecord[] | undefined) {
  const key = (batches ?? [])
    .filter((b) => b.doneAt === undefined && !b.trackingPaused && b.chunks.some((c) => c.state === 'confirmed'))
    .map((b) => b.id)
    .join(',');
  useEffect(() => {
    if (key === '') return;
    const releases = key.split(',').map(holdTracking);
    return () => releases.forEach((r) => r());
  }, [key]);
}

/**
 * Every batch of this workflow: those in this browser's journal, with progress and controls, and
 * where the server keeps batches for the account, those others on the account started too.
 */
export function BatchList({ workflowId }: { workflowId: string }) {
  const { batches, error } = useBatchList(workflowId);
  const { data: capabilities } = useQuery(serverQueries.capabilities());
  const shared = capabilities?.sharedBatches === true;
  const older = useInfiniteQuery(sharedBatchQueries.ofWorkflow(workflowId, shared));
  const onServer = useMemo(() => older.data?.pages.flatMap((page) => page.data) ?? [], [older.data]);
  const [actionError, setActionError] = useState<string | null>(null);
  useTrackAll(batches);
  if (error !== null)
    return (
      <Notice tone="danger" title="The batches saved in this browser cannot be read">
        {error}
      </Notice>
    );
  const known = new Set((batches ?? []).map((b) => b.id));
  const elsewhere = onServer.filter((b) => !known.has(b.id));
  const startedBy = new Map(onServer.map((b) => [b.id, b.started_by?.name]));
  if (batches === undefined || (batches.length === 0 && elsewhere.length === 0)) return null;

  const togglePause = (b: BatchRecord) =>
    getJournal()
      .update(b.id, (x) => ({ batch: { ...x, trackingPaused: !x.trackingPaused } }))
      .catch((e: unknown) => setActionError(e instanceof Error ? e.message : String(e)));
  const remove = (b: BatchRecord) => {
    if (!window.confirm(`Forget the batch "${b.fileName}" in this browser? Its executions stay on the service.`))
      return;
    void getJournal()
      .remove(b.id)
      .catch((e: unknown) => setActionError(e instanceof Error ? e.message : String(e)));
  };

  const localItem = (b: BatchRecord) => {
    const by = b.startedBy ?? startedBy.get(b.id);
    return (
      <BatchItem
        key={b.id}
        workflowId={workflowId}
        batchId={b.id}
        fileName={b.fileName}
        by={typeof by === 'string' ? by : null}
        createdAt={new Date(b.createdAt).toISOString()}
        sent={sent(b)}
        skipped={b.counts.skipped}
        counts={b.counts}
        total={b.rowCount}
        status={
          b.doneAt !== undefined ? (
            <Badge tone="success">Done</Badge>
          ) : b.trackingPaused ? (
            <Badge>Updates paused</Badge>
          ) : (
            <Badge tone="info">Running</Badge>
          )
        }
      >
        {b.doneAt === undefined && (
          <Button size="sm" variant="ghost" onClick={() => void togglePause(b)}>
            {b.trackingPaused ? 'Resume updates' : 'Pause updates'}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => remove(b)} aria-label={`Forget batch ${b.fileName}`}>
          Forget
        </Button>
      </BatchItem>
    );
  };

  return (
    <Card>
      <CardHeader
        title="Batches"
        description={
          shared
            ? 'Everyone on this account sees these batches; each resumes after a reload.'
            : 'Kept in this browser on this server; each resumes after a reload.'
        }
      />
      <CardBody className="space-y-3">
        {actionError !== null && <Notice tone="danger">{actionError}</Notice>}
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Batches of this workflow">
          {[
            ...elsewhere.map((b) => ({
              at: Date.parse(b.created_at),
              node: <ServerBatchItem key={b.id} batch={b} workflowId={workflowId} />,
            })),
            ...batches.map((b) => ({ at: b.createdAt, node: localItem(b) })),
          ]
            .sort((x, y) => y.at - x.at)
            .map((entry) => entry.node)}
        </ul>
        <LoadMore
          hasNextPage={older.hasNextPage}
          busy={older.isFetchingNextPage}
          onLoad={() => void older.fetchNextPage()}
        />
      </CardBody>
    </Card>
  );
}

/** A batch's line under its title: who started it, when, and how far it has got. */
function batchDetails(b: { by: string | null; createdAt: string; done: number; sent: number; skipped: number }) {
  return [
    b.by !== null ? `Started by ${b.by}` : null,
    formatRelative(b.createdAt),
    `${b.done.toLocaleString()} of ${b.sent.toLocaleString()} done`,
    b.skipped > 0 ? `${b.skipped.toLocaleString()} skipped` : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

/** The server's counts as the progress bar reads them: rows not sent yet wait as unsent. */
function serverCounts(b: Schemas['BatchSummary']): Record<RowStatus, number> {
  return { ...b.counts, unsent: b.row_count - b.rows_sent, unknown: 0, skipped: 0 };
}

/** A batch someone on the account started in another browser: opening it reads it from the server. */
function ServerBatchItem({ batch: b, workflowId }: { batch: Schemas['BatchSummary']; workflowId: string }) {
  const open = b.counts.initial + b.counts.processing + b.counts.human_in_the_loop;
  return (
    <BatchItem
      workflowId={workflowId}
      batchId={b.id}
      fileName={b.file_name}
      by={b.started_by?.name ?? null}
      createdAt={b.created_at}
      sent={b.rows_sent}
      skipped={0}
      counts={serverCounts(b)}
      total={b.row_count}
      status={open === 0 && b.rows_sent > 0 ? <Badge tone="success">Done</Badge> : <Badge tone="info">Running</Badge>}
    />
  );
}

/**
 * One batch, kept in this browser or read from the server: its title and line of details, its
 * status, failed rows and actions, and its progress bar.
 */
function BatchItem({
  workflowId,
  batchId,
  fileName,
  counts,
  total,
  status,
  children,
  ...details
}: BatchLinkProps & {
  by: string | null;
  createdAt: string;
  sent: number;
  skipped: number;
  counts: Record<RowStatus, number>;
  total: number;
  status: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className="space-y-2 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BatchTitle
          workflowId={workflowId}
          batchId={batchId}
          fileName={fileName}
          details={batchDetails({ ...details, done: counts.finished + counts.error })}
        />
        <div className="flex flex-wrap items-center gap-2">
          {status}
          <FailedRowsLink workflowId={workflowId} batchId={batchId} fileName={fileName} failed={counts.error} />
          {children}
        </div>
      </div>
      <StatusBar counts={counts} total={total} compact />
    </li>
  );
}

interface BatchLinkProps {
  workflowId: string;
  batchId: string;
  fileName: string;
}

/** A batch's file name, opening its page, over a line of who, when and how far. */
function BatchTitle({ workflowId, batchId, fileName, details }: BatchLinkProps & { details: string }) {
  return (
    <div className="min-w-0">
      <Link
        to="/workflows/$workflowId/batches/$batchId"
        params={{ workflowId, batchId }}
        className="font-medium break-all text-indigo-700 hover:underline dark:text-indigo-300"
      >
        {fileName}
      </Link>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{details}</p>
    </div>
  );
}

/** "N failed: fix and re-run", opening the batch page where they are fixed; nothing without failures. */
function FailedRowsLink({ workflowId, batchId, fileName, failed }: BatchLinkProps & { failed: number }) {
  if (failed === 0) return null;
  return (
    <Link
      to="/workflows/$workflowId/batches/$batchId"
      params={{ workflowId, batchId }}
      className="text-sm text-red-700 hover:underline dark:text-red-400"
      aria-label={`${failed.toLocaleString()} failed rows in ${fileName}: fix and re-run them on the batch page`}
    >
      {failed.toLocaleString()} failed: fix and re-run
    </Link>
  );
}
