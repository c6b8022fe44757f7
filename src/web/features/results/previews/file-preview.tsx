import { lazy, Suspense, type JSX } from 'react';
import type { ResultFile } from '@contract/openapi-document';
import { LazyCsvPreview } from './csv-preview-loader';
import { DownloadCard } from '@/features/results/download-card';
import { DownloadLink } from '@/features/results/file-actions';
import type { LinkResolver } from '@/features/results/links/fresh-links';
import { HtmlPreview } from './html-preview';
import { ImagePreview } from './image-preview';
import { JsonPreview } from './json-preview';
import { PdfPreview } from './pdf-preview';
import type { PreviewKind } from './pick-preview';
import { PreviewBoundary } from './preview-boundary';
import { TextPreview } from './text-preview';
import { TextSource } from './text-source';

// react-markdown and remark-gfm are big; load them only when a Markdown file is shown.
const MarkdownPreview = lazy(() => import('./markdown-preview').then((m) => ({ default: m.MarkdownPreview })));

function PreviewSkeleton(): JSX.Element {
  return (
    <div role="status" aria-label="Loading preview" className="space-y-2 py-1">
      <div className="h-4 w-2/3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="h-4 w-full animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="h-4 w-5/6 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}

type Props = {
  file: ResultFile;
  kind: PreviewKind;
  typeName: string;
  resolver: LinkResolver;
  siblings: ReadonlyMap<string, string>;
  onSize: (bytes: number) => void;
};

function TextKindPreview({
  kind,
  text,
  filename,
  siblings,
}: {
  kind: PreviewKind;
  text: string;
  filename: string;
  siblings: ReadonlyMap<string, string>;
}): JSX.Element {
  switch (kind) {
    case 'markdown':
      return <MarkdownPreview text={text} siblings={siblings} />;
    case 'csv':
    case 'tsv':
      return <LazyCsvPreview text={text} kind={kind} filename={filename} />;
    case 'html':
      return <HtmlPreview text={text} filename={filename} />;
    case 'json':
      return <JsonPreview text={text} filename={filename} />;
    default:
      return <TextPreview text={text} label={`Contents of ${filename}`} />;
  }
}

/** The preview for one result file, chosen by its kind. */
export function FilePreview({ file, kind, typeName, resolver, siblings, onSize }: Props): JSX.Element {
  let body: JSX.Element;
  if (kind === 'image') body = <ImagePreview file={file} resolver={resolver} />;
  else if (kind === 'pdf') body = <PdfPreview file={file} resolver={resolver} />;
  else if (kind === 'download') body = <DownloadCard file={file} typeName={typeName} resolver={resolver} />;
  else
    body = (
      <TextSource file={file} kind={kind} resolver={resolver} onSize={onSize}>
        {(text) => <TextKindPreview kind={kind} text={text} filename={file.filename} siblings={siblings} />}
      </TextSource>
    );

  return (
    <PreviewBoundary fallback={<DownloadLink file={file} resolver={resolver} />}>
      <Suspense fallback={<PreviewSkeleton />}>{body}</Suspense>
    </PreviewBoundary>
  );
}
