import type { JSX } from 'react';
import type { ResultFile } from '@contract/openapi-document';
import { DownloadLink } from './file-actions';
import type { LinkResolver } from './links/fresh-links';
import { FileIcon } from '@/components/ui/icons';

/** For types the browser cannot show: a clear call to download. */
export function DownloadCard({
  file,
  typeName,
  resolver,
}: {
  file: ResultFile;
  typeName: string;
  resolver: LinkResolver;
}): JSX.Element {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-zinc-300 px-4 py-8 text-center dark:border-zinc-700">
      <FileIcon className="size-10 text-zinc-400" />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        There is no preview for {typeName === 'File' ? 'this file type' : `${typeName}s`}. Download it to open it.
      </p>
      <DownloadLink file={file} resolver={resolver} variant="primary" />
    </div>
  );
}
