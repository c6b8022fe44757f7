import { useCallback, useState } from 'react';
import type { Mapping } from '@/batch-engine/batch-types';
import { autoMap, detectDecimal } from '@/features/batches/mapping/mapping';
import type { PropertyInfo } from '@/features/batches/mapping/schema-info';
import { readUpload } from './read-upload';
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

const sheetNote = (t: Table, sheet: string, sheets: number): string =>
  `${t.rows.length.toLocaleString()} row${t.rows.length === 1 ? '' : 's'}, ${t.columns.length} column${t.columns.length === 1 ? '' : 's'}${sheets > 1 ? `, from sheet "${sheet}"` : ''}.`;

/** The table with one cell changed, copying only the row it is in. */
function withCell(u: Upload, rowIndex: number, columnIndex: number, value: string): Upload {
  const rows = u.table.rows.slice();
  const row = rows[rowIndex]!.slice();
  row[columnIndex] = value;
  rows[rowIndex] = row;
  return { ...u, table: { ...u.table, rows } };
}

/**
 * The uploaded file of the Batch tab: reading it (with progress), picking a workbook's sheet, the
 * column mapping first guessed from its header, and cell edits. `onDiscard` is called whenever the
 * rows checked so far no longer describe the file shown.
 */
export function useUploadFile(props: readonly PropertyInfo[], onDiscard: () => void) {
  const [read, setRead] = useState<ReadState>({ state: 'idle' });
  const [upload, setUpload] = useState<Upload | null>(null);
  const [mapping, setMapping] = useState<Mapping>({ columns: {}, constants: {} });
  const [skipInvalid, setSkipInvalid] = useState(false);

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
      onDiscard();
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
    [adoptTable, onDiscard],
  );

  const chooseSheet = useCallback(
    (sheet: string) => {
      if (upload?.workbook === undefined) return;
      const t = upload.workbook.table(sheet);
      if (!t.ok) {
        setUpload({ ...upload, table: { columns: [], rows: [] }, note: t.error, sheet });
        onDiscard();
        return;
      }
      adoptTable(upload.file, t.table, sheetNote(t.table, sheet, upload.workbook.sheetNames.length), {
        workbook: upload.workbook,
        sheet,
      });
    },
    [upload, adoptTable, onDiscard],
  );

  const editCell = useCallback((rowIndex: number, columnIndex: number, value: string) => {
    setUpload((u) => (u === null ? u : withCell(u, rowIndex, columnIndex, value)));
  }, []);

  const reset = useCallback(() => {
    setUpload(null);
    onDiscard();
    setRead({ state: 'idle' });
  }, [onDiscard]);

  return { read, upload, mapping, setMapping, skipInvalid, setSkipInvalid, chooseFile, chooseSheet, editCell, reset };
}
