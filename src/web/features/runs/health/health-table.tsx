import { bucketLabel, STACK_ORDER, STATUS_STYLE } from './runs-chart';
import { formatMs } from '@/lib/format-ms';
import type { HealthFigures } from './health-figures';

/** The charts' figures as tables: the text alternative for screen readers and for anyone who would rather read. */
export function HealthTable({ figures }: { figures: HealthFigures }) {
  const shown = figures.buckets.filter((b) => STACK_ORDER.some((s) => b.counts[s] > 0));
  const cell = 'px-2 py-1 text-right tabular-nums';
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-xs font-medium text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
        Show the figures as tables
      </summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-xs text-zinc-700 dark:text-zinc-300">
          <caption className="py-1 text-left text-zinc-500 dark:text-zinc-400">
            Runs per {figures.bucket} with at least one run
          </caption>
          <thead>
            <tr className="border-b border-zinc-200 dark:border-zinc-800">
              <th scope="col" className="px-2 py-1 text-left font-medium">
                {figures.bucket === 'hour' ? 'Hour' : 'Day'}
              </th>
              {STACK_ORDER.map((status) => (
                <th key={status} scope="col" className="px-2 py-1 text-right font-medium">
                  {STATUS_STYLE[status].label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((bucket) => (
              <tr key={bucket.startMs} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60">
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {bucketLabel(bucket.startMs, figures.bucket)}
                </th>
                {STACK_ORDER.map((status) => (
                  <td key={status} className={cell}>
                    {bucket.counts[status]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {figures.duration.histogram.length > 0 && (
          <table className="mt-3 w-full text-xs text-zinc-700 dark:text-zinc-300">
            <caption className="py-1 text-left text-zinc-500 dark:text-zinc-400">Ended runs by duration</caption>
            <thead>
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th scope="col" className="px-2 py-1 text-left font-medium">
                  Duration
                </th>
                <th scope="col" className="px-2 py-1 text-right font-medium">
                  Runs
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.duration.histogram.map((bin) => (
                <tr key={bin.fromMs} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60">
                  <th scope="row" className="px-2 py-1 text-left font-normal">
                    {formatMs(bin.fromMs)} to {formatMs(bin.toMs)}
                  </th>
                  <td className={cell}>{bin.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </details>
  );
}
