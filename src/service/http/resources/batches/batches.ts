import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../../../contract/limits';
import type { Schemas } from '../../../../contract/openapi-document';
import type { AccountRecord } from '../../../store/records';
import type { BatchSummaryRow, BatchTally, StoredBatch } from '../../../store/batches-repo';
import { declareBatch, runBatchRows } from '../../../store/batch-writes';
import { accountOf, callerOf } from '../../plugins/auth';
import { contractRoute } from '../../shared/contract-route';
import { badRequest, HttpError, notFound } from '../../plugins/errors';
import { requireValidInputs, requireWorkflow, type LocalContext } from '../../shared/local-context';
import { rowsCursor, storedDeclaration } from './batch-declaration';
import { attemptsByRow, rowWithAttempts } from './batch-rows';
import { paginate } from '../../shared/pagination';
import { requireStorageRoom, withinQuota } from '../../shared/quotas';

const ROWS_PAGE_DEFAULT = 100;

const parse = <T>(json: string): T => JSON.parse(json) as T;

/** A batch as lists show it: without columns and mapping, so a page stays small. */
function summary(batch: BatchSummaryRow, tally: BatchTally | undefined): Schemas['BatchSummary'] {
  return {
    id: batch.id,
    workflow_id: batch.workflow_id,
    file_name: batch.file_name,
    row_count: batch.row_count,
    started_by:
      batch.started_by === null || batch.started_by_name === null
        ? null
        : { id: batch.started_by, name: batch.started_by_name },
    created_at: batch.created_at,
    rows_sent: tally?.rowsSent ?? 0,
    runs: tally?.runs ?? 0,
    counts: tally?.counts ?? { initial: 0, processing: 0, human_in_the_loop: 0, finished: 0, error: 0 },
  };
}

function present(batch: StoredBatch, tally: BatchTally | undefined): Schemas['Batch'] {
  return {
    ...summary(batch, tally),
    columns: parse<string[]>(batch.columns),
    mapping: parse<Record<string, unknown>>(batch.mapping),
  };
}

/**
 * Local extension: batches kept on the server, so everyone on the account sees them. The
 * dashboard declares a batch (file, columns, mapping, row count) under an id it chose, then sends
 * its rows in as many requests as it likes; each row's execution is recorded with its attempt, and
 * a re-run of a row is its next attempt.
 */
