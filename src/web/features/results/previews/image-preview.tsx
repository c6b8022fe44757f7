import { useState, type JSX } from 'react';
import type { ResultFile } from '@contract/openapi-document';
import { DownloadLink } from '@/features/results/file-actions';
import type { LinkResolver } from '@/features/results/links/fresh-links';
import { Notice } from '@/components/ui/notice';
import { useFreshUrl } from '@/features/results/links/use-fresh-url';

/** An image straight from its (fresh) link; one failed load retries with a refetched link. */
export function ImagePreview({ file, resolver }: { file: ResultFile; resolver: LinkResolver }): JSX.Element {
  const { url, error, loading, renew } = useFreshUrl(resolver, file.filename);
  const [failures, setFailures] = useState(0);

  if (error || failures >= 2) {
    return (
      <Notice tone="danger" role="alert" title="Could not load the image">
        {error ?? 'The image link did not load, even after refreshing it.'}
        <div className="mt-3">
          <DownloadLink file={file} resolver={resolver} />
        </div>
      </Notice>
    );
  }

  return (
    <div className="flex min-h-40 items-center justify-center rounded-lg bg-zinc-100 p-3 dark:bg-zinc-900">
      {loading || !url ? (
        <div role="status" className="h-40 w-full animate-pulse rounded bg-zinc-200 dark:bg-zinc-800">
          <span className="sr-only">Loading image</span>
        </div>
      ) : (
        <img
          key={failures}
          src={url}
          alt={file.filename}
          decoding="async"
          onError={() => {
            setFailures((n) => n + 1);
            if (failures === 0) renew();
          }}
          className="max-h-[70vh] max-w-full rounded object-contain shadow-sm"
        />
      )}
    </div>
  );
}
