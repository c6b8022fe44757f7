import type { Statement } from 'better-sqlite3';
import type { ExecutionStatus } from '../../contract/openapi-document';
import type { Db } from './database';
import type { ExecutionView } from './records';

/** An execution as the lists show it: the view plus when it first started and when it ended. */
export interface ExecutionListRow extends ExecutionView {
  first_started_at: string | null;
  finished_at: string | null;
}

/** A row of the account-wide list, which also names the workflow. */
interface AccountExecutionRow extends ExecutionListRow {
  workflow_name: string;
}

/** How many executions of one status were created in one bucket (numbered from the epoch). */
export interface BucketCount {
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

interface ListFilter {
  /** Only executions in one of these statuses; null for all. */
  statuses: readonly ExecutionStatus[] | null;
  /** Exclusive upper bound on created_at (the cursor), or null for the first page. */
  before: string | null;
  limit: number;
}

const LIST_COLUMNS =
  'e.id, e.account_id, e.workflow_id, e.batch_id, e.batch_cap, e.status, e.resume_step, e.error, e.created_at, e.first_started_at, e.finished_at';

/**
 * The executions lists with the local extensions' filters (status, workflow) and the stats reads.
 * Every list is newest first with a created_at cursor, exactly like the plain v1 list; each shape of
 * filter is one prepared statement that an index serves (see the migrations).
 */
export class ExecutionQueries {
  private readonly statements = new Map<string, Statement<unknown[]>>();
  private readonly bucketsStmt;
  private readonly durationsStmt;

  constructor(private readonly db: Db) {
    // Counted in SQLite from the status index alone (status and created_at are in it), five seeks
    // and no row reads: 10,000 runs take a few milliseconds. Milliseconds are rounded before the
    // division, as julianday's floating point lands a hair before an exact boundary.
    this.bucketsStmt = db.prepare<
      [{ workflowId: string; from: string; to: string; bucketMs: number; offsetMs: number }],
      BucketCount
    >(
      `SELECT status, CAST((ROUND((julianday(created_at) - 2440587.5) * 86400000) + @offsetMs) / @bucketMs AS INTEGER) AS bucket,
         COUNT(*) AS n
       FROM executions INDEXED BY executions_by_workflow_status
       WHERE workflow_id = @workflowId AND status IN ('initial', 'processing', 'human_in_the_loop', 'finished', 'error')
         AND created_at >= @from AND created_at < @to
       GROUP BY status, bucket`,
    );
    this.durationsStmt = db
      .prepare<[string, string, string], number>(
        `SELECT CAST(ROUND((julianday(finished_at) - julianday(first_started_at)) * 86400000) AS INTEGER) AS ms
         FROM executions
         WHERE workflow_id = ? AND created_at >= ? AND created_at < ?
           AND finished_at IS NOT NULL AND first_started_at IS NOT NULL
         ORDER BY ms`,
      )
      .pluck();
  }

  private statement(key: string, sql: () => string) {
    let stmt = this.statements.get(key);
    if (!stmt) {
      stmt = this.db.prepare<unknown[]>(sql());
      this.statements.set(key, stmt);
    }
    return stmt;
  }

  /** One page of a workflow's executions, newest first. */
  async workflowPage(workflowId: string, filter: ListFilter): Promise<ExecutionListRow[]> {
    const statuses = filter.statuses ?? [];
    const key = `w:${statuses.length}:${filter.before !== null}`;
    const stmt = this.statement(
      key,
      () =>
        `SELECT ${LIST_COLUMNS} FROM executions e WHERE e.workflow_id = ?${statusClause(statuses.length)}` +
        `${filter.before !== null ? ' AND e.created_at < ?' : ''} ORDER BY e.created_at DESC LIMIT ?`,
    );
    return stmt.all(...params(workflowId, filter)) as ExecutionListRow[];
  }

  /** One page of all the account's executions (optionally of one workflow), newest first. */
  async accountPage(accountId: string, workflowId: string | null, filter: ListFilter): Promise<AccountExecutionRow[]> {
    const statuses = filter.statuses ?? [];
    const key = `a:${workflowId !== null}:${statuses.length}:${filter.before !== null}`;
    const stmt = this.statement(key, () => {
      // With a workflow, its own index serves; `+` keeps the planner off the account index.
      const owner = workflowId !== null ? 'e.workflow_id = ? AND +e.account_id = ?' : 'e.account_id = ?';
      return (
        `SELECT ${LIST_COLUMNS}, w.name AS workflow_name FROM executions e JOIN workflows w ON w.id = e.workflow_id` +
        ` WHERE ${owner}${statusClause(statuses.length)}` +
        `${filter.before !== null ? ' AND e.created_at < ?' : ''} ORDER BY e.created_at DESC LIMIT ?`
      );
    });
    const owner = workflowId !== null ? [workflowId, accountId] : [accountId];
    return stmt.all(...params(owner, filter)) as AccountExecutionRow[];
  }

  /** Executions of the workflow created in [from, to), counted per status and bucket. */
  async bucketCounts(workflowId: string, span: StatsSpan): Promise<BucketCount[]> {
    return this.bucketsStmt.all({ workflowId, ...span });
  }

  /** Durations (first start to end, ms) of the workflow's ended executions created in [from, to), shortest first. */
  async durations(workflowId: string, from: string, to: string): Promise<number[]> {
    return this.durationsStmt.all(workflowId, from, to);
  }
}

function statusClause(count: number): string {
  if (count === 0) return '';
  if (count === 1) return ' AND e.status = ?';
  return ` AND e.status IN (${Array.from({ length: count }, () => '?').join(', ')})`;
}

function params(owner: string | string[], filter: ListFilter): Array<string | number> {
  return [
    ...(Array.isArray(owner) ? owner : [owner]),
    ...(filter.statuses ?? []),
    ...(filter.before !== null ? [filter.before] : []),
    filter.limit,
  ];
}
