import { useState, type JSX } from 'react';
import type { ResultFile } from '../../../contract/openapi-document';
import { ActionButton } from './action-button';
import type { ZipProgress } from './build-zip';
import { FileFetchError, fetchBytes } from './fetch-with-limit';
import type { LinkResolver } from './fresh-links';
import { ArchiveIcon, SpinnerIcon } from './icons';
import { saveBlob } from './save-file';

type State = { status: 'idle' } | { status: 'working'; progress: ZipProgress | null } | { status: 'done'; missing: string[] } | { status: 'failed'; message: string };

/** Fetches a file for the zip from a fresh link, retrying once with a refetched link if it was rejected. */
async function loadForZip(resolver: LinkResolver, file: ResultFile): Promise<Uint8Array> {
  try {
    return await fetchBytes((await resolver.fresh(file.filename)).url);
  } catch (error) {
    if (error instanceof FileFetchError && (error.status === 403 || error.status === 410)) {
      return fetchBytes((await resolver.fresh(file.filename, { force: true })).url);
    }
    throw error;
  }
}

/** "Download all": every result in one zip, in a folder named after the execution. */
export function DownloadAllButton({ files, executionId, resolver }: { files: ResultFile[]; executionId: string; resolver: LinkResolver }): JSX.Element {
  const [state, setState] = useState<State>({ status: 'idle' });

  const run = async () => {
    setState({ status: 'working', progress: null });
    try {
      // fflate is only needed for this action, so it loads on the first click.
      const { zipResults } = await import('./build-zip');
      const outcome = await zipResults(executionId, files, (file) => loadForZip(resolver, file), (progress) => setState({ status: 'working', progress }));
      saveBlob(new Blob([outcome.zip], { type: 'application/zip' }), `${executionId}.zip`);
      setState({ status: 'done', missing: outcome.missing.map((m) => m.filename) });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const working = state.status === 'working';
  return (
    <div className="flex flex-col items-end gap-1">
      <ActionButton variant="primary" onClick={run} disabled={working} aria-busy={working || undefined}>
        {working ? <SpinnerIcon /> : <ArchiveIcon />}
        {working ? (state.progress ? `Zipping ${state.progress.done}/${state.progress.total}…` : 'Preparing…') : 'Download all'}
      </ActionButton>
      <div aria-live="polite" className="text-right text-xs">
        {state.status === 'done' && state.missing.length > 0 && (
          <p className="text-amber-700 dark:text-amber-400">
            Saved without {state.missing.join(', ')} (could not fetch; see MISSING-FILES.txt).
          </p>
        )}
        {state.status === 'failed' && <p className="text-red-700 dark:text-red-400">Could not build the zip: {state.message}</p>}
      </div>
    </div>
  );
}
