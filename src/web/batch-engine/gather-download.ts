import type { ResultFile } from '@contract/openapi-document';
import { FileFetchError, fetchTextWithLimit } from '@/lib/fetch-with-limit';
import type { RowRecord } from './batch-types';

/** A text file larger than this stays a link in the spreadsheet (a cell holds at most 32,767 characters anyway). */
const CONTENT_LIMIT_BYTES = 2 * 1024 * 1024;

/** What became of one file's download: its text, or why the spreadsheet keeps its link instead. */
type Download =
  | { kind: 'ok'; text: string }
  | { kind: 'too-large'; reason: string }
  | { kind: 'expired'; reason: string }
  | { kind: 'failed'; reason: string };

/** Downloads one text file from its presigned link, which costs no API budget. */
export async function download(file: ResultFile, signal: AbortSignal, fetchImpl?: typeof fetch): Promise<Download> {
  try {
    const got = await fetchTextWithLimit(file.url, CONTENT_LIMIT_BYTES, { signal, fetchImpl });
    if (got.status === 'ok') return { kind: 'ok', text: got.text };
    return { kind: 'too-large', reason: `over ${Math.round(CONTENT_LIMIT_BYTES / 1024 / 1024)} MB, given as a link` };
  } catch (e) {
    if (signal.aborted) throw e;
    if (e instanceof FileFetchError && (e.status === 403 || e.status === 410))
      return { kind: 'expired', reason: e.message };
    return { kind: 'failed', reason: e instanceof Error ? e.message : String(e) };
  }
}

/** The row with one file's content, or why it has none; null when the row moved on to another execution. */
export function withFile(
  stored: RowRecord,
  executionId: string | undefined,
  filename: string,
  got: Download,
): RowRecord | null {
  if (stored.executionId !== executionId || stored.results == null) return null;
  if (got.kind === 'ok') {
    return {
      ...stored,
      results: stored.results.map((f) => (f.filename === filename ? { ...f, content: got.text } : f)),
      unfetched: (stored.unfetched ?? []).filter((u) => u.filename !== filename),
    };
  }
  if (got.kind === 'expired') return null;
  const unfetched = [
    ...(stored.unfetched ?? []).filter((u) => u.filename !== filename),
    { filename, reason: got.reason, final: got.kind === 'too-large' },
  ];
  return { ...stored, unfetched };
}

/** The row with renewed links from a list page, keeping contents already gathered. */
export function withLinks(
  stored: RowRecord,
  executionId: string,
  files: readonly ResultFile[],
  at: number,
): RowRecord | null {
  if (stored.executionId !== executionId) return null;
  const had = new Map((stored.results ?? []).map((f) => [f.filename, f]));
  return {
    ...stored,
    results: files.map((f) => {
      const old = had.get(f.filename);
      return old?.content !== undefined ? { ...f, content: old.content } : { ...f };
    }),
    linksAt: at,
  };
}
