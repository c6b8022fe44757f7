import { useEffect, useState, type JSX } from 'react';
import type { ResultFile } from '@contract/openapi-document';
import { DownloadLink } from '@/features/results/file-actions';
import type { LinkResolver } from '@/features/results/links/fresh-links';
import { Notice } from '@/components/ui/notice';
import { formatBytes } from '@/lib/format-bytes';
import { loadPdf, type PdfSource } from './pdf-source';

export type ShownState =
  Exclude<PdfSource, { status: 'pdf' }> | { status: 'loading' } | { status: 'ready'; blobUrl: string };

/**
 * A PDF shown from its own checked bytes (see loadPdf): the frame holds a blob: URL typed
 * application/pdf, so whatever the file's server answers, only the browser's PDF viewer runs in it.
 */
export function PdfPreview({ file, resolver }: { file: ResultFile; resolver: LinkResolver }): JSX.Element {
  // Each answer remembers which file it is for, so a switch of file shows loading, not the last file.
  const [shown, setShown] = useState<{ resolver: LinkResolver; filename: string; state: ShownState } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let blobUrl: string | null = null;
    const show = (state: ShownState) => setShown({ resolver, filename: file.filename, state });
    loadPdf(resolver, file.filename, { signal: controller.signal }).then(
      (source) => {
        if (controller.signal.aborted) return;
        if (source.status !== 'pdf') return show(source);
        blobUrl = URL.createObjectURL(source.blob);
        show({ status: 'ready', blobUrl });
      },
      () => undefined, // Only an abort rejects: the preview was closed.
    );
    return () => {
      controller.abort();
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    };
  }, [resolver, file.filename]);

  const current = shown?.resolver === resolver && shown.filename === file.filename ? shown.state : null;
  return <PdfPreviewBody file={file} resolver={resolver} state={current ?? { status: 'loading' }} />;
}

/** What the PDF preview shows in each state; the frame appears only for checked bytes. */
export function PdfPreviewBody({
  file,
  resolver,
  state,
}: {
  file: ResultFile;
  resolver: LinkResolver;
  state: ShownState;
}): JSX.Element {
  const download = (
    <div className="mt-3">
      <DownloadLink file={file} resolver={resolver} variant="primary" />
    </div>
  );
  switch (state.status) {
    case 'loading':
      return (
        <div role="status" className="h-[60vh] animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-900">
          <span className="sr-only">Loading PDF</span>
        </div>
      );
    case 'not-pdf':
      return (
        <Notice tone="warning" role="alert" title="This file is not a PDF, so it is not shown here">
          {state.contentType === 'text/html' ? 'Its server sent a web page' : 'Its server sent something else'} for{' '}
          {file.filename}. The dashboard only shows PDFs it has checked, so nothing from that server runs on this page.
          You can still download the file.
          {download}
        </Notice>
      );
    case 'unreachable':
      return (
        <Notice tone="info" role="status" title="This PDF cannot be shown here — download it">
          The server that holds the file did not let the dashboard read it (or could not be reached), so the dashboard
          cannot check it is a PDF. The download still works.
          {download}
        </Notice>
      );
    case 'too-large':
      return (
        <Notice tone="warning" role="status" title="Too large to preview — download it">
          {state.bytes !== null
            ? `This PDF is ${formatBytes(state.bytes)}; previews stop at ${formatBytes(state.limit)}.`
            : `This PDF is bigger than ${formatBytes(state.limit)}, where previews stop.`}
          {download}
        </Notice>
      );
    case 'failed':
      return (
        <Notice tone="danger" role="alert" title="Could not load the PDF">
          {state.message}
          {download}
        </Notice>
      );
    case 'ready':
      // A frame, not <object>: the dashboard's CSP has object-src 'none' (no plugins), and a frame shows a PDF the same way.
      return (
        <div className="flex flex-col gap-2">
          <iframe
            src={state.blobUrl}
            title={`PDF preview of ${file.filename}`}
            referrerPolicy="no-referrer"
            className="h-[75vh] min-h-80 w-full rounded-lg border border-zinc-200 dark:border-zinc-800"
          />
          <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
            <a
              href={state.blobUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-indigo-600 underline underline-offset-2 dark:text-indigo-400"
            >
              Open the PDF in a new tab
            </a>
            <DownloadLink file={file} resolver={resolver} />
          </div>
        </div>
      );
  }
}
