import { useCallback, useEffect, useMemo, useState } from 'react';
import type { WorkflowDetail } from '@contract/openapi-document';
import type { ConcurrencyLevel } from '@contract/limits';
import { getJournal, sha256Hex } from '@/batch-engine/batch-journal';
import { buildBatch } from '@/batch-engine/build-batch';
import type { Mapping } from '@/batch-engine/batch-types';
import { checkMapping, detectDates, detectDecimal, provenDateOrders } from '@/features/batches/mapping/mapping';
import { prepareRowsAsync, type Prepared } from '@/features/batches/mapping/prepare-rows';
import { schemaProperties } from '@/features/batches/mapping/schema-info';
import { useUploadFile, type Upload } from './use-upload-file';

/** Records a batch of the uploaded rows in the journal (before anything is sent) and returns its id. */
async function recordBatch(
  workflow: WorkflowDetail,
  upload: Upload,
  prepared: Prepared,
  mapping: Mapping,
  concurrency: ConcurrencyLevel | null,
): Promise<string> {
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
}

/** Re-checks every row whenever the table or the mapping changes, in slices off the critical path; returns why it failed, if it did. */
function useRowCheck(
  upload: Upload | null,
  schema: WorkflowDetail['input_schema'] | null,
  mapping: Mapping,
  setPrepared: (p: Prepared) => void,
): string | null {
  const [prepareError, setPrepareError] = useState<string | null>(null);
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
  }, [upload, schema, mapping, setPrepared]);
  return prepareError;
}

/** The upload → mapping → validation → submit flow of the Batch tab, as state and actions. */
export function useBatchDraft(workflow: WorkflowDetail) {
  const schema = workflow.input_schema ?? null;
  const props = useMemo(() => schemaProperties(schema), [schema]);
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [concurrency, setConcurrency] = useState<ConcurrencyLevel | null>(null);
  const discardPrepared = useCallback(() => setPrepared(null), []);
  const file = useUploadFile(props, discardPrepared);
  const { upload } = file;
  const mappedColumns = file.mapping.columns;
  const datesDetected = useMemo(
    () => (upload === null ? [] : detectDates(upload.table, props, { columns: mappedColumns })),
    [upload, props, mappedColumns],
  );
  // A column whose cells prove their date order is read that way unless the person chose otherwise.
  const mapping = useMemo(() => {
    const proven = provenDateOrders(datesDetected);
    if (Object.keys(proven).length === 0) return file.mapping;
    return { ...file.mapping, dates: { ...proven, ...file.mapping.dates } };
  }, [file.mapping, datesDetected]);
  const prepareError = useRowCheck(upload, schema, mapping, setPrepared);

  const decimalDetected = useMemo(
    () => (upload === null ? null : detectDecimal(upload.table, props, { columns: mappedColumns, constants: {} })),
    [upload, props, mappedColumns],
  );

  const check = useMemo(
    () => (upload === null ? null : checkMapping(upload.table.columns, props, mapping)),
    [upload, props, mapping],
  );

  /** Records the batch in the journal (before anything is sent) and returns its id. */
  const createBatch = useCallback(async (): Promise<string> => {
    if (upload === null || prepared === null) throw new Error('Upload a file first.');
    return recordBatch(workflow, upload, prepared, mapping, concurrency);
  }, [upload, prepared, workflow, mapping, concurrency]);

  return {
    props,
    read: file.read,
    upload,
    mapping,
    setMapping: file.setMapping,
    prepared,
    prepareError,
    decimalDetected,
    datesDetected,
    check,
    skipInvalid: file.skipInvalid,
    setSkipInvalid: file.setSkipInvalid,
    concurrency,
    setConcurrency,
    chooseFile: file.chooseFile,
    chooseSheet: file.chooseSheet,
    editCell: file.editCell,
    reset: file.reset,
    createBatch,
  };
}

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
