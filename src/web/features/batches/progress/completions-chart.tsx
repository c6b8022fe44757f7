/**
 * A small line of rows done over time, from the journal's samples (inline SVG, no chart library).
 * The figures say `done`, the count the rest of the page shows, even where the samples lag behind
 * it (a batch read from a server that gave no run times has none).
 */
export function CompletionsChart({
  samples,
  done,
  total,
  start,
  paused = false,
}: {
  samples: readonly [number, number][];
  done: number;
  total: number;
  start: number;
  paused?: boolean;
}) {
  const W = 320;
  const H = 80;
  const points: [number, number][] = [[start, 0], ...samples];
  const last = points[points.length - 1]!;
  const span = Math.max(1, last[0] - start);
  const path = points
    .map(([t, n]) => `${(((t - start) / span) * W).toFixed(1)},${(H - (n / Math.max(1, total)) * H).toFixed(1)}`)
    .join(' ');
  const minutes = Math.max(1, Math.round(span / 60_000));
  return (
    <figure className="space-y-1">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        className="h-20 w-full overflow-visible"
        role="img"
        aria-label={`Completions over time: ${done.toLocaleString()} of ${total.toLocaleString()} rows done in about ${minutes} minute${minutes === 1 ? '' : 's'}`}
      >
        <line
          x1="0"
          y1={H}
          x2={W}
          y2={H}
          className="stroke-zinc-300 dark:stroke-zinc-700"
          strokeWidth="1"
          vectorEffect="non-scaling-stroke"
        />
        <line
          x1="0"
          y1="0"
          x2={W}
          y2="0"
          className="stroke-zinc-200 dark:stroke-zinc-800"
          strokeWidth="1"
          strokeDasharray="3 3"
          vectorEffect="non-scaling-stroke"
        />
        {samples.length > 0 && (
          <polyline
            points={path}
            fill="none"
            className="stroke-emerald-500 dark:stroke-emerald-400"
            strokeWidth="2"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
      <figcaption className="flex justify-between text-xs text-zinc-500 dark:text-zinc-400">
        <span>Rows done over time{paused ? ' · paused while the server is not answering' : ''}</span>
        <span>
          {done.toLocaleString()} / {total.toLocaleString()}
        </span>
      </figcaption>
    </figure>
  );
}
