import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { formatRelative } from '@/lib/format-time';
import { getJournal } from '@/batch-engine/batch-journal';
import { holdTracking } from '@/batch-engine/batch-runtime';
import type { BatchRecord } from '@/batch-engine/batch-types';
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

/** Every batch of this workflow in the journal, with progress and controls. */
export function BatchList({ workflowId }: { workflowId: string }) {
  const { batches, error } = useBatchList(workflowId);
  const [actionError, setActionError] = useState<string | null>(null);
  useTrackAll(batches);
  if (error !== null)
    return (
      <Notice tone="danger" title="The batches saved in this browser cannot be read">
        {error}
      </Notice>
    );
  if (batches === undefined || batches.length === 0) return null;

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

  return (
    <Card>
      <CardHeader title="Batches" description="Kept in this browser; each resumes after a reload." />
      <CardBody className="space-y-3">
        {actionError !== null && <Notice tone="danger">{actionError}</Notice>}
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Batches of this workflow">
          {batches.map((b) => {
            const done = b.counts.finished + b.counts.error;
            return (
              <li key={b.id} className="space-y-2 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <Link
                      to="/workflows/$workflowId/batches/$batchId"
                      params={{ workflowId, batchId: b.id }}
                      className="font-medium break-all text-indigo-700 hover:underline dark:text-indigo-300"
                    >
                      {b.fileName}
                    </Link>
                    <p className="text-xs text-zinc-500 dark:text-zinc-400">
                      {formatRelative(new Date(b.createdAt).toISOString())} · {done.toLocaleString()} of{' '}
                      {sent(b).toLocaleString()} done
                      {b.counts.skipped > 0 ? ` · ${b.counts.skipped.toLocaleString()} skipped` : ''}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {b.doneAt !== undefined ? (
                      <Badge tone="success">Done</Badge>
                    ) : b.trackingPaused ? (
                      <Badge>Updates paused</Badge>
                    ) : (
                      <Badge tone="info">Running</Badge>
                    )}
                    {b.counts.error > 0 && (
                      <Link
                        to="/workflows/$workflowId/batches/$batchId"
                        params={{ workflowId, batchId: b.id }}
                        className="text-sm text-red-700 hover:underline dark:text-red-400"
                        aria-label={`${b.counts.error.toLocaleString()} failed rows in ${b.fileName}: fix and re-run them on the batch page`}
                      >
                        {b.counts.error.toLocaleString()} failed: fix and re-run
                      </Link>
                    )}
                    {b.doneAt === undefined && (
                      <Button size="sm" variant="ghost" onClick={() => void togglePause(b)}>
                        {b.trackingPaused ? 'Resume updates' : 'Pause updates'}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => remove(b)}
                      aria-label={`Forget batch ${b.fileName}`}
                    >
                      Forget
                    </Button>
                  </div>
                </div>
                <StatusBar counts={b.counts} total={b.rowCount} compact />
              </li>
            );
          })}
        </ul>
      </CardBody>
    </Card>
  );
}
