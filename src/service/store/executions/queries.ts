import { sql, type SelectQueryBuilder } from 'kysely';
import type { ExecutionStatus } from '../../../contract/openapi-document';
import { epochMs, inList, intDiv, notIndexed, type StoreContext } from '../db/context';
import { EXECUTION_VIEW_COLUMNS, rejectedMark, type RejectedMark } from './table';
import type { ExecutionView } from '../records';

/** An execution as the lists show it: the view plus when it first started and when it ended. */
export interface ExecutionListRow extends ExecutionView {
  first_started_at: string | null;
  finished_at: string | null;
  /** The key that started the run and its name now (null once the key is gone). */
  started_by: string | null;
  started_by_name: string | null;
}

/** A key that did something to a run, with its name now (null when the key no longer exists). */
export interface ActorRow {
  key_id: string;
  name: string | null;
}

/** Who started, decided and cancelled a run (each null when it did not happen or was not recorded). */
export interface ExecutionActivityRow {
  started: { by: ActorRow; at: string } | null;
  decision: { approved: boolean; by: ActorRow; comment: string | null; at: string } | null;
  cancelled: { by: ActorRow; at: string } | null;
}

/** A row of the account-wide list, which also names the workflow. */
interface AccountExecutionRow extends ExecutionListRow {
  workflow_name: string;
}

/** How many executions of one status were created in one bucket (numbered from the epoch). */
export interface BucketCount extends RejectedMark {
  status: ExecutionStatus;
  bucket: number;
  n: number;
}

/** A stats range in stored form, with its bucket grid in milliseconds. */
export interface StatsSpan {
  from: string;
  to: string;
  bucketMs: number;
  /** Added to epoch milliseconds before bucketing, so buckets start at the viewer's midnight. */
  offsetMs: number;
}

/** How a workflow's runs are doing, for the workflows list. */
export interface WorkflowActivityRow {
  lastRun: { id: string; status: ExecutionStatus; created_at: string; rejected?: boolean } | null;
  /** Runs created since the caller's `since` that ended, by outcome; `rejected` counts the errors a reviewer decided. */
  finished: number;
  error: number;
  rejected: number;
  waitingApproval: number;
}

interface ListFilter {
  /** Only executions in one of these statuses; null for all. */
  statuses: readonly ExecutionStatus[] | null;
  /** Only executions started by this key / of this batch (the account-wide list's filters). */
  startedBy?: string | null;
  batchId?: string | null;
  /** Exclusive upper bound on created_at (the cursor), or null for the first page. */
  before: string | null;
  limit: number;
}

/** What a list shows of each run: what the API shows of one, when it started and ended, and who started it. */
const LIST_COLUMNS = [
  ...EXECUTION_VIEW_COLUMNS.map((column) => `e.${column}` as const),
  'e.first_started_at',
  'e.finished_at',
  'e.started_by',
  'sk.name as started_by_name',
] as const;

const ALL_STATUSES = ['initial', 'processing', 'human_in_the_loop', 'finished', 'error'] as const;

/**
 * The executions lists with the local extensions' filters (status, workflow) and the stats reads.
 * Every list is newest first with a created_at cursor, exactly like the plain v1 list; each shape of
 * filter is a statement an index serves (see the migrations).
 */
export class ExecutionQueries {
  constructor(private readonly ctx: StoreContext) {}

  /** One page of a workflow's executions, newest first. */
  async workflowPage(workflowId: string, filter: ListFilter): Promise<ExecutionListRow[]> {
    return this.ctx.db
      .selectFrom('executions as e')
      .leftJoin('api_keys as sk', 'sk.id', 'e.started_by')
      .select(LIST_COLUMNS)
      .where('e.workflow_id', '=', workflowId)
      .$call((q) => filtered(q, filter))
      .execute();
  }

