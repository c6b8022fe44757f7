import { useState, type JSX, type ReactNode } from 'react';
import type { ResultFile } from '@contract/openapi-document';
import { Button, Spinner } from '@/components/ui/button';
import { FileFetchError, fetchTextWithLimit } from '@/lib/fetch-with-limit';
import { DownloadLink } from '@/features/results/file-actions';
import { formatBytes } from '@/lib/format-bytes';
import type { LinkResolver } from '@/features/results/links/fresh-links';
import { FileIcon } from '@/components/ui/icons';
import { PREVIEW_BYTE_LIMITS, type PreviewKind } from './pick-preview';
import { Notice } from '@/components/ui/notice';

type LoadState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; text: string }
  | { status: 'too-large'; bytes: number | null; limit: number }
  | { status: 'failed'; message: string };

type Props = {
  file: ResultFile;
  kind: PreviewKind;
  resolver: LinkResolver;
  onSize: (bytes: number) => void;
  children: (text: string) => ReactNode;
};

/** Expired or rejected presigned links (403/410) are worth one retry with a freshly fetched link. */
const isRejectedLink = (error: unknown) =>
  error instanceof FileFetchError && (error.status === 403 || error.status === 410);

/**
 * Supplies a text preview with the file's text: the inline content when the server sent it,
 * otherwise fetched on request from a fresh link, refusing past the preview's size limit.
 */
export function TextSource({ file, kind, resolver, onSize, children }: Props): JSX.Element {
  const [state, setState] = useState<LoadState>({ status: 'idle' });

  if (file.content !== undefined) return <>{children(file.content)}</>;

  const limit = PREVIEW_BYTE_LIMITS[kind];

  const load = async () => {
    setState({ status: 'loading' });
    const attempt = async (force: boolean) =>
      fetchTextWithLimit((await resolver.fresh(file.filename, { force })).url, limit);
    try {
      const result = await attempt(false).catch((error: unknown) =>
        isRejectedLink(error) ? attempt(true) : Promise.reject(error),
      );
      if (result.status === 'ok') {
        onSize(result.bytes);
        setState({ status: 'ready', text: result.text });
      } else {
        if (result.bytes !== null) onSize(result.bytes);
        setState(result);
      }
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  switch (state.status) {
    case 'ready':
      return <>{children(state.text)}</>;
    case 'too-large':
      return (
        <Notice tone="warning" role="status" title="Too large to preview — download it">
          {state.bytes !== null ? `This file is ${formatBytes(state.bytes)}; ` : 'This file is bigger than '}
          {state.bytes !== null
            ? `previews stop at ${formatBytes(state.limit)}.`
            : `${formatBytes(state.limit)}, where previews stop.`}
          <div className="mt-3">
            <DownloadLink file={file} resolver={resolver} variant="primary" />
          </div>
        </Notice>
      );
    case 'failed':
      return (
        <Notice tone="danger" role="alert" title="Could not load the preview">
          {state.message}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" onClick={load}>
              Try again
            </Button>
            <DownloadLink file={file} resolver={resolver} />
          </div>
        </Notice>
      );
    default:
      return (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-zinc-300 p-5 sm:flex-row sm:items-center dark:border-zinc-700">
          <FileIcon className="size-8 shrink-0 text-zinc-400" />
          <p className="flex-1 text-sm text-zinc-600 dark:text-zinc-400">
            The server did not include this file inline. Load it to preview it here (up to {formatBytes(limit)}).
          </p>
          <Button size="sm" variant="primary" onClick={load} disabled={state.status === 'loading'}>
            {state.status === 'loading' && <Spinner />}
            {state.status === 'loading' ? 'Loading…' : 'Load preview'}
          </Button>
        </div>
      );
  }
}
