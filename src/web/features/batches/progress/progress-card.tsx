import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { useMemo } from 'react';
import type { BatchRecord, RowRecord } from '@/batch-engine/batch-types';
import { samplesFromRunTimes } from '@/batch-engine/server-results';
import { ChunkPanel } from './chunk-panel';
import { CompletionsChart } from './completions-chart';
import { StatusBar } from './progress-bar';
import { runSpan } from './run-span';
import { etaMs, formatSpan, timeLeftText } from './timing';

/**
 * The batch's progress: rows by status, time spent and left, failures, completions over time and
 * the sending of its parts. While the server is not answering (`offline`) nothing moves: an ETA or
 * a chart going on as if it did would mislead.
 */
export function ProgressCard({
  batch,
  rows,
  now,
  offline,
}: {
  batch: BatchRecord;
  rows: readonly RowRecord[];
  now: number;
  offline: boolean;
}) {
  const sent = batch.rowCount - batch.counts.skipped;
  const done = batch.counts.finished + batch.counts.error;
  // Run times change only when rows do; `now` only moves the end of a batch still running.
  const ranTo = useMemo(() => runSpan(batch, rows, Infinity), [batch, rows]);
  const span = { start: ranTo.start, end: Number.isFinite(ranTo.end) ? ranTo.end : now };
  // Where the server says when each run ended, the chart shows that, as Elapsed does; else when
  // this browser saw rows end.
  const samples = useMemo(() => {
    const ran = samplesFromRunTimes(rows);
    return ran.at(-1)?.[1] === done ? ran : batch.progress;
  }, [rows, done, batch.progress]);
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
              {formatSpan(span.end - span.start)}
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
          samples={samples}
          done={done}
          total={sent}
          start={Math.min(span.start, samples[0]?.[0] ?? span.start)}
          paused={offline && batch.doneAt === undefined}
        />
        <ChunkPanel batch={batch} />
      </CardBody>
    </Card>
  );
}
