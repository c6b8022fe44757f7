import { Button } from '@/components/ui/button';
import { ArchiveIcon, DownloadIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import type { BatchRecord, RowRecord } from '@/batch-engine/batch-types';
import { useExports } from './use-exports';

/** The results downloads (CSV, XLSX, zip), each saying what it holds and what is still missing. */
export function ExportsPanel({ batch, rows }: { batch: BatchRecord; rows: readonly RowRecord[] }) {
  const { summary, holds, missing, gathered, detailsNote, zipping, saved, error, csv, xlsx, zip } = useExports(
    batch,
    rows,
  );

  return (
    <div className="space-y-3">
      <div
        role="status"
        aria-label="What the downloads hold"
        className="space-y-1 text-sm text-zinc-700 dark:text-zinc-200"
      >
        <p className="font-medium">{holds}</p>
        {missing.length > 0 ? (
          <ul className="list-disc space-y-0.5 pl-5 text-zinc-600 dark:text-zinc-300">
            {missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : (
          gathered === undefined && (
            <p className="text-emerald-700 dark:text-emerald-400">
              Nothing is missing: every row is done and every result is in.
            </p>
          )
        )}
      </div>
      {gathered !== undefined && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-zinc-700 dark:text-zinc-200">
          <span>
            Gathering results: {gathered.rowsWithResults.toLocaleString()} of {gathered.rowsTotal.toLocaleString()}{' '}
            rows, {gathered.filesFetched.toLocaleString()} texts collected
          </span>
          {detailsNote !== null && <span className="basis-full text-zinc-600 dark:text-zinc-300">{detailsNote}</span>}
          <progress
            className="h-2 w-40 accent-indigo-600"
            max={Math.max(1, gathered.filesFetched + gathered.filesMissing)}
            value={gathered.filesFetched}
            aria-label="Results gathered"
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={csv}>
          <DownloadIcon />
          Download results (CSV)
        </Button>
        <Button onClick={() => void xlsx()}>
          <DownloadIcon />
          Download results (XLSX)
        </Button>
        <Button
          busy={zipping !== null}
          disabled={summary.files === 0}
          onClick={() => void zip()}
          aria-describedby={summary.files === 0 ? `${batch.id}-nozip` : undefined}
        >
          {zipping === null && <ArchiveIcon />}
          Download all files (zip)
        </Button>
        {summary.files === 0 && (
          <span id={`${batch.id}-nozip`} className="text-xs text-zinc-500 dark:text-zinc-400">
            No result files yet, so there is nothing to zip.
          </span>
        )}
        {zipping !== null && zipping.total > 0 && (
          <span role="status" className="text-sm text-zinc-600 dark:text-zinc-300">
            Zipping {zipping.done.toLocaleString()} of {zipping.total.toLocaleString()} files…
          </span>
        )}
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {
          "In the CSV, a cell that starts with = + - or @ gets a ' in front, so spreadsheets show it instead of running it as a formula (the XLSX keeps every cell as it is)."
        }
      </p>
      {saved !== null && (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-300">
          {saved}
        </p>
      )}
      {error !== null && (
        <Notice tone="danger" role="alert">
          {error}
        </Notice>
      )}
    </div>
  );
}
