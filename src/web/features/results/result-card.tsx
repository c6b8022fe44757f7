import { useMemo, useState, type JSX } from 'react';
import type { ResultFile } from '@contract/openapi-document';
import { CopyButton } from '@/components/ui/copy-button';
import { DownloadLink } from './file-actions';
import { FilePreview } from './previews/file-preview';
import { utf8Length } from '@/lib/utf8';
import { formatBytes } from '@/lib/format-bytes';
import type { LinkResolver } from './links/fresh-links';
import { pickPreview, typeLabel } from './previews/pick-preview';

type Props = { file: ResultFile; resolver: LinkResolver; siblings: ReadonlyMap<string, string>; headingId?: string };

/** One result: its name, type and size, Copy and Download, and the preview. */
export function ResultCard({ file, resolver, siblings, headingId }: Props): JSX.Element {
  const kind = pickPreview(file.filename, null, file.content !== undefined);
  const typeName = typeLabel(file.filename, kind);
  const inlineBytes = useMemo(() => (file.content !== undefined ? utf8Length(file.content) : null), [file.content]);
  const [fetchedBytes, setFetchedBytes] = useState<number | null>(null);
  const bytes = inlineBytes ?? fetchedBytes;
  const hasContent = file.content !== undefined;

  return (
    <article
      aria-labelledby={headingId}
      className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-950"
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <div className="min-w-0">
          <h3 id={headingId} className="font-mono text-sm font-semibold break-all text-zinc-900 dark:text-zinc-100">
            {file.filename}
          </h3>
          <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
            {typeName}
            {bytes !== null && <> · {formatBytes(bytes)}</>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <CopyButton
            label={hasContent ? 'Copy text' : 'Copy link'}
            what={file.filename}
            text={async () => (hasContent ? file.content! : (await resolver.fresh(file.filename)).url)}
          />
          <DownloadLink file={file} resolver={resolver} />
        </div>
      </header>
      <div className="p-4">
        <FilePreview
          file={file}
          kind={kind}
          typeName={typeName}
          resolver={resolver}
          siblings={siblings}
          onSize={setFetchedBytes}
        />
      </div>
    </article>
  );
}
