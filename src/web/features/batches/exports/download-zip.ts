import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ResultFile } from '../../../../contract/openapi-document';
import type { RowRecord } from '../batch-types';

const COMPRESSED = /\.(png|jpe?g|gif|webp|avif|pdf|zip|gz|xlsx|docx|pptx|mp3|mp4|webm|woff2)$/i;

/** A file name safe inside a zip folder: no path separators, control characters or dot-only names. */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\\/\u0000-\u001f]/g, '_').trim();
  return clean === '' || /^\.+$/.test(clean) ? 'file' : clean;
}

/** row-0001 … row-10000: zero-padded to at least four digits so folders sort in row order. */
export const rowFolder = (index: number, total: number): string => `row-${String(index + 1).padStart(Math.max(4, String(total).length), '0')}`;

/**
 * Builds the zip of every row's files as they arrive: each file is compressed and emitted as soon
 * as it is fetched, so memory holds compressed output, not the whole set of originals.
 * `fetchFile` gets the bytes (inline content when present, else the download link).
 */
export async function streamZip(
  rows: readonly RowRecord[],
  fetchFile: (file: ResultFile) => Promise<Uint8Array>,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void; onError?: (row: RowRecord, file: ResultFile, e: unknown) => void } = {},
): Promise<Blob> {
  const parts: Uint8Array[] = [];
  let failure: Error | null = null;
  let finish: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  const zip = new Zip((err, data, final) => {
    if (err) failure = err;
    else parts.push(data);
    if (final || err) finish();
  });
  const withFiles = rows.filter((r) => (r.results?.length ?? 0) > 0).sort((a, b) => a.index - b.index);
  const total = withFiles.reduce((n, r) => n + (r.results?.length ?? 0), 0);
  const lastIndex = rows.reduce((m, r) => Math.max(m, r.index), 0);
  let done = 0;
  for (const row of withFiles) {
    const used = new Set<string>();
    for (const file of row.results ?? []) {
      options.signal?.throwIfAborted();
      let name = safeFileName(file.filename);
      for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${n}-${safeFileName(file.filename)}`;
      used.add(name.toLowerCase());
      let bytes: Uint8Array;
      try {
        bytes = await fetchFile(file);
      } catch (e) {
        options.onError?.(row, file, e);
        bytes = new TextEncoder().encode(`This file could not be downloaded: ${e instanceof Error ? e.message : String(e)}\n${file.url}\n`);
        name = `${name}.failed.txt`;
      }
      const path = `${rowFolder(row.index, lastIndex + 1)}/${name}`;
      const entry = COMPRESSED.test(name) ? new ZipPassThrough(path) : new ZipDeflate(path, { level: 6 });
      zip.add(entry);
      entry.push(bytes, true);
      done += 1;
      options.onProgress?.(done, total);
    }
  }
  zip.end();
  await ended;
  if (failure) throw failure;
  return new Blob(parts as BlobPart[], { type: 'application/zip' });
}

/** Bytes of one result file: inline content when the API gave it, else a GET of its presigned link. */
export async function fetchResultFile(file: ResultFile, fetcher: typeof fetch = fetch): Promise<Uint8Array> {
  if (file.content !== undefined) return new TextEncoder().encode(file.content);
  const res = await fetcher(file.url);
  if (!res.ok) throw new Error(`download failed (${res.status}${res.status === 403 || res.status === 410 ? ', the link may have expired' : ''})`);
  return new Uint8Array(await res.arrayBuffer());
}
