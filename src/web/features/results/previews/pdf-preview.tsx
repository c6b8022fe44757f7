import type { JSX } from 'react';
import type { ResultFile } from '@contract/openapi-document';
import { DownloadLink } from '@/features/results/file-actions';
import type { LinkResolver } from '@/features/results/links/fresh-links';
import { embedUrl } from './inline-url';
import { Notice } from '@/components/ui/notice';
import { useFreshUrl } from '@/features/results/links/use-fresh-url';

/** A PDF embedded from its link (asking the local service for inline disposition), with a fallback link. */
export function PdfPreview({ file, resolver }: { file: ResultFile; resolver: LinkResolver }): JSX.Element {
  const { url, error } = useFreshUrl(resolver, file.filename);

  if (error) {
    return (
      <Notice tone="danger" role="alert" title="Could not load the PDF">
        {error}
      </Notice>
    );
  }
  if (!url) {
    return (
      <div role="status" className="h-[60vh] animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-900">
        <span className="sr-only">Loading PDF</span>
      </div>
    );
  }

  const src = embedUrl(url, location.origin);
  // A frame, not <object>: the dashboard's CSP has object-src 'none' (no plugins), and a frame shows a PDF the same way.
  return (
    <div className="flex flex-col gap-2">
      <iframe
        src={src}
        title={`PDF preview of ${file.filename}`}
        referrerPolicy="no-referrer"
        className="h-[75vh] min-h-80 w-full rounded-lg border border-zinc-200 dark:border-zinc-800"
      />
      <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <a
          href={src}
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