  /**
   * One page of all the account's executions (optionally of one workflow, of one starter, of one
   * batch), newest first.
   */
  async accountPage(accountId: string, workflowId: string | null, filter: ListFilter): Promise<AccountExecutionRow[]> {
    // Filtered by starter or batch, the account index on that column serves (the workflow is then
    // checked per row); by workflow alone, its own index does and SQLite is kept off the account index.
    const byWorkflowIndex = workflowId !== null && !filter.startedBy && !filter.batchId;
    return this.ctx.db
      .selectFrom('executions as e')
      .innerJoin('workflows as w', 'w.id', 'e.workflow_id')
      .leftJoin('api_keys as sk', 'sk.id', 'e.started_by')
      .select([...LIST_COLUMNS, 'w.name as workflow_name'])
      .$if(byWorkflowIndex, (q) =>
        q
          .where('e.workflow_id', '=', workflowId!)
          .where((eb) => eb(notIndexed(this.ctx.dialect, eb.ref('e.account_id')), '=', accountId)),
      )
      .$if(!byWorkflowIndex, (q) => q.where('e.account_id', '=', accountId))
      .$if(!byWorkflowIndex && workflowId !== null, (q) =>
        q.where((eb) => eb(notIndexed(this.ctx.dialect, eb.ref('e.workflow_id')), '=', workflowId!)),
      )
      .$if(!!filter.startedBy, (q) => q.where('e.started_by', '=', filter.startedBy!))
      .$if(!!filter.batchId, (q) => q.where('e.batch_id', '=', filter.batchId!))
      .$call((q) => filtered(q, filter))
      .execute();
  }

  /** Who started, approved or rejected, and cancelled one execution, with each key's name now. */
  async activity(executionId: string): Promise<ExecutionActivityRow | undefined> {
    const row = await this.ctx.db
      .selectFrom('executions as e')
      .leftJoin('api_keys as sk', 'sk.id', 'e.started_by')
      .leftJoin('api_keys as dk', 'dk.id', 'e.decided_by')
      .leftJoin('api_keys as ck', 'ck.id', 'e.cancelled_by')
      .select([
        'e.created_at',
        'e.started_by',
        'sk.name as started_by_name',
        'e.decided_by',
        'dk.name as decided_by_name',
        'e.decision',
        'e.decision_comment',
        'e.decided_at',
        'e.cancelled_by',
        'ck.name as cancelled_by_name',
        'e.cancelled_at',
      ])
      .where('e.id', '=', executionId)
      .executeTakeFirst();
    if (!row) return undefined;
    const actor = (keyId: string, name: string | null): ActorRow => ({ key_id: keyId, name });
    return {
      started: row.started_by ? { by: actor(row.started_by, row.started_by_name), at: row.created_at } : null,
      decision:
        row.decided_by && row.decision && row.decided_at
          ? {
              approved: row.decision === 'approved',
              by: actor(row.decided_by, row.decided_by_name),
              comment: row.decision_comment,
              at: row.decided_at,
            }
          : null,
      cancelled:
        row.cancelled_by && row.cancelled_at
          ? { by: actor(row.cancelled_by, row.cancelled_by_name), at: row.cancelled_at }
          : null,
    };
  }

  /**
   * Executions of the workflow created in [from, to), counted per status and bucket: on SQLite
   * from the status index alone (status and created_at are in it), five seeks and no row reads.
   */
  async bucketCounts(workflowId: string, span: StatsSpan): Promise<BucketCount[]> {
    const { dialect } = this.ctx;
    const rows = await this.ctx.db
      .selectFrom('executions')
      .select((eb) => [
        'status',
        'decision',
        intDiv(
          dialect,
          sql<number>`${epochMs(dialect, eb.ref('created_at'))} + ${span.offsetMs}`,
          sql.val(span.bucketMs),
        ).as('bucket'),
        eb.fn.countAll<number>().as('n'),
      ])
      .where('workflow_id', '=', workflowId)
      .where('status', 'in', ALL_STATUSES)
      .where('created_at', '>=', span.from)
      .where('created_at', '<', span.to)
      .groupBy(['status', 'decision', 'bucket'])
      .execute();
    return rows.map((row) => ({ ...rejectedMark(row), status: row.status, bucket: +row.bucket, n: +row.n }));
  }

