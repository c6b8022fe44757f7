import { LIMITS } from '@contract/limits';
import { Link } from '@tanstack/react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { getJournal } from '@/batch-engine/batch-journal';
import type { BatchRecord } from '@/batch-engine/batch-types';
import { StopControl } from './stop-control';
import { formatDateTime } from '@/lib/format-time';

/** The batch page's top: the file, its size and pace, where the batch stands, and Stop and Pause. */
export function BatchHeading({
  batch,
  workflowId,
  submitting,
}: {
  batch: BatchRecord;
  workflowId: string;
  submitting: boolean;
}) {
  const togglePause = () =>
    void getJournal().update(batch.id, (b) => ({ batch: { ...b, trackingPaused: !b.trackingPaused } }));
  return (
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
          · started {formatDateTime(batch.createdAt)}
          {typeof batch.startedBy === 'string' ? ` by ${batch.startedBy}` : ''}
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
  );
}
