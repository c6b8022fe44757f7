/**
 * File extensions and their media types: one table for the service (the Content-Type it serves a
 * result with) and the dashboard (which preview a result gets when its server sends a vague type).
 * Source code, config and other plain text is `text/plain`, which the service may show in place and
 * the dashboard previews as text. Names the table lacks are opaque bytes.
 */
const MEDIA_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  mdown: 'text/markdown',
  mkd: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  tab: 'text/tab-separated-values',
  html: 'text/html',
  htm: 'text/html',
  json: 'application/json',
  geojson: 'application/geo+json',
  jsonld: 'application/ld+json',
  webmanifest: 'application/manifest+json',
  xml: 'application/xml',
  rss: 'application/rss+xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  ndjson: 'application/x-ndjson',
  ...Object.fromEntries(
    [
      'txt',
      'text',
      'log',
      'jsonl',
      'toml',
      'ini',
      'cfg',
      'conf',
      'env',
      'sql',
      'js',
      'mjs',
      'ts',
      'tsx',
      'jsx',
      'py',
      'rb',
      'go',
      'rs',
      'java',
      'c',
      'h',
      'cpp',
      'sh',
      'css',
      'diff',
      'patch',
      'srt',
      'vtt',
      'ics',
    ].map((extension) => [extension, 'text/plain']),
  ),
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/vnd.microsoft.icon',
  svg: 'image/svg+xml',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The lower-cased extension after the last dot of a file's base name, or '' when it has none. */
export function fileExtension(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The media type a file name says (`report.CSV` → `text/csv`), or undefined when the table lacks it. */
export function mediaTypeOfName(filename: string): string | undefined {
  return Object.hasOwn(MEDIA_TYPE_BY_EXTENSION, fileExtension(filename))
    ? MEDIA_TYPE_BY_EXTENSION[fileExtension(filename)]
    : undefined;
}
