import { formatMs } from '@/lib/format-ms';
import type { HealthFigures } from './health-figures';

const WIDTH = 600;
const HEIGHT = 120;
const AXIS = 18;

/** How many runs took how long, with p50 and p95 marked. The panel's figures say the same in words. */
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
  const plot = HEIGHT - AXIS;
  const xOf = (ms: number) => (ms / span) * WIDTH;
  const markers = [
    { label: 'p50', ms: duration.p50 },
    { label: 'p95', ms: duration.p95 },
  ].filter((m): m is { label: string; ms: number } => m.ms !== null);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={labelledBy}
      className="h-32 w-full overflow-visible"
    >
      <line x1={0} x2={WIDTH} y1={plot} y2={plot} className="stroke-zinc-300 dark:stroke-zinc-700" strokeWidth={1} />
      {bins.map((bin) => {
        const h = (bin.count / max) * (plot - 14);
        const x = xOf(bin.fromMs);
        const w = Math.max(1, xOf(bin.toMs) - x - 2);
        return (
          <g key={bin.fromMs}>
            <title>{`${formatMs(bin.fromMs)} to ${formatMs(bin.toMs)}: ${bin.count} runs`}</title>
            <rect x={x} y={0} width={w} height={plot} className="fill-transparent" />
            <rect x={x} y={plot - h} width={w} height={h} className="fill-indigo-500 dark:fill-indigo-400" />
          </g>
        );
      })}
      {markers.map((marker, i) => (
        <g key={marker.label}>
          <line
            x1={xOf(marker.ms)}
            x2={xOf(marker.ms)}
            y1={12}
            y2={plot}
            strokeDasharray="4 3"
            strokeWidth={1.5}
            className="stroke-zinc-800 dark:stroke-zinc-200"
          />
          <text
            x={xOf(marker.ms) + (i === 0 ? -4 : 4)}
            y={10}
            textAnchor={i === 0 ? 'end' : 'start'}
            className="fill-zinc-700 text-[10px] font-medium dark:fill-zinc-300"
          >
            {`${marker.label} ${formatMs(marker.ms)}`}
          </text>
        </g>
      ))}
      <text x={0} y={HEIGHT - 4} className="fill-zinc-500 text-[10px] dark:fill-zinc-400">
        0
      </text>
      <text x={WIDTH} y={HEIGHT - 4} textAnchor="end" className="fill-zinc-500 text-[10px] dark:fill-zinc-400">
        {formatMs(span)}
      </text>
    </svg>
  );
}
