import { useState, type JSX } from 'react';
import type { ResultFile } from '@contract/openapi-document';
import { Button, Spinner } from '@/components/ui/button';
import { FileFetchError, fetchBytes } from '@/lib/fetch-with-limit';
import type { LinkResolver } from './links/fresh-links';
import { ArchiveIcon } from '@/components/ui/icons';
import { saveBlob } from '@/lib/save-file';

type ZipProgress = { done: number; total: number };
type State =
  | { status: 'idle' }
  | { status: 'working'; progress: ZipProgress | null }
  | { status: 'done'; missing: string[] }
  | { status: 'failed'; message: string };

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

/** "Download all": every result in one zip named `archiveName`, in a folder of the same name. */
export function DownloadAllButton({
  files,
  archiveName,
  resolver,
}: {
  files: ResultFile[];
  archiveName: string;
  resolver: LinkResolver;
}): JSX.Element {
  const [state, setState] = useState<State>({ status: 'idle' });

  const run = async () => {
    setState({ status: 'working', progress: null });
    try {
      // fflate is only needed for this action, so it loads on the first click.
      const { zipFiles } = await import('@/lib/zip');
      const folder = archiveName.replace(/\.zip$/i, '');
      const sources = files.map((file) => ({
        path: `${folder}/${file.filename}`,
        load: () =>
          file.content !== undefined
            ? Promise.resolve(new TextEncoder().encode(file.content))
            : loadForZip(resolver, file),
      }));
      const outcome = await zipFiles(sources, {
        missingFolder: folder,
        onProgress: (done, total) => setState({ status: 'working', progress: { done, total } }),
      });
      saveBlob(outcome.blob, archiveName);
      setState({ status: 'done', missing: outcome.missing.map((m) => m.path.slice(folder.length + 1)) });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const working = state.status === 'working';
  return (
    <div className="flex flex-col items-end gap-1">
      <Button size="sm" variant="primary" onClick={run} disabled={working} aria-busy={working || undefined}>
        {working ? <Spinner /> : <ArchiveIcon />}
        {working
          ? state.progress
            ? `Zipping ${state.progress.done}/${state.progress.total}…`
            : 'Preparing…'
          : 'Download all'}
      </Button>
      <div aria-live="polite" className="text-right text-xs">
        {state.status === 'done' && state.missing.length > 0 && (
          <p className="text-amber-700 dark:text-amber-400">
            Saved without {state.missing.join(', ')} (could not fetch; see MISSING-FILES.txt).
          </p>
        )}
        {state.status === 'failed' && (
          <p className="text-red-700 dark:text-red-400">Could not build the zip: {state.message}</p>
        )}
      </div>
    </div>
  );
}
