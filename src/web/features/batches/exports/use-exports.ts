import { useState, useSyncExternalStore } from 'react';
import { backgroundBudget } from '@/server-state/batches';
import { gatheringState, subscribeRuntime } from '@/batch-engine/batch-runtime';
import type { BatchRecord, RowRecord } from '@/batch-engine/batch-types';
import { fetchResultFile, zipRowFiles } from '@/batch-engine/download-zip';
import {
  buildResultsCsv,
  buildResultsXlsx,
  describeExport,
  detailReadsNote,
  exportSummary,
} from '@/batch-engine/export-results';
import { detailReadsLeft } from '@/batch-engine/gather-state';
import { plural } from '@/lib/plural';
import { saveBlob, saveText } from '@/lib/save-file';

const baseName = (b: BatchRecord): string =>
  b.fileName.replace(/\.[^.]+$/, '').replace(/[\\/:*?"<>|]+/g, '_') || 'batch';

/**
 * The state of the results downloads: what they hold and miss, the gathering under way, and the
 * three saves (CSV, XLSX, zip of every file), each reporting what it saved or why it failed.
 */
export function useExports(batch: BatchRecord, rows: readonly RowRecord[]) {
  const [zipping, setZipping] = useState<{ done: number; total: number } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const summary = exportSummary(rows);
  const { holds, missing } = describeExport(summary);
  const savedNote = (name: string, files: number, gaps: string[]) =>
    setSaved(
      `Saved ${name}: ${plural(summary.rows, 'row')}, ${plural(files, 'file')}.${gaps.length > 0 ? ` Still missing: ${gaps.join(' ')}` : ''}`,
    );

  const gathered = useSyncExternalStore(subscribeRuntime, () => gatheringState(batch.id));
  const detailsNote = gathered === undefined ? null : detailReadsNote(detailReadsLeft(rows), backgroundBudget());

  const csv = () => {
    const name = `${baseName(batch)}-results.csv`;
    saveText(buildResultsCsv(batch, rows), name);
    savedNote(name, summary.files, missing);
  };
  const xlsx = async () => {
    const name = `${baseName(batch)}-results.xlsx`;
    try {
      saveBlob(await buildResultsXlsx(batch, rows), name);
      savedNote(name, summary.files, missing);
    } catch (e) {
      setError(`The workbook could not be written: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const zip = async () => {
    const name = `${baseName(batch)}-files.zip`;
    setError(null);
    setZipping({ done: 0, total: summary.files });
    try {
      const outcome = await zipRowFiles(rows, (f) => fetchResultFile(f), {
        onProgress: (done, total) => setZipping({ done, total }),
      });
      saveBlob(outcome.blob, name);
      const gaps = [...missing];
      if (outcome.missing.length > 0)
        gaps.push(`${plural(outcome.missing.length, 'file')} could not be downloaded (listed in MISSING-FILES.txt).`);
      savedNote(name, outcome.files, gaps);
    } catch (e) {
      setError(`The zip could not be built: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setZipping(null);
    }
  };

  return { summary, holds, missing, gathered, detailsNote, zipping, saved, error, csv, xlsx, zip };
}
