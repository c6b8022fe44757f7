import { useCallback, useEffect, useMemo, useState } from 'react';
import type { WorkflowDetail } from '@contract/openapi-document';
import type { ConcurrencyLevel } from '@contract/limits';
import { getJournal, sha256Hex } from '@/batch-engine/batch-journal';
import { buildBatch } from '@/batch-engine/build-batch';
import type { Mapping } from '@/batch-engine/batch-types';
import { autoMap, checkMapping, detectDecimal } from '@/features/batches/mapping/mapping';
import { prepareRowsAsync, type Prepared } from '@/features/batches/mapping/prepare-rows';
import { readUpload } from './read-upload';
import { schemaProperties } from '@/features/batches/mapping/schema-info';
import type { Workbook } from './parse-xlsx';
import type { Table } from './table';

export interface Upload {
  file: File;
  table: Table;
  note: string;
  workbook?: Workbook;
  sheet?: string;
}

export type ReadState =
  | { state: 'idle' }
  | { state: 'reading'; fileName: string; progress: number }
  | { state: 'error'; fileName: string; error: string };

/** The upload → mapping → validation → submit flow of the Batch tab, as state and actions. */
export function useBatchDraft(workflow: WorkflowDetail) {
  const schema = workflow.input_schema ?? null;
  const props = useMemo(() => schemaProperties(schema), [schema]);
  const [read, setRead] = useState<ReadState>({ state: 'idle' });
  const [upload, setUpload] = useState<Upload | null>(null);
  const [mapping, setMapping] = useState<Mapping>({ columns: {}, constants: {} });
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [prepareError, setPrepareError] = useState<string | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [concurrency, setConcurrency] = useState<ConcurrencyLevel | null>(null);

  const adoptTable = useCallback(
    (file: File, table: Table, note: string, extra: Partial<Upload> = {}) => {
      setUpload({ file, table, note, ...extra });
      const mapped = autoMap(table.columns, props);
      const decimal = detectDecimal(table, props, mapped);
      setMapping(decimal === null ? mapped : { ...mapped, decimal: decimal.mark });
      setSkipInvalid(false);
      setRead({ state: 'idle' });
    },
    [props],
  );

  const chooseFile = useCallback(
    async (file: File) => {
      setUpload(null);
      setPrepared(null);
      setRead({ state: 'reading', fileName: file.name, progress: 0 });
      const r = await readUpload(file, (progress) => setRead({ state: 'reading', fileName: file.name, progress }));
      if (!r.ok) return setRead({ state: 'error', fileName: file.name, error: r.error });
      if (r.kind === 'csv') return adoptTable(file, r.table, r.note);
      const first = r.workbook.sheetNames[0]!;
      const t = r.workbook.table(first);
      if (!t.ok) {
        // The first sheet may be a cover page: still offer the others.
        setUpload({ file, table: { columns: [], rows: [] }, note: t.error, workbook: r.workbook, sheet: first });
        setMapping({ columns: {}, constants: {} });
        return setRead({ state: 'idle' });
      }
      adoptTable(file, t.table, sheetNote(t.table, first, r.workbook.sheetNames.length), {
        workbook: r.workbook,
        sheet: first,
      });
    },
    [adoptTable],
  );

  const chooseSheet = useCallback(
    (sheet: string) => {
      if (upload?.workbook === undefined) return;
      const t = upload.workbook.table(sheet);
      if (!t.ok) {
        setUpload({ ...upload, table: { columns: [], rows: [] }, note: t.error, sheet });
        setPrepared(null);
        return;
      }
      adoptTable(upload.file, t.table, sheetNote(t.table, sheet, upload.workbook.sheetNames.length), {
        workbook: upload.workbook,
        sheet,
      });
    },
    [upload, adoptTable],
  );

  // Re-check every row whenever the table or the mapping changes, in slices off the critical path.
  useEffect(() => {
    if (upload === null || upload.table.rows.length === 0) return;
    const controller = new AbortController();
    prepareRowsAsync(upload.table, schema, mapping, { signal: controller.signal })
      .then((p) => {
        setPrepared(p);
        setPrepareError(null);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setPrepareError(e instanceof Error ? e.message : String(e));
      });
    return () => controller.abort();
  }, [upload, schema, mapping]);

  const editCell = useCallback((rowIndex: number, columnIndex: number, value: string) => {
    setUpload((u) => {
      if (u === null) return u;
      const rows = u.table.rows.slice();
      const row = rows[rowIndex]!.slice();
      row[columnIndex] = value;
      rows[rowIndex] = row;
      return { ...u, table: { ...u.table, rows } };
    });
  }, []);

  const mappedColumns = mapping.columns;
  const decimalDetected = useMemo(
    () => (upload === null ? null : detectDecimal(upload.table, props, { columns: mappedColumns, constants: {} })),
    [upload, props, mappedColumns],
  );

  const check = useMemo(
    () => (upload === null ? null : checkMapping(upload.table.columns, props, mapping)),
    [upload, props, mapping],
  );

  const reset = useCallback(() => {
    setUpload(null);
    setPrepared(null);
    setRead({ state: 'idle' });
  }, []);

  /** Records the batch in the journal (before anything is sent) and returns its id. */
  const createBatch = useCallback(async (): Promise<string> => {
    if (upload === null || prepared === null) throw new Error('Upload a file first.');
    const id = crypto.randomUUID();
    const { batch, rows } = buildBatch({
      id,
      workflowId: workflow.id,
      workflowName: workflow.name,
      fileName:
        upload.sheet !== undefined && (upload.workbook?.sheetNames.length ?? 0) > 1
          ? `${upload.file.name} (${upload.sheet})`
          : upload.file.name,
      fileSha256: await sha256Hex(await upload.file.arrayBuffer()),
      fileBytes: upload.file.size,
      columns: upload.table.columns,
      mapping,
      concurrency,
      cells: upload.table.rows,
      inputs: prepared.inputs,
      skipped: prepared.problems,
      now: Date.now(),
    });
    await getJournal().create(batch, rows);
    return id;
  }, [upload, prepared, workflow, mapping, concurrency]);

  return {
    props,
    read,
    upload,
    mapping,
    setMapping,
    prepared,
    prepareError,
    decimalDetected,
    check,
    skipInvalid,
    setSkipInvalid,
    concurrency,
    setConcurrency,
    chooseFile,
    chooseSheet,
    editCell,
    reset,
    createBatch,
  };
}

const sheetNote = (t: Table, sheet: string, sheets: number): string =>
  `${t.rows.length.toLocaleString()} row${t.rows.length === 1 ? '' : 's'}, ${t.columns.length} column${t.columns.length === 1 ? '' : 's'}${sheets > 1 ? `, from sheet "${sheet}"` : ''}.`;

/** A batch of N runs with empty input, for workflows that take none. */
export async function createEmptyRunsBatch(
  workflow: WorkflowDetail,
  count: number,
  concurrency: ConcurrencyLevel | null,
): Promise<string> {
  const id = crypto.randomUUID();
  const label = `${count} run${count === 1 ? '' : 's'} with no input`;
  const { batch, rows } = buildBatch({
    id,
    workflowId: workflow.id,
    workflowName: workflow.name,
    fileName: label,
    fileSha256: await sha256Hex(new TextEncoder().encode(label)),
    fileBytes: 0,
    columns: [],
    mapping: { columns: {}, constants: {} },
    concurrency,
    cells: Array.from({ length: count }, () => []),
    inputs: Array.from({ length: count }, () => ({})),
    skipped: new Map(),
    now: Date.now(),
  });
  await getJournal().create(batch, rows);
  return id;
}
