import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { GrowTextarea } from '@/components/ui/grow-textarea';
import { Checkbox, Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import type { CellProblem } from '@/batch-engine/batch-types';
import { isFreeText } from '@/lib/free-text';
import type { Prepared } from './prepare-rows';
import { commonCause, type CommonCause } from './common-cause';
import type { PropertyInfo } from './schema-info';
import type { Table } from '@/features/batches/upload/table';

/** One editable cell: commits on blur or Enter, so a re-check does not run on every key. */
function CellEditor({
  id,
  label,
  value,
  message,
  multiline,
  onCommit,
}: {
  id: string;
  label: string;
  value: string;
  message: string;
  /** Free text (notes, a message): a growing multi-line box where Enter is a line break. */
  multiline: boolean;
  onCommit: (v: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const msgId = `${id}-msg`;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1 sm:max-w-xs">
      <label htmlFor={id} className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
        {label}
      </label>
      {multiline ? (
        <GrowTextarea
          id={id}
          value={draft}
          invalid
          minRows={2}
          aria-describedby={msgId}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => draft !== value && onCommit(draft)}
        />
      ) : (
        <Input
          id={id}
          value={draft}
          invalid
          aria-describedby={msgId}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => draft !== value && onCommit(draft)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && draft !== value) onCommit(draft);
          }}
        />
      )}
      <p id={msgId} className="text-xs text-red-700 dark:text-red-400">
        {message}
      </p>
    </div>
  );
}

/** One invalid row's problems: an editor for each bad cell, a message for a field no column fills. */
function RowProblems({
  table,
  rowIndex,
  problems,
  titleOf,
  freeText,
  onEdit,
}: {
  table: Table;
  rowIndex: number;
  problems: readonly CellProblem[];
  titleOf: (property: string) => string;
  freeText: ReadonlySet<string>;
  onEdit: (row: number, column: number, value: string) => void;
}) {
  const cells = table.rows[rowIndex] ?? [];
  return (
    <div className="flex min-w-0 flex-1 flex-wrap gap-3">
      {problems.map((p, k) => {
        const col = p.column === null ? -1 : table.columns.indexOf(p.column);
        if (col < 0) {
          return (
            <p key={k} className="pt-5 text-xs text-red-700 dark:text-red-400">
              {p.property === '' ? 'Input' : titleOf(p.property)}: {p.message} (no column; set it in the mapping)
            </p>
          );
        }
        return (
          <CellEditor
            key={`${k}-${cells[col] ?? ''}`}
            id={`fix-${rowIndex}-${col}`}
            label={`${p.column} (row ${rowIndex + 1})`}
            value={cells[col] ?? ''}
            message={p.message}
            multiline={freeText.has(p.property)}
            onCommit={(value) => onEdit(rowIndex, col, value)}
          />
        );
      })}
    </div>
  );
}

