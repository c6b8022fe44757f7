/**
 * A workflow's runs at a glance, under its runs list: runs per hour or day stacked by status, the
 * success rate, and a duration histogram with p50 and p95, for a range the person picks. It starts
 * closed (the list is what people come for) and reads nothing until opened.
 *
 * Props (for the page that mounts it):
 * - `workflowId: string` — the workflow whose runs it shows.
 * - `loadedRuns: readonly HealthRun[]` — the runs the list has read so far (any order; a
 *   ListedExecution fits). Used only where the server has no stats extension; the panel then says
 *   how many runs its figures cover.
 * - `complete?: boolean` — true once `loadedRuns` holds every run of the workflow (the scan reached
 *   the end), so the label can say the figures cover all runs.
 * - `range?: HealthRange` and `onRangeChange?: (range) => void` — pass both to keep the range in
 *   the URL (the same names as the runs list's range filter: 1h, 24h, 7d, 30d); without them the
 *   panel keeps its own, starting at 7 days.
 *
 * On the local service (capability `executionStats`) the figures come from one request to
 * GET …/executions/stats, re-read every minute.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { healthQueries } from '@/server-state/health';
import { useCapabilities } from '@/server-state/server';
import { Card, CardBody } from '@/components/ui/card';
import { DisclosureButton } from '@/components/ui/disclosure-button';
import { SegmentedToggle } from '@/components/ui/segmented-toggle';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMs } from '@/lib/format-ms';
import { useDisclosure } from '@/lib/use-disclosure';
import { DurationHistogram } from './duration-histogram';
import {
  figuresFromRuns,
  figuresFromStats,
  formatPercent,
  healthWindow,
  HEALTH_RANGE_LABELS,
  HEALTH_RANGES,
  type HealthFigures,
  type HealthRange,
  type HealthRun,
  type HealthWindow,
} from './health-figures';
import { HealthTable } from './health-table';
import { RunsChart, STACK_ORDER, STATUS_STYLE } from './runs-chart';

interface RunsHealthPanelProps {
  workflowId: string;
  loadedRuns: readonly HealthRun[];
  complete?: boolean;
  range?: HealthRange;
  onRangeChange?: (range: HealthRange) => void;
}

const STATS_REFRESH_MS = 60_000;
const RANGE_OPTIONS = HEALTH_RANGES.map((value) => ({ value, label: value }));

function useHealthFigures(workflowId: string, window: HealthWindow, loadedRuns: readonly HealthRun[], open: boolean) {
  const { executionStats } = useCapabilities();
  const stats = useQuery(healthQueries.stats(workflowId, window, executionStats && open));
  const fromPages = useMemo(() => (open ? figuresFromRuns(loadedRuns, window) : null), [open, loadedRuns, window]);
  if (!executionStats || stats.isError) return { figures: fromPages, loading: false };
  return { figures: stats.data ? figuresFromStats(stats.data) : null, loading: stats.isPending };
}

/** The range ending now; it moves on once a minute, so the figures follow new runs. */
function useWindow(range: HealthRange): HealthWindow {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), STATS_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return useMemo(() => healthWindow(range, now, -new Date(now).getTimezoneOffset()), [range, now]);
}

