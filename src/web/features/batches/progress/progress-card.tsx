import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { BatchRecord } from '@/batch-engine/batch-types';
import { ChunkPanel } from './chunk-panel';
import { CompletionsChart } from './completions-chart';
import { StatusBar } from './progress-bar';
import { etaMs, formatSpan, timeLeftText } from './timing';

/**
 * The batch's progress: rows by status, time spent and left, failures, completions over time and
 * the sending of its parts. While the server is not answering (`offline`) nothing moves: an ETA or
 * a chart going on as if it did would mislead.
 */
export function ProgressCard({ batch, now, offline }: { batch: BatchRecord; now: number; offline: boolean }) {
  const sent = batch.rowCount - batch.counts.skipped;
  const done = batch.counts.finished + batch.counts.error;
  const end = batch.doneAt ?? now;
  const eta = batch.doneAt !== undefined ? 0 : etaMs(batch.progress, sent - done, now);
  return (
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
  );
}