/** The invalid rows, virtualized: only the rows in view are in the page. */
function InvalidRowList({
  table,
  prepared,
  titleOf,
  freeText,
  onEdit,
}: {
  table: Table;
  prepared: Prepared;
  titleOf: (property: string) => string;
  freeText: ReadonlySet<string>;
  onEdit: (row: number, column: number, value: string) => void;
}) {
  const invalid = useMemo(() => [...prepared.problems.keys()].sort((a, b) => a - b), [prepared]);
  const scroller = useRef<HTMLDivElement>(null);
  // Sizes are measured per row and cached by row number, so a re-check that changes which rows are
  // invalid never lays a row out at another row's height (which made error texts overlap).
  // The virtualizer's functions change identity by design; the compiler leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: invalid.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 96,
    getItemKey: (i) => invalid[i] ?? i,
    overscan: 6,
  });
  return (
    <div
      ref={scroller}
      className="max-h-96 overflow-auto rounded-lg border border-zinc-200 dark:border-zinc-800"
      role="list"
      aria-label="Invalid rows"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((v) => {
          const rowIndex = invalid[v.index]!;
          return (
            <div
              key={rowIndex}
              role="listitem"
              ref={virtualizer.measureElement}
              data-index={v.index}
              className="absolute inset-x-0 flex flex-col gap-2 border-b border-zinc-200 px-3 py-2 sm:flex-row sm:items-start dark:border-zinc-800"
              style={{ transform: `translateY(${v.start}px)` }}
              aria-label={`Row ${rowIndex + 1}`}
            >
              <span className="w-16 shrink-0 pt-5 text-xs font-medium text-zinc-500 tabular-nums dark:text-zinc-400">
                Row {rowIndex + 1}
              </span>
              <RowProblems
                table={table}
                rowIndex={rowIndex}
                problems={prepared.problems.get(rowIndex) ?? []}
                titleOf={titleOf}
                freeText={freeText}
                onEdit={onEdit}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** How many rows are valid and invalid, and, when none is valid, why: a type every row fails, or the mapping. */
function CheckSummary({
  stats,
  cause,
  onShowMapping,
}: {
  stats: Prepared['stats'];
  cause: CommonCause | null;
  onShowMapping: () => void;
}) {
  const { valid, invalid: bad, rows } = stats;
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h3 id="validation-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          Check
        </h3>
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-200">
          <span className="font-medium text-emerald-700 dark:text-emerald-400">{valid.toLocaleString()} valid</span>
          {' · '}
          <span className={bad > 0 ? 'font-medium text-red-700 dark:text-red-400' : ''}>
            {bad.toLocaleString()} invalid
          </span>
          <span className="text-zinc-500 dark:text-zinc-400"> of {rows.toLocaleString()} rows, every row checked</span>
        </p>
      </div>
      {bad > 0 && valid === 0 && (
        <Notice
          tone="warning"
          title="No row is valid"
          actions={
            <Button size="sm" onClick={onShowMapping}>
              Check the columns
            </Button>
          }
        >
          {cause !== null ? (
            <>
              {`The columns are matched, but ${cause.rows === bad ? 'every row fails' : `${cause.rows.toLocaleString()} rows fail`} on ${cause.field} (column “${cause.column}”), which takes ${cause.kind}. Row ${cause.row + 1} has “${cause.value}”: ${cause.message}.`}
            </>
          ) : (
            <>
              When every row fails, the columns probably need matching: pick the field each column fills under “Columns
              and fields” above.
            </>
          )}
        </Notice>
      )}
    </>
  );
}

/** Counts, and a virtualized list of the invalid rows with a message under each bad cell. */
export function InvalidRows({
  table,
  props,
  prepared,
  skip,
  onSkip,
  onEdit,
  onDownload,
  onShowMapping,
}: {
  table: Table;
  /** The workflow's fields, so a message names a field by its title. */
  props: readonly PropertyInfo[];
  prepared: Prepared;
  skip: boolean;
  onSkip: (v: boolean) => void;
  onEdit: (row: number, column: number, value: string) => void;
  onDownload: () => void;
  /** Takes the person to the column mapping, offered when no row is valid. */
  onShowMapping: () => void;
}) {
  const { valid, invalid: bad } = prepared.stats;
  const titleOf = (property: string) => props.find((p) => p.name === property)?.title ?? property;
  const freeText = useMemo(
    () => new Set(props.filter((p) => isFreeText(p.schema, p.name)).map((p) => p.name)),
    [props],
  );
  const cause = useMemo(
    () => (valid === 0 ? commonCause(prepared, props, table) : null),
    [valid, prepared, props, table],
  );
  return (
    <section aria-labelledby="validation-heading" className="space-y-3">
      <CheckSummary stats={prepared.stats} cause={cause} onShowMapping={onShowMapping} />
      {bad > 0 && (
        <>
          <div className="flex flex-wrap items-center gap-3">
            {/* Skipping every row would send nothing, so the choice appears only once some row is valid. */}
            {valid > 0 && (
              <Checkbox
                id="skip-invalid"
                checked={skip}
                onChange={(e) => onSkip(e.target.checked)}
                label={`Skip the ${bad.toLocaleString()} invalid row${bad === 1 ? '' : 's'} and send the rest`}
              />
            )}
            <Button size="sm" onClick={onDownload}>
              Download invalid rows (CSV)
            </Button>
          </div>
          <InvalidRowList table={table} prepared={prepared} titleOf={titleOf} freeText={freeText} onEdit={onEdit} />
        </>
      )}
    </section>
  );
}
