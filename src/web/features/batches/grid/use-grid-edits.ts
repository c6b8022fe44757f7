import { useMemo, useState } from 'react';
import { rerunRows } from '@/batch-engine/batch-runtime';
import type { BatchRecord, RowRecord } from '@/batch-engine/batch-types';
import { compileRows } from '@/features/batches/mapping/prepare-rows';
import type { JsonSchema } from '@/features/batches/mapping/schema-info';
import { checkCells, type RowCheck } from './grid-model';

export interface GridMessage {
  tone: 'success' | 'danger' | 'warning';
  text: string;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * The grid's edits of failed rows: cells changed in place (checked as on upload), the rows
 * selected, and the re-run of the ready ones as the next attempt of the same rows.
 */
export function useGridEdits(batch: BatchRecord, schema: JsonSchema | null | undefined) {
  const [edits, setEdits] = useState<ReadonlyMap<number, string[]>>(new Map());
  const [checks, setChecks] = useState<ReadonlyMap<number, RowCheck>>(new Map());
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<GridMessage | null>(null);

  // undefined while the schema loads; null when it cannot be used to check rows.
  const compile = useMemo(() => {
    if (schema === undefined) return undefined;
    try {
      return compileRows(batch.columns, schema, batch.mapping);
    } catch {
      return null;
    }
  }, [batch.columns, batch.mapping, schema]);

  const cellsOf = (r: RowRecord): string[] => edits.get(r.index) ?? r.cells;
  const commit = (r: RowRecord, column: number, value: string) => {
    const cells = [...cellsOf(r)];
    cells[column] = value;
    setEdits((m) => new Map(m).set(r.index, cells));
    if (compile != null) setChecks((m) => new Map(m).set(r.index, checkCells(compile, cells)));
    setSelected((s) => new Set(s).add(r.index));
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
      const keep = <T>(m: ReadonlyMap<number, T>) => new Map([...m].filter(([i]) => !done.has(i)));
      setEdits(keep);
      setChecks(keep);
      setSelected((s) => new Set([...s].filter((i) => !done.has(i))));
      const skippedNote =
        blocked.length > 0
          ? ` ${blocked.length.toLocaleString()} with problems ${plural(blocked.length, 'was', 'were')} not sent.`
          : '';
      setMessage({
        tone: blocked.length > 0 ? 'warning' : 'success',
        text: `Re-running ${ready.length.toLocaleString()} row${plural(ready.length, '', 's')} as a new attempt in this batch.${skippedNote}`,
      });
    } catch (e) {
      setMessage({ tone: 'danger', text: `The rows were not re-run: ${e instanceof Error ? e.message : String(e)}` });
    } finally {
      setBusy(false);
    }
  };

  return { edits, checks, selected, setSelected, busy, message, cellsOf, commit, rerun };
}
