import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RotateIcon } from '@/components/ui/icons';
import { Input, Select } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { cn } from '@/lib/cn';
import { rerunRows } from '@/features/batches/batch-runtime';
import { ROW_STATUSES, type BatchRecord, type RowRecord } from '@/features/batches/batch-types';
import { compileRows } from '@/features/batches/mapping/prepare-rows';
import type { JsonSchema } from '@/features/batches/mapping/schema-info';
import { STATUS_STYLE } from '@/features/batches/progress/status-style';
import {
  canEdit,
  checkCells,
  isCancelled,
  isFailed,
  filterRows,
  problemsByColumn,
  textStart,
  type GridFilter,
  type RowCheck,
} from './grid-model';

const W = {
  select: '2.75rem',
  row: '4.25rem',
  cell: '11rem',
  status: '8.5rem',
  attempt: '6.5rem',
  error: '16rem',
  results: '18rem',
};
/**
 * Status and error stay pinned at the right edge on wide screens, so a file with many columns still
 * shows why a row failed beside the cells being fixed; on a phone they scroll with the rest.
 * The offset of the status column is the error column's width (W.error).
 */
const PINNED_STATUS = 'h-full lg:sticky lg:right-[16rem] lg:z-10';
const PINNED_ERROR = 'h-full lg:sticky lg:right-0 lg:z-10 lg:border-l lg:border-zinc-200 lg:dark:border-zinc-800';

/** One editable cell of a failed row: commits on blur or Enter, so checking does not run on every key. */
function CellInput({
  label,
  value,
  message,
  onCommit,
}: {
  label: string;
  value: string;
  message: string | undefined;
  onCommit: (v: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  // A new committed value (a re-check, another tab) replaces the draft.
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  return (
    <div className="min-w-0 space-y-1">
      <Input
        aria-label={label}
        value={draft}
        invalid={message !== undefined}
        aria-describedby={message !== undefined ? `${id}-msg` : undefined}
        className="h-8 px-2 text-xs"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => draft !== value && onCommit(draft)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && draft !== value) onCommit(draft);
        }}
      />
      {message !== undefined && (
        <p id={`${id}-msg`} className="text-xs break-words text-red-700 dark:text-red-400">
          {message}
        </p>
      )}
    </div>
  );
}

