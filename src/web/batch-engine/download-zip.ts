import type { ResultFile } from '@contract/openapi-document';
import { zipFiles, type ZipOutcome } from '@/lib/zip';
import type { RowRecord } from './batch-types';

/** row-0001 … row-10000: zero-padded to at least four digits so folders sort in row order. */
export const rowFolder = (index: number, total: number): string =>
  `row-${String(index + 1).padStart(Math.max(4, String(total).length), '0')}`;

/**
 * Every finished row's files in one zip, one folder per row (row-0001/report.md), in row order;
 * files that cannot be fetched are listed in MISSING-FILES.txt.
 */
export function zipRowFiles(
  rows: readonly RowRecord[],
  fetchFile: (file: ResultFile) => Promise<Uint8Array>,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<ZipOutcome> {
  const total = rows.reduce((m, r) => Math.max(m, r.index + 1), 0);
  const withFiles = rows
    .filter((r) => r.status === 'finished' && (r.results?.length ?? 0) > 0)
    .sort((a, b) => a.index - b.index);
  const sources = withFiles.flatMap((row) =>
    (row.results ?? []).map((file) => ({
      path: `${rowFolder(row.index, total)}/${file.filename.replace(/[\\/]/g, '_')}`,
      load: () => fetchFile(file),
    })),
  );
  return zipFiles(sources, options);
}

/** Bytes of one result file: its text when gathered, else a GET of its presigned link (not an API call). */
export async function fetchResultFile(file: ResultFile, fetcher: typeof fetch = fetch): Promise<Uint8Array> {
  if (file.content !== undefined) return new TextEncoder().encode(file.content);
  const res = await fetcher(file.url);
  if (!res.ok)
    throw new Error(
      `download failed (${res.status}${res.status === 403 || res.status === 410 ? ', the link may have expired' : ''})`,
    );
  return new Uint8Array(await res.arrayBuffer());
}
