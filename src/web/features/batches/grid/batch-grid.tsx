import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Select } from '../../../components/ui/input';
import { ROW_STATUSES, type RowRecord, type RowStatus } from '../batch-types';
import { STATUS_STYLE } from '../progress/status-style';

const preview = (r: RowRecord): string => {
  const text = Object.keys(r.input).length > 0 ? JSON.stringify(r.input) : r.cells.join(', ');
  return text.length > 90 ? `${text.slice(0, 90)}…` : text || '(no input)';
};

/** Every row of the batch: number, a short input preview, status and a link to its execution (virtualized). */
export function BatchRowsTable({ workflowId, rows }: { workflowId: string; rows: readonly RowRecord[] }) {
  const [filter, setFilter] = useState<RowStatus | 'all'>('all');
  const filterId = useId();
  const shown = useMemo(() => (filter === 'all' ? rows : rows.filter((r) => r.status === filter)), [rows, filter]);
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer's functions change identity by design; the compiler leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: shown.length, getScrollElement: () => scroller.current, estimateSize: () => 40, overscan: 12 });
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-2">
        <label htmlFor={filterId} className="text-sm text-zinc-600 dark:text-zinc-300">
          Show
        </label>
        <Select id={filterId} value={filter} onChange={(e) => setFilter(e.target.value as RowStatus | 'all')} className="w-auto">
          <option value="all">All rows ({rows.length.toLocaleString()})</option>
          {ROW_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_STYLE[s].label}
            </option>
          ))}
        </Select>
      </div>
      <div ref={scroller} className="h-96 overflow-auto rounded-lg border border-zinc-200 dark:border-zinc-800" role="table" aria-label="Rows of this batch" aria-rowcount={shown.length + 1}>
        <div role="rowgroup" className="sticky top-0 z-10 bg-zinc-50 text-xs text-zinc-500 uppercase dark:bg-zinc-900 dark:text-zinc-400">
          <div role="row" className="grid grid-cols-[3rem_1fr_6.5rem_3rem] gap-2 px-3 py-2 sm:grid-cols-[4rem_1fr_7.5rem_5rem]">
            <span role="columnheader">Row</span>
            <span role="columnheader">Input</span>
            <span role="columnheader">Status</span>
            <span role="columnheader">
              Execution
            </span>
          </div>
        </div>
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const r = shown[v.index]!;
            return (
              <div
                key={r.index}
                role="row"
                aria-rowindex={v.index + 2}
                className="absolute inset-x-0 grid grid-cols-[3rem_1fr_6.5rem_3rem] items-center gap-2 border-b border-zinc-100 px-3 text-sm sm:grid-cols-[4rem_1fr_7.5rem_5rem] dark:border-zinc-800/70"
                style={{ height: v.size, transform: `translateY(${v.start}px)` }}
              >
                <span role="cell" className="text-zinc-500 tabular-nums dark:text-zinc-400">
                  {r.index + 1}
                </span>
                <span role="cell" className="truncate font-mono text-xs text-zinc-700 dark:text-zinc-300" title={r.error ?? preview(r)}>
                  {preview(r)}
                </span>
                <span role="cell">
                  <Badge tone={STATUS_STYLE[r.status].tone}>{STATUS_STYLE[r.status].label}</Badge>
                </span>
                <span role="cell" className="truncate">
                  {r.executionId !== undefined ? (
                    <Link
                      to="/workflows/$workflowId/executions/$executionId"
                      params={{ workflowId, executionId: r.executionId }}
                      className="text-indigo-700 hover:underline dark:text-indigo-300"
                      aria-label={`Execution of row ${r.index + 1}`}
                    >
                      Open
                    </Link>
                  ) : (
                    <span className="text-zinc-400">—</span>
                  )}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
