import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Select } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { MAX_FILE_BYTES } from './parse-csv';
import type { ReadState, Upload } from './use-upload-file';

/** The drop area, with a file picker and the template download. */
function DropZone({ onFile, onTemplate }: { onFile: (file: File) => void; onTemplate: () => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file !== undefined) onFile(file);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
        dragging
          ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-500/10'
          : 'border-zinc-300 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900/50',
      )}
    >
      <p className="text-sm font-medium text-zinc-800 dark:text-zinc-100">Drop a spreadsheet here</p>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        CSV, TSV or Excel (.xlsx), up to {MAX_FILE_BYTES / 1024 / 1024} MB. The first row names the columns.
      </p>
      <div className="mt-1 flex flex-wrap justify-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          Spreadsheet file
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,.tsv,.txt,.xlsx,.xlsm,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file !== undefined) onFile(file);
            e.target.value = '';
          }}
        />
        <Button variant="primary" onClick={() => input.current?.click()}>
          Choose a file
        </Button>
        <Button onClick={onTemplate}>Download template</Button>
      </div>
    </div>
  );
}

/** How the file read, and a sheet picker when a workbook has several. */
function UploadSummary({ upload, onSheet }: { upload: Upload; onSheet: (sheet: string) => void }) {
  const sheetId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3 text-sm">
      <p className="text-zinc-700 dark:text-zinc-200">
        <span className="font-medium">{upload.file.name}</span>: {upload.note}
      </p>
      {upload.workbook !== undefined && upload.workbook.sheetNames.length > 1 && (
        <div className="flex items-center gap-2">
          <label htmlFor={sheetId} className="text-sm text-zinc-600 dark:text-zinc-300">
            Sheet
          </label>
          <Select id={sheetId} value={upload.sheet} onChange={(e) => onSheet(e.target.value)} className="w-auto">
            {upload.workbook.sheetNames.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </div>
      )}
    </div>
  );
}

/** Drag-and-drop or pick a CSV/TSV/XLSX file, see how it read, and pick a sheet of a workbook. */
export function UploadPanel({
  read,
  upload,
  onFile,
  onSheet,
  onTemplate,
}: {
  read: ReadState;
  upload: Upload | null;
  onFile: (file: File) => void;
  onSheet: (sheet: string) => void;
  onTemplate: () => void;
}) {
  return (
    <div className="space-y-3">
      <DropZone onFile={onFile} onTemplate={onTemplate} />
      {read.state === 'reading' && (
        <div role="status" className="text-sm text-zinc-600 dark:text-zinc-300">
          Reading {read.fileName}… {Math.round(read.progress * 100)}%
          <progress
            className="ml-2 h-2 w-40 align-middle accent-indigo-600"
            max={1}
            value={read.progress}
            aria-label="Reading progress"
          />
        </div>
      )}
      {read.state === 'error' && (
        <Notice tone="danger" role="alert" title={`${read.fileName} cannot be used`}>
          {read.error} Nothing was sent.
        </Notice>
      )}
      {upload !== null && <UploadSummary upload={upload} onSheet={onSheet} />}
    </div>
  );
}
