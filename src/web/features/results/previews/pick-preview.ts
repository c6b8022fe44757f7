import { fileExtension, mediaTypeOfName } from '@contract/media-types';

export type PreviewKind = 'markdown' | 'csv' | 'tsv' | 'html' | 'json' | 'text' | 'image' | 'pdf' | 'download';

const KIND_BY_CONTENT_TYPE: Record<string, PreviewKind> = {
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/json': 'json',
  'application/pdf': 'pdf',
  'application/xml': 'text',
  'application/yaml': 'text',
  'application/x-yaml': 'text',
  'application/javascript': 'text',
  'application/x-ndjson': 'text',
};

/** The bare media type of a Content-Type header value ("Text/CSV; charset=utf-8" → "text/csv"). */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function kindFromContentType(contentType: string | null | undefined): PreviewKind | undefined {
  const type = mediaType(contentType);
  if (!type) return undefined;
  const exact = KIND_BY_CONTENT_TYPE[type];
  if (exact) return exact;
  if (type.endsWith('+json')) return 'json';
  if (type.endsWith('+xml')) return type === 'image/svg+xml' ? 'image' : 'text';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('text/')) return 'text';
  return undefined;
}

/**
 * Chooses how to preview a result file: the extension wins because servers often send a generic
 * Content-Type, then the Content-Type, then plain text when the server inlined the content (it
 * only inlines text), else a download card.
 */
export function pickPreview(filename: string, contentType?: string | null, hasInlineContent = false): PreviewKind {
  const byExtension = kindFromContentType(mediaTypeOfName(filename));
  if (byExtension) return byExtension;
  const byType = kindFromContentType(contentType);
  if (byType) return byType;
  return hasInlineContent ? 'text' : 'download';
}

/** Kinds whose preview needs the file's text (inline or fetched), as opposed to a url the browser loads itself. */
export function isTextKind(kind: PreviewKind): boolean {
  return kind !== 'image' && kind !== 'pdf' && kind !== 'download';
}

/** How many bytes of a fetched file each text preview accepts before asking the user to download it instead. */
export const PREVIEW_BYTE_LIMITS: Record<PreviewKind, number> = {
  markdown: 2 * 1024 * 1024,
  csv: 32 * 1024 * 1024,
  tsv: 32 * 1024 * 1024,
  html: 2 * 1024 * 1024,
  json: 5 * 1024 * 1024,
  text: 5 * 1024 * 1024,
  image: Infinity,
  // A PDF is read whole into memory to be checked and framed as a blob; bigger ones are downloaded.
  pdf: 50 * 1024 * 1024,
  download: 0,
};

const KIND_LABELS: Record<PreviewKind, string> = {
  markdown: 'Markdown',
  csv: 'CSV',
  tsv: 'TSV',
  html: 'HTML',
  json: 'JSON',
  text: 'Text',
  image: 'Image',
  pdf: 'PDF',
  download: 'File',
};

/** A short human label for the file's type, e.g. "CSV", "PNG image", "ZIP file". */
export function typeLabel(filename: string, kind: PreviewKind): string {
  const ext = fileExtension(filename);
  if (kind === 'image') return ext ? `${ext.toUpperCase()} image` : 'Image';
  if (kind === 'text' && ext && ext !== 'txt' && ext !== 'text') return ext.toUpperCase();
  if (kind === 'download') return ext ? `${ext.toUpperCase()} file` : 'File';
  return KIND_LABELS[kind];
}
