import { Link } from '@tanstack/react-router';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { ChevronRightIcon } from '@/components/ui/icons';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatDuration } from '@/lib/format-time';
import type { ListedExecution } from '@/server-state/runs';
import { actorName } from './actor-name';
import { rejectionOf, rejectionSentence } from './rejections';
import { StatusBadge } from './status-badge';

/** A run as a list shows it: the server's item plus what this browser knows about it. */
export type RunRow = ListedExecution & {
  workflow_name?: string;
  annotation?: {
    inputSummary?: string;
    /** `row` counts from 1, as a person does. */
    batch?: { batchId: string; fileName: string; row: number };
  };
};

/** How long a finished run took, where the item says when it started and ended. */
function durationOf(row: Pick<ListedExecution, 'started_at' | 'finished_at'>): number | null {
  if (!row.started_at || !row.finished_at) return null;
  const ms = Date.parse(row.finished_at) - Date.parse(row.started_at);
  return Number.isFinite(ms) ? Math.max(0, ms) : null;
}

/** Past this many rows only those near the viewport are rendered. */
const VIRTUALIZE_FROM = 150;
const ESTIMATED_ROW_PX = 64;

/** Runs told apart: status, id, what went in (this browser's journals), batch row, error, duration, age. */
export function ExecutionList({ rows, showWorkflow = false }: { rows: RunRow[]; showWorkflow?: boolean }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  useEffect(() => setOffset(listRef.current?.offsetTop ?? 0), []);
  const virtual = rows.length >= VIRTUALIZE_FROM;
  const virtualizer = useWindowVirtualizer({
    count: virtual ? rows.length : 0,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 10,
    scrollMargin: offset,
  });
  const listClass =
    'overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900';
  const itemClass = 'border-b border-zinc-200 last:border-b-0 dark:border-zinc-800';

  if (!virtual) {
    return (
      <ul ref={listRef} aria-label="Runs" className={listClass}>
        {rows.map((row) => (
          <li key={row.id} className={itemClass}>
            <RunRowLink row={row} showWorkflow={showWorkflow} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul
      ref={listRef}
      aria-label="Runs"
      className={`relative ${listClass}`}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index]!;
        return (
          <li
            key={row.id}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={`absolute inset-x-0 top-0 ${itemClass}`}
            style={{ transform: `translateY(${item.start - offset}px)` }}
          >
            <RunRowLink row={row} showWorkflow={showWorkflow} />
          </li>
        );
      })}
    </ul>
  );
}

function RunRowLink({ row, showWorkflow }: { row: RunRow; showWorkflow: boolean }) {
  const duration = durationOf(row);
  const batch = row.annotation?.batch;
  const input = row.annotation?.inputSummary;
  const rejection = rejectionOf(row, row.error);
  return (
    <Link
      to="/workflows/$workflowId/executions/$executionId"
      params={{ workflowId: row.workflow_id, executionId: row.id }}
      className="group flex flex-wrap items-start gap-x-3 gap-y-1.5 px-4 py-3 hover:bg-zinc-50 focus-visible:bg-zinc-50 sm:flex-nowrap sm:items-center sm:px-5 dark:hover:bg-zinc-800/60 dark:focus-visible:bg-zinc-800/60"
    >
      {/* On a phone the badge heads the card with the time beside it, rather than floating beside the text. */}
      <div className="flex w-full shrink-0 items-center justify-between gap-2 sm:w-44">
        <StatusBadge status={row.status} rejected={!!rejection} />
        <RelativeTime iso={row.created_at} className="text-xs text-zinc-500 sm:hidden dark:text-zinc-400" />
      </div>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex min-w-0 items-baseline gap-2">
          {showWorkflow && (
            <span className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
              {row.workflow_name ?? 'Workflow ' + row.workflow_id.slice(0, 8)}
            </span>
          )}
          {/* A short id keeps its eight characters (they find the run); the name gives way instead. */}
          <span
            className={`font-mono text-xs text-zinc-600 dark:text-zinc-400 ${showWorkflow ? 'shrink-0' : 'truncate'}`}
            title={row.id}
          >
            {showWorkflow ? row.id.slice(0, 8) : row.id}
          </span>
        </p>
        {row.started_by && (
          <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">Started by {actorName(row.started_by)}</p>
        )}
        {(batch || input) && (
          <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
            {batch && (
              <span className="mr-2 font-medium text-indigo-700 dark:text-indigo-300">
                row {batch.row} of {batch.fileName}
              </span>
            )}
            {input && <span>{input}</span>}
          </p>
        )}
        {rejection ? (
          <p className="line-clamp-2 text-xs break-words text-zinc-600 sm:line-clamp-1 dark:text-zinc-400">
            {rejectionSentence(rejection)}
          </p>
        ) : (
          row.status === 'error' &&
          row.error && (
            <p className="line-clamp-2 text-xs break-words text-red-700 sm:line-clamp-1 dark:text-red-400">
              {row.error}
            </p>
          )
        )}
        {duration !== null && (
          <p className="text-xs text-zinc-500 sm:hidden dark:text-zinc-400">Took {formatDuration(duration)}</p>
        )}
      </div>
      <span className="hidden w-16 shrink-0 text-right text-xs text-zinc-500 tabular-nums sm:block dark:text-zinc-400">
        {duration !== null ? (
          <span title="Duration">{formatDuration(duration)}</span>
        ) : (
          <span aria-hidden="true">—</span>
        )}
      </span>
      <RelativeTime
        iso={row.created_at}
        className="hidden w-28 shrink-0 text-right text-xs text-zinc-500 sm:block dark:text-zinc-400"
      />
      <ChevronRightIcon className="mt-1 shrink-0 text-zinc-400 sm:mt-0" />
    </Link>
  );
}
