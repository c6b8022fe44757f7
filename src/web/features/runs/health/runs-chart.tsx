import type { ExecutionStatus } from '@contract/openapi-document';
import type { Bucket, HealthFigures } from './health-figures';
import { ChartFrame } from './chart-frame';

/** Bottom to top in each bar: the outcomes first, then what is still under way. */
export const STACK_ORDER: readonly ExecutionStatus[] = [
  'finished',
  'error',
  'human_in_the_loop',
  'processing',
  'initial',
];

export const STATUS_STYLE: Record<ExecutionStatus, { label: string; fill: string; swatch: string }> = {
  finished: {
    label: 'Finished',
    fill: 'fill-emerald-500 dark:fill-emerald-400',
    swatch: 'bg-emerald-500 dark:bg-emerald-400',
  },
  error: { label: 'Error', fill: 'fill-red-500 dark:fill-red-400', swatch: 'bg-red-500 dark:bg-red-400' },
  human_in_the_loop: {
    label: 'Waiting for approval',
    fill: 'fill-amber-400 dark:fill-amber-300',
    swatch: 'bg-amber-400 dark:bg-amber-300',
  },
  processing: { label: 'Processing', fill: 'fill-sky-500 dark:fill-sky-400', swatch: 'bg-sky-500 dark:bg-sky-400' },
  initial: { label: 'Queued', fill: 'fill-zinc-400 dark:fill-zinc-500', swatch: 'bg-zinc-400 dark:bg-zinc-500' },
};

const WIDTH = 600;
const HEIGHT = 120;

const hourLabel = new Intl.DateTimeFormat(undefined, { hour: 'numeric' });
const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const fullLabel = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const bucketLabel = (startMs: number, bucket: Bucket): string =>
  bucket === 'hour' ? fullLabel.format(startMs) : dayLabel.format(startMs);

/**
 * Runs per bucket, stacked by status. The bars stretch with the width; the labels are HTML, so
 * they never stretch with them. Each bar's title gives its figures; the panel's table is the full
 * text alternative.
 */
export function RunsChart({ figures, labelledBy }: { figures: HealthFigures; labelledBy: string }) {
  const totals = figures.buckets.map((b) => STACK_ORDER.reduce((sum, s) => sum + b.counts[s], 0));
  const max = Math.max(1, ...totals);
  const count = Math.max(1, figures.buckets.length);
  const slot = WIDTH / count;
  const barWidth = Math.max(1, slot * 0.75);
  const tickEvery = Math.max(1, Math.ceil(figures.buckets.length / 6));
  return (
    <div className="relative pl-8">
      <span className="absolute top-0 left-0 text-[10px] text-zinc-500 tabular-nums dark:text-zinc-400">{max}</span>
      <span className="absolute bottom-5 left-0 text-[10px] text-zinc-500 dark:text-zinc-400">0</span>
      <ChartFrame width={WIDTH} height={HEIGHT} labelledBy={labelledBy} className="h-32 w-full">
        {figures.buckets.map((bucket, i) => {
          let y = HEIGHT;
          const x = i * slot + (slot - barWidth) / 2;
          const summary = STACK_ORDER.filter((s) => bucket.counts[s] > 0)
            .map((s) => `${bucket.counts[s]} ${STATUS_STYLE[s].label.toLowerCase()}`)
            .join(', ');
          return (
            <g key={bucket.startMs}>
              <title>{`${bucketLabel(bucket.startMs, figures.bucket)}: ${totals[i]} runs${summary ? ` (${summary})` : ''}`}</title>
              {/* A transparent full-height target, so an empty or thin bar still shows its title on hover. */}
              <rect x={i * slot} y={0} width={slot} height={HEIGHT} className="fill-transparent" />
              {STACK_ORDER.map((status) => {
                const n = bucket.counts[status];
                if (n === 0) return null;
                const h = (n / max) * (HEIGHT - 2);
                y -= h;
                return (
                  <rect key={status} x={x} y={y} width={barWidth} height={h} className={STATUS_STYLE[status].fill} />
                );
              })}
            </g>
          );
        })}
      </ChartFrame>
      <div aria-hidden="true" className="relative mt-1 h-4 text-[10px] text-zinc-500 dark:text-zinc-400">
        {figures.buckets.map((bucket, i) =>
          i % tickEvery === 0 ? (
            <span
              key={bucket.startMs}
              className="absolute -translate-x-1/2 whitespace-nowrap"
              style={{ left: `${((i + 0.5) / count) * 100}%` }}
            >
              {figures.bucket === 'hour' ? hourLabel.format(bucket.startMs) : dayLabel.format(bucket.startMs)}
            </span>
          ) : null,
        )}
      </div>
    </div>
  );
}