export function batchRoutes(app: FastifyInstance, ctx: LocalContext): void {
  // Strict-v1 mode has no such routes, so they answer the usual 404 `no route …`.
  if (ctx.config.strictV1) return;
  const { store } = ctx;
  const maxBatches = ctx.config.quotas.batchesPerAccount;

  const requireBatch = async (account: AccountRecord, id: string): Promise<StoredBatch> => {
    const batch = await store.batches.find(account.id, id.toLowerCase());
    if (!batch) throw notFound('batch not found');
    return batch;
  };
  const presentOne = async (batch: StoredBatch) =>
    present(batch, (await store.batches.tallies(batch.account_id, [batch.id])).get(batch.id));

  contractRoute(app, 'listBatches', async (request) => {
    const account = accountOf(request);
    const workflowId = request.query.workflow_id?.toLowerCase() ?? null;
    if (workflowId !== null) await requireWorkflow(ctx, account, workflowId);
    let tallies = new Map<string, BatchTally>();
    return paginate(
      request.query,
      async (before, limit) => {
        const rows = await store.batches.page(account.id, { workflowId, before, limit });
        tallies = await store.batches.tallies(
          account.id,
          rows.map((row) => row.id),
        );
        return rows;
      },
      (row) => summary(row, tallies.get(row.id)),
    );
  });

  contractRoute(app, 'getBatch', async (request) =>
    presentOne(await requireBatch(accountOf(request), request.params.batchId)),
  );

  contractRoute(app, 'declareBatch', async (request, reply) => {
    const { account, key } = callerOf(request);
    const id = request.params.batchId.toLowerCase();
    const body = request.body;
    const workflow = await requireWorkflow(ctx, account, body.workflow_id.toLowerCase());
    const { columns, mapping } = storedDeclaration(body);
    // A declaration sent again (or twice at once) answers as the first did, when it names the same workflow.
    const taken = () =>
      new HttpError(409, 'this batch id is already used by another batch: declare the batch under a new id');
    const sameAsBefore = async () => {
      const known = await store.batches.find(account.id, id);
      if (known && known.workflow_id !== workflow.id) throw taken();
      return known && presentOne(known);
    };
    const before = await sameAsBefore();
    if (before) return before;
    await requireStorageRoom(store, ctx.config.quotas, account.id);
    const declared = await declareBatch(
      store,
      {
        id,
        account_id: account.id,
        workflow_id: workflow.id,
        file_name: body.file_name,
        columns,
        mapping,
        row_count: body.row_count,
        started_by: key.id,
      },
      maxBatches,
    );
    if (declared.kind === 'full')
      throw badRequest(
        `This account already keeps ${declared.kept.toLocaleString('en-US')} batches, the most it may; older ones go with their runs (see Settings → Retention), or ask the operator to raise WORKFLOW_ACCOUNT_MAX_BATCHES.`,
      );
    if (declared.kind === 'raced') {
      const made = await sameAsBefore();
      if (!made) throw taken();
      return made;
    }
    return reply.code(201).send(await presentOne((await store.batches.find(account.id, id))!));
  });

  contractRoute(app, 'createBatchRuns', async (request, reply) => {
    const account = accountOf(request);
    const batch = await requireBatch(account, request.params.batchId);
    const workflow = await requireWorkflow(ctx, account, batch.workflow_id);
    const { items, concurrency } = request.body;
    const seen = new Set<number>();
    items.forEach((item, index) => {
      if (item.row >= batch.row_count)
        throw badRequest(
          `items[${index}].row is ${item.row}, but the batch has ${batch.row_count} rows (0 to ${batch.row_count - 1})`,
        );
      if (seen.has(item.row)) throw badRequest(`items[${index}].row ${item.row} appears twice: send each row once`);
      seen.add(item.row);
    });
    requireValidInputs(
      ctx,
      workflow,
      items.map((item) => item.input),
      (index) => `items[${index}].input`,
    );
    const cap = LIMITS.batchConcurrency[concurrency ?? workflow.concurrency ?? 'medium'];
    await requireStorageRoom(store, ctx.config.quotas, account.id);
    const outcome = await withinQuota(reply, items.length, () =>
      runBatchRows(store, {
        accountId: account.id,
        workflowId: workflow.id,
        batch: { batchId: batch.id, cap },
        items,
        maxQueued: ctx.config.quotas.queuedPerAccount,
        startedBy: request.apiKey!.id,
      }),
    );
    if (outcome.kind === 'out_of_turn') {
      const { row, attempt, latest } = outcome;
      throw new HttpError(
        409,
        latest === 0
          ? `row ${row + 1} has not run yet: its first run is attempt 1, not ${attempt}`
          : `row ${row + 1} is at attempt ${latest}: a re-run is attempt ${latest + 1}, not ${attempt}`,
      );
    }
    if (outcome.kind === 'raced')
      throw new HttpError(
        409,
        'someone re-ran some of these rows at the same moment: read the batch again to see their attempts',
      );
    if (outcome.created > 0) ctx.engine.enqueued(workflow.id, batch.id, cap);
    return reply.code(201).send({
      batch_id: batch.id,
      workflow_id: workflow.id,
      total: outcome.created,
      executions: items.map((item, index) => ({
        execution_id: outcome.ids[index]!,
        index,
        row: item.row,
        attempt: item.attempt,
      })),
    });
  });

  contractRoute(app, 'listBatchRows', async (request) => {
    const batch = await requireBatch(accountOf(request), request.params.batchId);
    const after = rowsCursor(request.query.cursor);
    const limit = request.query.limit ?? ROWS_PAGE_DEFAULT;
    const rows = await store.batches.latestRows(batch.account_id, batch.id, after, limit + 1);
    const page = rows.slice(0, limit);
    const earlier = await store.batches.earlierAttempts(
      batch.account_id,
      batch.id,
      page.map((row) => row.row_index),
    );
    const byRow = attemptsByRow(earlier);
    return {
      data: page.map((row) => rowWithAttempts(row, byRow)),
      cursor: rows.length > limit ? String(page[page.length - 1]!.row_index) : null,
    };
  });
}
