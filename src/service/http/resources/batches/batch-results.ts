import type { FastifyInstance } from 'fastify';
import type { Schemas } from '../../../../contract/openapi-document';
import { resultRowFiles, type ResultRowFile } from '../../../store/batch-results-query';
import type { LatestRow } from '../../../store/batches-repo';
import { accountOf } from '../../plugins/auth';
import { contractRoute } from '../../shared/contract-route';
import { rowsCursor } from './batch-declaration';
import { attemptsByRow, rowWithAttempts } from './batch-rows';
import { notFound } from '../../plugins/errors';
import type { LocalContext } from '../../shared/local-context';

const PAGE_DEFAULT = 500;
/**
 * Inline text a page carries at most: a page ends early after the row that passes it, so an answer
 * stays a few MB however large the files (inline files are under 100 KB each).
 */
export const PAGE_CONTENT_BYTES = 4 * 1024 * 1024;
/** Rows whose files are read in one statement while filling a page. */
const FILE_READ_ROWS = 100;

const utf8 = new TextDecoder();
const ended = (status: LatestRow['status']): boolean => status === 'finished' || status === 'error';

/**
 * Local extension: a batch's rows with their results, by page of up to 1,000, so a browser that did
 * not send the batch (a colleague's) shows and exports it with a request per page instead of one
 * per row and one per file. Same scoping as the batch's other routes: another account's batch is
 * unknown (404); the key's rate limit applies as to every request.
 */
export function batchResultRoutes(app: FastifyInstance, ctx: LocalContext): void {
  if (ctx.config.strictV1) return;
  const { store, presenter } = ctx;

  contractRoute(app, 'listBatchResults', async (request) => {
    const account = accountOf(request);
    const batch = await store.batches.find(account.id, request.params.batchId.toLowerCase());
    if (!batch) throw notFound('batch not found');
    const after = rowsCursor(request.query.cursor);
    const limit = request.query.limit ?? PAGE_DEFAULT;
    const rows = await store.batches.latestRows(account.id, batch.id, after, limit + 1);
    const candidates = rows.slice(0, limit);

    // Files a few rows at a time, stopping once the page holds enough inline text.
    const page: LatestRow[] = [];
    const filesOf = new Map<string, ResultRowFile[]>();
    let bytes = 0;
    for (let start = 0; start < candidates.length && bytes <= PAGE_CONTENT_BYTES; start += FILE_READ_ROWS) {
      const part = candidates.slice(start, start + FILE_READ_ROWS);
      const files = await resultRowFiles(
        store,
        part.filter((r) => ended(r.status)).map((r) => r.execution_id),
      );
      for (const f of files) filesOf.set(f.execution_id, [...(filesOf.get(f.execution_id) ?? []), f]);
      for (const row of part) {
        if (bytes > PAGE_CONTENT_BYTES) break;
        page.push(row);
        for (const f of filesOf.get(row.execution_id) ?? []) bytes += f.inline_data?.byteLength ?? 0;
      }
    }
    const more = rows.length > page.length;

    const earlier = await store.batches.earlierAttempts(
      account.id,
      batch.id,
      page.map((row) => row.row_index),
    );
    const byRow = attemptsByRow(earlier);
    const data: Schemas['BatchResultRow'][] = page.map((row) => ({
      ...rowWithAttempts(row, byRow),
      ...(row.first_started_at ? { started_at: row.first_started_at } : {}),
      ...(row.finished_at ? { finished_at: row.finished_at } : {}),
      results: ended(row.status)
        ? (filesOf.get(row.execution_id) ?? []).map((f) =>
            presenter.resultFile({
              id: f.id,
              filename: f.filename,
              content: f.inline_data ? utf8.decode(f.inline_data) : null,
            }),
          )
        : null,
    }));
    return { data, cursor: more ? String(page[page.length - 1]!.row_index) : null };
  });
}