export function RunsHealthPanel({ workflowId, loadedRuns, complete, range, onRangeChange }: RunsHealthPanelProps) {
  const [ownRange, setOwnRange] = useState<HealthRange>('7d');
  const current = range ?? ownRange;
  const window = useWindow(current);
  const charts = useDisclosure();
  const { open, panelId: bodyId } = charts;
  const { figures, loading } = useHealthFigures(workflowId, window, loadedRuns, open);
  const headingId = useId();
  const chartId = useId();
  const histogramId = useId();
  const pick = (next: HealthRange) => (onRangeChange ? onRangeChange(next) : setOwnRange(next));
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5">
        <DisclosureButton
          disclosure={charts}
          title="Health charts"
          titleId={headingId}
          description={
            open && figures
              ? coverage(figures, current, loadedRuns.length, complete)
              : 'Runs over time, success rate and how long runs take'
          }
          className="-m-1 flex min-w-0 items-center gap-2 rounded-md p-1 text-left"
        />
        {open && <SegmentedToggle label="Health range" value={current} options={RANGE_OPTIONS} onChange={pick} />}
      </div>
      {open && (
        <CardBody
          id={bodyId}
          role="region"
          aria-labelledby={headingId}
          className="space-y-5 border-t border-zinc-200 dark:border-zinc-800"
        >
          {loading || !figures ? (
            <Skeleton className="h-36 w-full" />
          ) : figures.total === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">No runs in this range.</p>
          ) : (
            <HealthBody figures={figures} chartId={chartId} histogramId={histogramId} range={current} />
          )}
        </CardBody>
      )}
    </Card>
  );
}

function HealthBody({
  figures,
  chartId,
  histogramId,
  range,
}: {
  figures: HealthFigures;
  chartId: string;
  histogramId: string;
  range: HealthRange;
}) {
  const { duration } = figures;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure term="Runs" value={figures.total.toLocaleString()} />
        <Figure
          term="Success rate"
          value={figures.successRate === null ? '—' : formatPercent(figures.successRate)}
          detail={`${figures.counts.finished.toLocaleString()} finished, ${(figures.counts.error - figures.rejected).toLocaleString()} failed${figures.rejected > 0 ? `, ${figures.rejected.toLocaleString()} rejected (not counted)` : ''}`}
        />
        <Figure term="Duration p50" value={duration.p50 === null ? '—' : formatMs(duration.p50)} />
        <Figure term="Duration p95" value={duration.p95 === null ? '—' : formatMs(duration.p95)} />
      </dl>
      <figure className="space-y-2">
        <figcaption id={chartId} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
          Runs per {figures.bucket}, by status ({HEALTH_RANGE_LABELS[range].toLowerCase()})
        </figcaption>
        <RunsChart figures={figures} labelledBy={chartId} />
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400" aria-label="Legend">
          {STACK_ORDER.map((status) => (
            <li key={status} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`size-2.5 rounded-sm ${STATUS_STYLE[status].swatch}`} />
              {STATUS_STYLE[status].label} ({figures.counts[status].toLocaleString()})
            </li>
          ))}
        </ul>
      </figure>
      {duration.count > 0 && (
        <figure className="space-y-2">
          <figcaption id={histogramId} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
            Duration of {duration.count.toLocaleString()} ended runs: p50{' '}
            {duration.p50 === null ? '—' : formatMs(duration.p50)}, p95{' '}
            {duration.p95 === null ? '—' : formatMs(duration.p95)}, longest{' '}
            {duration.max === null ? '—' : formatMs(duration.max)}
          </figcaption>
          <DurationHistogram duration={duration} labelledBy={histogramId} />
        </figure>
      )}
      <HealthTable figures={figures} />
    </>
  );
}

function Figure({ term, value, detail }: { term: string; value: string; detail?: string }) {
  return (
    <div className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{term}</dt>
      <dd className="text-lg font-semibold text-zinc-900 tabular-nums dark:text-zinc-100">{value}</dd>
      {detail && <dd className="text-xs text-zinc-500 dark:text-zinc-400">{detail}</dd>}
    </div>
  );
}

/** Says what the figures cover: every run (server), or the runs read so far (pages). */
export function coverage(figures: HealthFigures, range: HealthRange, loaded: number, complete?: boolean): string {
  const when = HEALTH_RANGE_LABELS[range].toLowerCase();
  if (figures.source === 'server') return `All ${figures.total.toLocaleString()} runs of the ${when}`;
  const read = loaded.toLocaleString();
  return complete
    ? `From all ${read} runs of this workflow (${figures.total.toLocaleString()} in the ${when})`
    : `From the ${read} runs read so far (${figures.total.toLocaleString()} in the ${when}); older runs are not counted`;
}