  /** Durations (first start to end, ms) of the workflow's ended executions created in [from, to), shortest first. */
  async durations(workflowId: string, from: string, to: string): Promise<number[]> {
    const { dialect } = this.ctx;
    const rows = await this.ctx.db
      .selectFrom('executions')
      .select((eb) =>
        sql<number>`${epochMs(dialect, eb.ref('finished_at'))} - ${epochMs(dialect, eb.ref('first_started_at'))}`.as(
          'ms',
        ),
      )
      .where('workflow_id', '=', workflowId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('finished_at', 'is not', null)
      .where('first_started_at', 'is not', null)
      .orderBy('ms')
      .execute();
    return rows.map((row) => Number(row.ms));
  }

  /**
   * For each workflow: its newest run, its runs created since `since` that ended (finished or
   * error), and its runs waiting for approval. Three statements for the whole page of workflows,
   * each served by the workflow/status/created_at index.
   */
  async workflowActivity(workflowIds: readonly string[], since: string): Promise<Map<string, WorkflowActivityRow>> {
    const activity = new Map<string, WorkflowActivityRow>(
      workflowIds.map((id) => [id, { lastRun: null, finished: 0, error: 0, rejected: 0, waitingApproval: 0 }]),
    );
    if (workflowIds.length === 0) return activity;
    const { dialect } = this.ctx;
    const [ended, waiting, newest] = await Promise.all([
      this.ctx.db
        .selectFrom('executions')
        .select((eb) => ['workflow_id', 'status', 'decision', eb.fn.countAll<number>().as('n')])
        .where((eb) => inList(dialect, eb.ref('workflow_id'), workflowIds))
        .where('status', 'in', ['finished', 'error'])
        .where('created_at', '>=', since)
        .groupBy(['workflow_id', 'status', 'decision'])
        .execute(),
      this.ctx.db
        .selectFrom('executions')
        .select((eb) => ['workflow_id', eb.fn.countAll<number>().as('n')])
        .where((eb) => inList(dialect, eb.ref('workflow_id'), workflowIds))
        .where('status', '=', 'human_in_the_loop')
        .groupBy('workflow_id')
        .execute(),
      // Driven from the workflows, so each finds its newest run with two index seeks; driven from the
      // executions, SQLite scanned the whole table (3 ms at 5,000 runs, against 0.4 ms this way).
      this.ctx.db
        .selectFrom('workflows as w')
        .innerJoin('executions as e', (join) =>
          join.onRef('e.workflow_id', '=', 'w.id').on((eb) =>
            eb(
              'e.created_at',
              '=',
              eb
                .selectFrom('executions as n')
                .select((inner) => inner.fn.max('n.created_at').as('newest'))
                .whereRef('n.workflow_id', '=', 'w.id'),
            ),
          ),
        )
        .select(['e.workflow_id', 'e.id', 'e.status', 'e.created_at', 'e.decision'])
        .where((eb) => inList(dialect, eb.ref('w.id'), workflowIds))
        .execute(),
    ]);
    for (const row of ended) {
      const entry = activity.get(row.workflow_id)!;
      entry[row.status === 'finished' ? 'finished' : 'error'] += Number(row.n);
      if ('rejected' in rejectedMark(row)) entry.rejected += Number(row.n);
    }
    for (const row of waiting) activity.get(row.workflow_id)!.waitingApproval = Number(row.n);
    for (const row of newest) {
      const entry = activity.get(row.workflow_id)!;
      // Two runs created in the same microsecond: either is the newest.
      entry.lastRun ??= { id: row.id, status: row.status, created_at: row.created_at, ...rejectedMark(row) };
    }
    return activity;
  }
}

/** The status filter, the cursor, newest first and the page size, shared by both lists. */
function filtered<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  filter: ListFilter,
): SelectQueryBuilder<DB, TB, O> {
  const statuses = filter.statuses ?? [];
  const status = sql.ref<string>('e.status');
  const createdAt = sql.ref<string>('e.created_at');
  let q = query;
  if (statuses.length === 1) q = q.where(status, '=', statuses[0]!);
  else if (statuses.length > 1) q = q.where(status, 'in', statuses);
  if (filter.before !== null) q = q.where(createdAt, '<', filter.before);
  return q.orderBy(createdAt, 'desc').limit(filter.limit);
}
