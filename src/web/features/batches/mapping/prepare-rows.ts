import { coerceCell } from './coerce';
import type { CellProblem, Mapping } from '@/batch-engine/batch-types';
import { schemaProperties, type JsonSchema, type PropertyInfo } from './schema-info';
import type { Table } from '@/features/batches/upload/table';
import { compileValidator } from './validate-rows';

export interface Prepared {
  /** One input per table row, in order (invalid rows included, as far as they could be built). */
  inputs: Record<string, unknown>[];
  /** Problems by row index; rows not present are valid. */
  problems: Map<number, CellProblem[]>;
  stats: { rows: number; valid: number; invalid: number; ms: number };
}

/** Everything needed to turn a row into an input, computed once per (table, schema, mapping). */
export interface RowCompiler {
  (cells: readonly string[]): { input: Record<string, unknown>; problems: CellProblem[] };
}

export function compileRows(columns: readonly string[], schema: JsonSchema | null, mapping: Mapping): RowCompiler {
  const props = schemaProperties(schema);
  const validate = compileValidator(schema);
  const propByName = new Map<string, PropertyInfo>(props.map((p) => [p.name, p]));
  const open = props.length === 0;
  const targets = columns
    .map((column, i) => ({ i, column, property: mapping.columns[column] ?? null }))
    .filter((t): t is { i: number; column: string; property: string } => t.property !== null);
  const columnOf = new Map(targets.map((t) => [t.property, t.column]));
  const filled = new Set(targets.map((t) => t.property));
  const constants: [string, unknown][] = [];
  for (const p of props) {
    const raw = mapping.constants[p.name];
    if (filled.has(p.name) || raw === undefined) continue;
    const c = coerceCell(raw, p.schema, { decimal: mapping.decimal });
    if (c.kind === 'value') constants.push([p.name, c.value]);
  }
  return (cells) => {
    const input: Record<string, unknown> = {};
    const problems: CellProblem[] = [];
    for (const t of targets) {
      const raw = cells[t.i] ?? '';
      if (open) {
        // Without a schema there is nothing to coerce to: cells go as text, blanks are left out.
        if (raw !== '') input[t.property] = raw;
        continue;
      }
      const c = coerceCell(raw, propByName.get(t.property)?.schema ?? {}, {
        decimal: mapping.decimal,
        dateOrder: mapping.dates?.[t.column],
      });
      if (c.kind === 'value') input[t.property] = c.value;
      else if (c.kind === 'error') problems.push({ column: t.column, property: t.property, message: c.message });
    }
    for (const [name, value] of constants) input[name] = value;
    const coerceFailed = new Set(problems.map((p) => p.property));
    for (const e of validate(input)) {
      // A cell that failed coercion was left out, so "is required" about it would only repeat the first message.
      if (coerceFailed.has(e.property)) continue;
      problems.push({ column: columnOf.get(e.property) ?? null, property: e.property, message: e.message });
    }
    return { input, problems };
  };
}

/** Maps, coerces and validates every row at once (node, benches, small files). */
export function prepareRows(table: Table, schema: JsonSchema | null, mapping: Mapping): Prepared {
  const started = performance.now();
  const compile = compileRows(table.columns, schema, mapping);
  const inputs: Record<string, unknown>[] = new Array(table.rows.length);
  const problems = new Map<number, CellProblem[]>();
  for (let i = 0; i < table.rows.length; i += 1) {
    const r = compile(table.rows[i]!);
    inputs[i] = r.input;
    if (r.problems.length > 0) problems.set(i, r.problems);
  }
  return { inputs, problems, stats: stats(table.rows.length, problems.size, started) };
}

const stats = (rows: number, invalid: number, started: number): Prepared['stats'] => ({
  rows,
  valid: rows - invalid,
  invalid,
  ms: Math.round(performance.now() - started),
});

/** Gives the browser a turn (input, paint) between slices of work. */
function yieldToMain(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Like prepareRows, in slices that yield between them so no main-thread task runs long, even for
 * 100,000 rows; `signal` stops it when the user picks another file.
 */
export async function prepareRowsAsync(
  table: Table,
  schema: JsonSchema | null,
  mapping: Mapping,
  options: { sliceMs?: number; signal?: AbortSignal; onProgress?: (done: number) => void } = {},
): Promise<Prepared> {
  const started = performance.now();
  const sliceMs = options.sliceMs ?? 30;
  const compile = compileRows(table.columns, schema, mapping);
  const inputs: Record<string, unknown>[] = new Array(table.rows.length);
  const problems = new Map<number, CellProblem[]>();
  let i = 0;
  while (i < table.rows.length) {
    const sliceStart = performance.now();
    // Check the clock every 256 rows: cheap enough, and keeps a slice near sliceMs.
    do {
      const end = Math.min(table.rows.length, i + 256);
      for (; i < end; i += 1) {
        const r = compile(table.rows[i]!);
        inputs[i] = r.input;
        if (r.problems.length > 0) problems.set(i, r.problems);
      }
    } while (i < table.rows.length && performance.now() - sliceStart < sliceMs);
    options.onProgress?.(i);
    if (i < table.rows.length) {
      await yieldToMain();
      options.signal?.throwIfAborted();
    }
  }
  return { inputs, problems, stats: stats(table.rows.length, problems.size, started) };
}
