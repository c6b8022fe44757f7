import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { useSyncExternalStore } from 'react';
import { getApiClient } from '../../connection/active-client';
import { getScheduler } from '../../../api/scheduler';
import { getJournal } from '../batch-journal';
import type { BatchRecord, RowRecord } from '../batch-types';
import { detailsEtaMinutes, fetchDetails, needsDetails } from '../details';
import { fetchResultFile, streamZip } from './download-zip';
import { buildResultsCsv, buildResultsXlsx } from './export-results';
import { saveBlob, saveText } from '../upload/read-upload';
import { TRACKER_SHARE } from '../tracker';

const baseName = (b: BatchRecord): string => b.fileName.replace(/\.[^.]+$/, '').replace(/[\\/:*?"<>|]+/g, '_') || 'batch';

/** Downloads of the results (CSV, XLSX, zip) and the background fetch of execution details they need. */
export function ExportsPanel({ batch, rows }: { batch: BatchRecord; rows: readonly RowRecord[] }) {
  const budget = useSyncExternalStore(getScheduler().subscribe.bind(getScheduler()), () => getScheduler().getSnapshot().budget);
  const [fetching, setFetching] = useState<{ done: number; total: number } | null>(null);
  const [zipping, setZipping] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const missing = rows.filter(needsDetails).length;
  const final = rows.filter((r) => r.status === 'finished' || r.status === 'error').length;
  const perMinute = Math.max(1, Math.floor(budget * (1 - TRACKER_SHARE)));
  const eta = detailsEtaMinutes(missing, perMinute);

  const start = () => {
    const c = new AbortController();
    controller.current = c;
    setError(null);
    setFetching({ done: final - missing, total: final });
    fetchDetails(batch.id, { journal: getJournal(), api: getApiClient() }, c.signal, (done, total) => setFetching({ done, total }))
      .catch((e: unknown) => {
        if (!c.signal.aborted) setError(`Fetching stopped: ${e instanceof Error ? e.message : String(e)}. What was fetched is kept; start again to resume.`);
      })
      .finally(() => {
        if (controller.current === c) controller.current = null;
        setFetching(null);
      });
  };
  const stop = () => controller.current?.abort();

  const zip = async () => {
    setError(null);
    setZipping({ done: 0, total: 0 });
    try {
      const blob = await streamZip(rows, (f) => fetchResultFile(f), { onProgress: (done, total) => setZipping({ done, total }) });
      saveBlob(blob, `${baseName(batch)}-files.zip`);
    } catch (e) {
      setError(`The zip could not be built: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setZipping(null);
    }
  };

  return (
    <div className="space-y-3">
      {missing > 0 && fetching === null && (
        <Notice
          tone="info"
          title={`${missing.toLocaleString()} finished row${missing === 1 ? '' : 's'} still need${missing === 1 ? 's' : ''} its result details`}
          actions={
            <Button size="sm" variant="primary" onClick={start}>
              Fetch result details
            </Button>
          }
        >
          The exports need one request per finished execution. At about {perMinute.toLocaleString()} requests a minute (what your budget leaves after tracking), that takes about{' '}
          {eta.toLocaleString()} minute{eta === 1 ? '' : 's'}. It runs in the background, resumes after a reload, and you can export what is done at any time.
        </Notice>
      )}
      {fetching !== null && (
        <div role="status" className="flex flex-wrap items-center gap-3 text-sm text-zinc-700 dark:text-zinc-200">
          <span>
            Result details: {fetching.done.toLocaleString()} of {fetching.total.toLocaleString()}
            {missing > 0 ? ` · about ${detailsEtaMinutes(fetching.total - fetching.done, perMinute)} min left` : ''}
          </span>
          <progress className="h-2 w-40 accent-indigo-600" max={Math.max(1, fetching.total)} value={fetching.done} aria-label="Result details fetched" />
          <Button size="sm" variant="ghost" onClick={stop}>
            Stop
          </Button>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => saveText(buildResultsCsv(batch, rows), `${baseName(batch)}-results.csv`)}>Download results (CSV)</Button>
        <Button
          onClick={() =>
            void buildResultsXlsx(batch, rows)
              .then((b) => saveBlob(b, `${baseName(batch)}-results.xlsx`))
              .catch((e: unknown) => setError(`The workbook could not be written: ${e instanceof Error ? e.message : String(e)}`))
          }
        >
          Download results (XLSX)
        </Button>
        <Button busy={zipping !== null} onClick={() => void zip()}>
          Download all files (zip)
        </Button>
        {zipping !== null && zipping.total > 0 && (
          <span role="status" className="self-center text-sm text-zinc-600 dark:text-zinc-300">
            Zipping {zipping.done} of {zipping.total} files…
          </span>
        )}
      </div>
      {missing > 0 && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Rows without their details yet are exported with status and error only; fetch details for their files.</p>
      )}
      {error !== null && (
        <Notice tone="danger" role="alert">
          {error}
        </Notice>
      )}
    </div>
  );
}
