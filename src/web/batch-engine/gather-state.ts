import type { ResultFile } from '@contract/openapi-document';
import type { RowRecord } from './batch-types';
import { needsDetails } from './details';

/** Text files the spreadsheet takes the content of; anything else (PDF, images) is given as a link. */
const TEXT_FILE = /\.(md|markdown|txt|text|csv|tsv|json|jsonl|ndjson|html?|xml|ya?ml|log|ini|toml|svg)$/i;
export const isTextFile = (f: Pick<ResultFile, 'filename' | 'content'>): boolean =>
  f.content !== undefined || TEXT_FILE.test(f.filename);

/** Rows with an execution that ended: the ones that have results to gather. */
export const hasFinalExecution = (r: RowRecord): boolean =>
  r.executionId !== undefined && (r.status === 'finished' || r.status === 'error');

/** Text files of a row still without content, leaving out those the gatherer gave up on for good. */
export const filesToFetch = (r: RowRecord): ResultFile[] =>
  // A removed run's links answer 404 too: what was gathered before is all there is.
  (r.removed ? [] : (r.results ?? [])).filter(
    (f) =>
      f.content === undefined &&
      isTextFile(f) &&
      !(r.unfetched ?? []).some((u) => u.filename === f.filename && u.final),
  );

export interface GatherProgress {
  /** Rows whose results (and, for errors, the message) are recorded. */
  rowsWithResults: number;
  /** Rows that ended finished or error: the ones that have results. */
  rowsTotal: number;
  /** Text files whose content is recorded. */
  filesFetched: number;
  /** Text files still without content (including those that could not be fetched), and rows with no files recorded yet count one each. */
  filesMissing: number;
}

/** What the journal holds for the export panel: "holds N rows and M files; K still missing". */
export function gatherProgress(rows: readonly RowRecord[]): GatherProgress {
  const out: GatherProgress = { rowsWithResults: 0, rowsTotal: 0, filesFetched: 0, filesMissing: 0 };
  for (const r of rows) {
    if (!hasFinalExecution(r)) continue;
    out.rowsTotal += 1;
    if (needsDetails(r)) {
      out.filesMissing += 1;
      continue;
    }
    out.rowsWithResults += 1;
    for (const f of r.results ?? []) {
      if (f.content !== undefined) out.filesFetched += 1;
      else if (isTextFile(f)) out.filesMissing += 1;
    }
  }
  return out;
}

/** Whether gathering has anything left that it can still do. */
export const gatheringNeeded = (rows: readonly RowRecord[]): boolean =>
  rows.some(
    (r) =>
      hasFinalExecution(r) &&
      (needsDetails(r) || filesToFetch(r).some((f) => !(r.unfetched ?? []).some((u) => u.filename === f.filename))),
  );

/** Detail reads gathering still needs (one API request each), for an estimate in the export panel. */
export const detailReadsLeft = (rows: readonly RowRecord[]): number =>
  rows.filter((r) => hasFinalExecution(r) && needsDetails(r)).length;