/** The attempts before the current one, oldest first, with their errors. */
function History({ workflowId, row }: { workflowId: string; row: RowRecord }) {
  const past = row.attempts ?? [];
  return (
    <div className="space-y-2 border-t border-zinc-200 bg-zinc-50/70 px-3 py-2 text-xs dark:border-zinc-800 dark:bg-zinc-900/50">
      {row.error !== undefined && (
        <p className="break-words whitespace-pre-wrap text-zinc-700 dark:text-zinc-200">
          <span className="font-medium">Error (attempt {row.attempt}): </span>
          {row.error}
        </p>
      )}
      {past.length > 0 && (
        <ol className="space-y-1" aria-label={`Earlier attempts of row ${row.index + 1}`}>
          {past.map((a) => (
            <li key={a.attempt} className="flex flex-wrap items-baseline gap-x-2 text-zinc-600 dark:text-zinc-300">
              <span className="font-medium">Attempt {a.attempt}</span>
              <Badge tone={STATUS_STYLE[a.status].tone}>{STATUS_STYLE[a.status].label}</Badge>
              <Link
                to="/workflows/$workflowId/executions/$executionId"
                params={{ workflowId, executionId: a.executionId }}
                className="text-indigo-700 hover:underline dark:text-indigo-300"
              >
                execution
              </Link>
              {a.error !== undefined && <span className="min-w-0 break-words">{a.error}</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The batch as a spreadsheet: the uploaded columns, then status, attempt, error and result files,
 * virtualized for 10,000 rows. Failed rows are edited in place (checked as on upload) and re-run
 * as the next attempt of the same row.
 */
export function BatchGrid({
  batch,
  rows,
  schema,
  workflowId,
}: {
  batch: BatchRecord;
  rows: readonly RowRecord[];
  /** undefined while the workflow loads: nothing is checked or re-run before its schema is known. */
  schema: JsonSchema | null | undefined;
  workflowId: string;
}) {
  const filterId = useId();
  const searchId = useId();
  const [filter, setFilter] = useState<GridFilter>('all');
  const [query, setQuery] = useState('');
  const [edits, setEdits] = useState<ReadonlyMap<number, string[]>>(new Map());
  const [checks, setChecks] = useState<ReadonlyMap<number, RowCheck>>(new Map());
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger' | 'warning'; text: string } | null>(null);

  const compile = useMemo(() => {
    if (schema === undefined) return undefined;
    try {
      return compileRows(batch.columns, schema, batch.mapping);
    } catch {
      return null;
    }
  }, [batch.columns, batch.mapping, schema]);
  const shown = useMemo(() => filterRows(rows, filter, query), [rows, filter, query]);
  const failed = useMemo(() => rows.filter(isFailed), [rows]);
  const cancelledCount = useMemo(() => rows.filter(isCancelled).length, [rows]);
  const counts = batch.counts;

  const columns = batch.columns;
  const order = [W.select, W.row, ...columns.map(() => W.cell), W.results, W.attempt, W.status, W.error];
  const template = order.join(' ');
  // Absolutely placed rows do not size their parent, so the grid's width is set from its columns.
  const width = `calc(${order.join(' + ')})`;
  const gridStyle: CSSProperties = { gridTemplateColumns: template };

  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer's functions change identity by design; the compiler leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 52,
    // Heights are measured (edited rows grow with their messages) and cached by row, not by position.
    getItemKey: (i) => shown[i]?.index ?? i,
    overscan: 10,
  });

  const cellsOf = (r: RowRecord): string[] => edits.get(r.index) ?? r.cells;
  const commit = (r: RowRecord, column: number, value: string) => {
    const cells = [...cellsOf(r)];
    cells[column] = value;
    setEdits((m) => new Map(m).set(r.index, cells));
    if (compile != null) setChecks((m) => new Map(m).set(r.index, checkCells(compile, cells)));
    setSelected((s) => new Set(s).add(r.index));
  };
  const toggle = (set: ReadonlySet<number>, index: number): Set<number> => {
    const next = new Set(set);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    return next;
  };

  const rerun = async (targets: readonly RowRecord[]) => {
    if (compile === undefined)
      return setMessage({ tone: 'warning', text: 'The workflow is still loading; try again in a moment.' });
    if (compile === null)
      return setMessage({
        tone: 'danger',
        text: 'The workflow’s input schema cannot be used to check rows, so nothing was re-run.',
      });
    const ready: { index: number; input: Record<string, unknown>; cells: string[] }[] = [];
    const blocked: number[] = [];
    for (const r of targets) {
      const cells = cellsOf(r);
      const check = checkCells(compile, cells);
      if (check.problems.length > 0) {
        blocked.push(r.index);
        setChecks((m) => new Map(m).set(r.index, check));
      } else ready.push({ index: r.index, input: check.input, cells });
    }
    if (ready.length === 0) {
      setMessage({
        tone: 'warning',
        text: `Nothing was re-run: ${blocked.length === 1 ? `row ${blocked[0]! + 1} still has a problem` : `${blocked.length.toLocaleString()} rows still have problems`}. Fix the fields marked in red.`,
      });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      // Edited cells go with the input, so the results export shows what was sent.
      await rerunRows(
        batch.id,
        ready.map(({ index, input, cells }) => (edits.has(index) ? { index, input, cells } : { index, input })),
      );
      const done = new Set(ready.map((t) => t.index));
      const keep = <T,>(m: ReadonlyMap<number, T>) => new Map([...m].filter(([i]) => !done.has(i)));
      setEdits(keep);
      setChecks(keep);
      setSelected((s) => new Set([...s].filter((i) => !done.has(i))));
      const skippedNote =
        blocked.length > 0
          ? ` ${blocked.length.toLocaleString()} with problems ${blocked.length === 1 ? 'was' : 'were'} not sent.`
          : '';
      setMessage({
        tone: blocked.length > 0 ? 'warning' : 'success',
        text: `Re-running ${ready.length.toLocaleString()} row${ready.length === 1 ? '' : 's'} as a new attempt in this batch.${skippedNote}`,
      });
    } catch (e) {
      setMessage({ tone: 'danger', text: `The rows were not re-run: ${e instanceof Error ? e.message : String(e)}` });
    } finally {
      setBusy(false);
    }
  };

  const selectedRows = rows.filter((r) => canEdit(r) && selected.has(r.index));
  const shownFailed = shown.filter(canEdit);
  const allShownSelected = shownFailed.length > 0 && shownFailed.every((r) => selected.has(r.index));

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={filterId} className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
            Status
          </label>
          <Select
            id={filterId}
            value={filter}
            onChange={(e) => setFilter(e.target.value as GridFilter)}
            className="h-8 w-auto text-sm"
          >
            <option value="all">All rows ({rows.length.toLocaleString()})</option>
            {ROW_STATUSES.filter((s) => counts[s] > 0 || s === filter).map((s) => (
              <option key={s} value={s}>
                {STATUS_STYLE[s].label} ({counts[s].toLocaleString()})
              </option>
            ))}
            {cancelledCount > 0 && (
              <>
                <option value="failed">
                  Failed, not cancelled ({(counts.error - cancelledCount).toLocaleString()})
                </option>
                <option value="cancelled">Cancelled ({cancelledCount.toLocaleString()})</option>
              </>
            )}
          </Select>
        </div>
        <div className="flex min-w-40 flex-1 flex-col gap-1 sm:max-w-xs">
          <label htmlFor={searchId} className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
            Search rows
          </label>
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Cells, errors, results…"
            className="h-8"
          />
        </div>
        <p className="pb-1.5 text-xs text-zinc-500 dark:text-zinc-400" aria-live="polite">
          Showing {shown.length.toLocaleString()} of {rows.length.toLocaleString()} rows
        </p>
      </div>

      {(failed.length > 0 || selectedRows.length > 0) && (
        <div className="flex flex-wrap items-center gap-2 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 dark:border-zinc-800 dark:bg-zinc-900/60">
          <p className="mr-auto text-sm text-zinc-700 dark:text-zinc-200">
            {failed.length.toLocaleString()} failed row{failed.length === 1 ? '' : 's'}: edit cells below, then re-run.
            Rows never sent can be selected and sent too.
          </p>
          <Button size="sm" disabled={selectedRows.length === 0} busy={busy} onClick={() => void rerun(selectedRows)}>
            <RotateIcon />
            Re-run selected ({selectedRows.length.toLocaleString()})
          </Button>
          <Button
            size="sm"
            variant="primary"
            busy={busy}
            disabled={failed.length === 0}
            onClick={() => void rerun(failed)}
          >
            <RotateIcon />
            Re-run all failed ({failed.length.toLocaleString()})
          </Button>
        </div>
      )}
      {message !== null && (
        <Notice tone={message.tone} role={message.tone === 'danger' ? 'alert' : 'status'}>
          {message.text}
        </Notice>
      )}

      <div
        ref={scroller}
        className="h-[28rem] overflow-auto rounded-lg border border-zinc-200 bg-white [overflow-anchor:none] dark:border-zinc-800 dark:bg-zinc-950"
        role="table"
        aria-label="Rows of this batch"
        aria-rowcount={shown.length + 1}
        tabIndex={0}
      >
        <div role="rowgroup" className="sticky top-0 z-20 min-w-full" style={{ width }}>
          <div
            role="row"
            aria-rowindex={1}
            className="grid items-center border-b border-zinc-200 bg-zinc-50 text-xs font-medium text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
            style={gridStyle}
          >
            <span
              role="columnheader"
              className="sticky left-0 z-10 flex h-9 items-center justify-center bg-zinc-50 dark:bg-zinc-900"
            >
              <input
                type="checkbox"
                className="size-4 accent-indigo-600"
                aria-label="Select every failed or unsent row shown"
                disabled={shownFailed.length === 0}
                checked={allShownSelected}
                onChange={() =>
                  setSelected(
                    allShownSelected
                      ? new Set([...selected].filter((i) => !shownFailed.some((r) => r.index === i)))
                      : new Set([...selected, ...shownFailed.map((r) => r.index)]),
                  )
                }
              />
            </span>
            <span
              role="columnheader"
              className="sticky z-10 bg-zinc-50 px-2 py-2 dark:bg-zinc-900"
              style={{ left: W.select }}
            >
              Row
            </span>
            {columns.map((c) => (
              <span key={c} role="columnheader" className="truncate px-2 py-2 normal-case" title={c}>
                {c}
              </span>
            ))}
            <span role="columnheader" className="px-2 py-2">
              Results
            </span>
            <span role="columnheader" className="px-2 py-2">
              Attempt
            </span>
            <span role="columnheader" className={cn('px-2 py-2', PINNED_STATUS, 'bg-zinc-50 dark:bg-zinc-900')}>
              Status
            </span>
            <span role="columnheader" className={cn('px-2 py-2', PINNED_ERROR, 'bg-zinc-50 dark:bg-zinc-900')}>
              Error
            </span>
          </div>
        </div>
        <div role="rowgroup" className="relative min-w-full" style={{ height: virtualizer.getTotalSize(), width }}>
          {shown.length === 0 && <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">No row matches.</p>}
          {virtualizer.getVirtualItems().map((v) => {
            const r = shown[v.index]!;
            const editable = canEdit(r);
            const cells = cellsOf(r);
            const check = checks.get(r.index);
            const { byColumn, other } = problemsByColumn(check?.problems ?? []);
            const textResult = r.status === 'finished' ? textStart(r.results) : null;
            const files = r.status === 'finished' ? (r.results ?? []) : [];
            const expandable = r.error !== undefined || (r.attempts?.length ?? 0) > 0;
            const expanded = open.has(r.index);
            const zebra = selected.has(r.index) ? 'bg-indigo-50 dark:bg-indigo-500/10' : 'bg-white dark:bg-zinc-950';
            return (
              <div
                key={r.index}
                ref={virtualizer.measureElement}
                data-index={v.index}
                role="row"
                aria-rowindex={v.index + 2}
                aria-label={`Row ${r.index + 1}`}
                className={cn('absolute top-0 left-0 w-full border-b border-zinc-100 dark:border-zinc-800/70', zebra)}
                style={{ transform: `translateY(${v.start}px)` }}
              >
                <div className="grid items-start text-sm" style={gridStyle}>
                  <span
                    role="cell"
                    className={cn('sticky left-0 z-10 flex h-full min-h-11 items-start justify-center pt-3', zebra)}
                  >
                    {editable && (
                      <input
                        type="checkbox"
                        className="size-4 accent-indigo-600"
                        aria-label={`Select row ${r.index + 1}`}
                        checked={selected.has(r.index)}
                        onChange={() => setSelected((s) => toggle(s, r.index))}
                      />
                    )}
                  </span>
                  <span
                    role="cell"
                    className={cn(
                      'sticky z-10 h-full px-2 pt-3 text-xs text-zinc-500 tabular-nums dark:text-zinc-400',
                      zebra,
                    )}
                    style={{ left: W.select }}
                  >
                    {r.index + 1}
                  </span>
                  {columns.map((c, ci) => (
                    <span key={c} role="cell" className="min-w-0 px-2 py-2">
                      {editable ? (
                        <CellInput
                          label={`${c}, row ${r.index + 1}`}
                          value={cells[ci] ?? ''}
                          message={byColumn.get(c)}
                          onCommit={(value) => commit(r, ci, value)}
                        />
                      ) : (
                        <span className="block truncate pt-1 text-zinc-800 dark:text-zinc-200" title={cells[ci]}>
                          {cells[ci] ?? ''}
                        </span>
                      )}
                    </span>
                  ))}
                  <span role="cell" className="min-w-0 px-2 py-2 text-xs">
                    {files.length > 0 && (
                      <span className="flex flex-wrap gap-x-2 gap-y-0.5 pt-0.5">
                        {files.slice(0, 3).map((f) => (
                          <a
                            key={f.filename}
                            href={f.url}
                            target="_blank"
                            rel="noopener noreferrer"
                            className="truncate font-mono text-indigo-700 hover:underline dark:text-indigo-300"
                            title={f.filename}
                          >
                            {f.filename}
                          </a>
                        ))}
                        {files.length > 3 && (
                          <span className="text-zinc-500 dark:text-zinc-400">+{files.length - 3} more</span>
                        )}
                      </span>
                    )}
                    {textResult !== null && (
                      <span className="mt-0.5 block truncate text-zinc-500 dark:text-zinc-400" title={textResult}>
                        {textResult}
                      </span>
                    )}
                    {r.status === 'finished' && r.results === undefined && (
                      <span className="text-zinc-400 dark:text-zinc-500">files not fetched yet</span>
                    )}
                  </span>
                  <span role="cell" className="px-2 py-2 text-xs text-zinc-600 dark:text-zinc-300">
                    <span className="block pt-1 tabular-nums">
                      {r.attempt > 1 ? `${r.attempt} of ${r.attempt}` : '1'}
                    </span>
                    {expandable && (
                      <button
                        type="button"
                        className="mt-0.5 text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
                        aria-expanded={expanded}
                        aria-label={`${expanded ? 'Hide' : 'Show'} details of row ${r.index + 1}`}
                        onClick={() => setOpen((s) => toggle(s, r.index))}
                      >
                        {expanded ? 'Hide' : (r.attempts?.length ?? 0) > 0 ? 'History' : 'Details'}
                      </button>
                    )}
                  </span>
                  <span role="cell" className={cn('px-2 py-2', PINNED_STATUS, zebra)}>
                    {r.executionId !== undefined ? (
                      <Link
                        to="/workflows/$workflowId/executions/$executionId"
                        params={{ workflowId, executionId: r.executionId }}
                        aria-label={`Row ${r.index + 1}: ${STATUS_STYLE[r.status].label}, open its execution`}
                        className="rounded-full focus-visible:outline-2 focus-visible:outline-indigo-500"
                      >
                        <Badge tone={STATUS_STYLE[r.status].tone}>{STATUS_STYLE[r.status].label}</Badge>
                      </Link>
                    ) : (
                      <Badge tone={STATUS_STYLE[r.status].tone}>{STATUS_STYLE[r.status].label}</Badge>
                    )}
                    {edits.has(r.index) && (
                      <span className="mt-1 block text-[11px] text-amber-700 dark:text-amber-400">edited</span>
                    )}
                  </span>
                  <span role="cell" className={cn('min-w-0 px-2 py-2 text-xs', PINNED_ERROR, zebra)}>
                    {r.error !== undefined && (
                      <span className="line-clamp-2 pt-0.5 break-words text-red-700 dark:text-red-400" title={r.error}>
                        {r.error}
                      </span>
                    )}
                    {other.map((m) => (
                      <span key={m} className="mt-1 block break-words text-red-700 dark:text-red-400">
                        {m}
                      </span>
                    ))}
                  </span>
                </div>
                {expanded && (
                  <div
                    role="cell"
                    aria-label={`Details of row ${r.index + 1}`}
                    className="sticky left-0 w-[min(100%,48rem)]"
                  >
                    <History workflowId={workflowId} row={r} />
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
