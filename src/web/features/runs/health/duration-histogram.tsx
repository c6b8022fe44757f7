import { formatMs } from '@/lib/format-ms';
import type { HealthFigures } from './health-figures';
import { ChartFrame } from './chart-frame';

const WIDTH = 600;
const HEIGHT = 100;

/**
 * How many runs took how long, with p50 and p95 marked. The bars stretch with the width; the
 * labels are HTML so they keep their shape. The panel's caption says the same in words.
 */
export function DurationHistogram({
  duration,
  labelledBy,
}: {
  duration: HealthFigures['duration'];
  labelledBy: string;
}) {
  const bins = duration.histogram;
  const last = bins.at(-1);
  if (!last) return null;
  const max = Math.max(1, ...bins.map((bin) => bin.count));
  const span = last.toMs;
  const xOf = (ms: number) => (ms / span) * WIDTH;
  const markers = [
    { label: 'p50', ms: duration.p50 },
    { label: 'p95', ms: duration.p95 },
  ].filter((m): m is { label: string; ms: number } => m.ms !== null);
  return (
    <div className="relative pt-8">
      {/* One row per marker, each label on the side of its line with more room, so none is cut off or overlaps. */}
      {markers.map((marker, i) => {
        const pct = (marker.ms / span) * 100;
        return (
          <span
            key={marker.label}
            aria-hidden="true"
            className={`absolute text-[10px] font-medium whitespace-nowrap text-zinc-700 dark:text-zinc-300 ${
              i === 0 ? 'top-0' : 'top-3.5'
            } ${pct > 50 ? '-translate-x-full pr-1' : 'pl-1'}`}
            style={{ left: `${pct}%` }}
          >
            {`${marker.label} ${formatMs(marker.ms)}`}
          </span>
        );
      })}
      <ChartFrame width={WIDTH} height={HEIGHT} labelledBy={labelledBy} className="h-24 w-full">
        {bins.map((bin) => {
          const h = (bin.count / max) * (HEIGHT - 2);
          const x = xOf(bin.fromMs);
          const w = Math.max(1, xOf(bin.toMs) - x - 2);
          return (
            <g key={bin.fromMs}>
              <title>{`${formatMs(bin.fromMs)} to ${formatMs(bin.toMs)}: ${bin.count} runs`}</title>
              <rect x={x} y={0} width={w} height={HEIGHT} className="fill-transparent" />
              <rect x={x} y={HEIGHT - h} width={w} height={h} className="fill-indigo-500 dark:fill-indigo-400" />
            </g>
          );
        })}
        {markers.map((marker) => (
          <line
            key={marker.label}
            x1={xOf(marker.ms)}
            x2={xOf(marker.ms)}
            y1={0}
            y2={HEIGHT}
            strokeDasharray="4 3"
            strokeWidth={1.5}
            vectorEffect="non-scaling-stroke"
            className="stroke-zinc-800 dark:stroke-zinc-200"
          />
        ))}
      </ChartFrame>
      <div
        aria-hidden="true"
        className="mt-1 flex justify-between text-[10px] text-zinc-500 tabular-nums dark:text-zinc-400"
      >
        <span>0</span>
        <span>{formatMs(span)}</span>
      </div>
    </div>
  );
}
