import { autoMap } from '@/features/batches/mapping/mapping';
import { parseCsvText } from './parse-csv';
import { prepareRows, prepareRowsAsync, type Prepared } from '@/features/batches/mapping/prepare-rows';
import { schemaProperties, type JsonSchema } from '@/features/batches/mapping/schema-info';

export type PreparedCsv =
  { ok: true; prepared: Prepared; columns: string[]; parseMs: number } | { ok: false; error: string };

/**
 * Parse, auto-map and validate CSV text in one call, as the Batch tab does after an upload: the
 * entry point for benches (`sliced` mirrors the page, yielding between slices).
 */
export async function prepareCsvText(
  text: string,
  schema: JsonSchema | null,
  options: { sliced?: boolean } = {},
): Promise<PreparedCsv> {
  const started = performance.now();
  const parsed = parseCsvText(text);
  if (!parsed.ok) return parsed;
  const parseMs = performance.now() - started;
  const mapping = autoMap(parsed.table.columns, schemaProperties(schema));
  const prepared = options.sliced
    ? await prepareRowsAsync(parsed.table, schema, mapping)
    : prepareRows(parsed.table, schema, mapping);
  return { ok: true, prepared, columns: parsed.table.columns, parseMs };
}
