import { sql } from 'kysely';
import { countRows } from './db/count-rows';
import type { ExecutionStatus } from '../../contract/openapi-document';
import type { StoreContext } from './db/context';
import type { BatchesTable, BatchRowsTable } from './db/schema';

/** A declared batch with the name of the key that started it. */
export interface StoredBatch extends BatchesTable {
  started_by_name: string | null;
}

/** A batch as lists show it: without its columns and mapping, which may be large. */
export type BatchSummaryRow = Omit<StoredBatch, 'columns' | 'mapping'>;

/** What a batch's rows add up to: rows by their latest status, rows sent, and executions of every attempt. */
export interface BatchTally {
  counts: Record<ExecutionStatus, number>;
  rowsSent: number;
  runs: number;
}

/** A row's latest execution with its run times, as the rows and results pages show it. */
export interface LatestRow {
  row_index: number;
  attempt: number;
  execution_id: string;
  status: ExecutionStatus;
  error: string | null;
  created_at: string;
  first_started_at: string | null;
  finished_at: string | null;
  input: string;
}

export interface EarlierAttempt {
  row_index: number;
  attempt: number;
  execution_id: string;
  status: ExecutionStatus;
  error: string | null;
}

/** Rows a statement touches at most: keeps every IN list and insert under SQLite's parameter limit. */
const CHUNK = 500;

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

const emptyCounts = (): Record<ExecutionStatus, number> => ({
  initial: 0,
  processing: 0,
  human_in_the_loop: 0,
  finished: 0,
  error: 0,
});

/** Batches declared by clients (local extension) and which execution ran each row at each attempt. */
export class BatchesRepo {
  constructor(private readonly ctx: StoreContext) {}

  private get db() {
    return this.ctx.db;
  }

  /** The account's batches with the name of the key that started each. */
  private selectBatches(accountId: string) {
    return this.db
      .selectFrom('batches as b')
      .leftJoin('api_keys as k', 'k.id', 'b.started_by')
      .where('b.account_id', '=', accountId)
      .select('k.name as started_by_name');
  }

  /** The account's batch with this id (ids are the clients', unique within an account). */
  async find(accountId: string, id: string): Promise<StoredBatch | undefined> {
    return this.selectBatches(accountId).selectAll('b').where('b.id', '=', id).executeTakeFirst();
  }

  /** How many batches the account keeps. */
  async count(accountId: string): Promise<number> {
    return countRows(this.db, 'batches', (eb) => eb('account_id', '=', accountId));
  }

  /** About how many bytes the account's declarations take (characters of their stored text). */
  async declaredBytes(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('batches')
      .select(sql<number>`coalesce(sum(length(file_name) + length(columns) + length(mapping)), 0)`.as('bytes'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  async insert(batch: BatchesTable): Promise<void> {
    await this.db.insertInto('batches').values(batch).execute();
  }

  /** The account's batches created before `before` (all when null), newest first. */
  async page(
    accountId: string,
    options: { workflowId: string | null; before: string | null; limit: number },
  ): Promise<BatchSummaryRow[]> {
    let query = this.selectBatches(accountId).select([
      'b.id',
      'b.account_id',
      'b.workflow_id',
      'b.file_name',
      'b.row_count',
      'b.started_by',
      'b.created_at',
    ]);
    if (options.workflowId !== null) query = query.where('b.workflow_id', '=', options.workflowId);
    if (options.before !== null) query = query.where('b.created_at', '<', options.before);
    return query.orderBy('b.created_at', 'desc').limit(options.limit).execute();
  }

  /** Each batch's rows by the status of their latest attempt, rows sent and executions in all. */
  async tallies(accountId: string, batchIds: readonly string[]): Promise<Map<string, BatchTally>> {
    const out = new Map(batchIds.map((id) => [id, { counts: emptyCounts(), rowsSent: 0, runs: 0 }]));
    if (batchIds.length === 0) return out;
    const statuses = await this.db
      .selectFrom('batch_rows as r')
      .innerJoin('executions as e', 'e.id', 'r.execution_id')
      .select((eb) => ['r.batch_id', 'e.status', eb.fn.countAll<number>().as('n')])
      .where('r.account_id', '=', accountId)
      .where('r.batch_id', 'in', batchIds)
      .where('r.latest', '=', 1)
      .groupBy(['r.batch_id', 'e.status'])
      .execute();
    for (const row of statuses) {
      const tally = out.get(row.batch_id)!;
      tally.counts[row.status] += Number(row.n);
      tally.rowsSent += Number(row.n);
    }
    const runs = await this.db
      .selectFrom('batch_rows')
      .select((eb) => ['batch_id', eb.fn.countAll<number>().as('n')])
      .where('account_id', '=', accountId)
      .where('batch_id', 'in', batchIds)
      .groupBy('batch_id')
      .execute();
    for (const row of runs) out.get(row.batch_id)!.runs = Number(row.n);
    return out;
  }

  /** For each of these rows that was sent: its attempts' executions, and its latest attempt. */
  async attemptsOf(
    accountId: string,
    batchId: string,
    rows: readonly number[],
  ): Promise<Map<number, { latest: number; byAttempt: Map<number, string> }>> {
    const out = new Map<number, { latest: number; byAttempt: Map<number, string> }>();
    for (const part of chunks([...new Set(rows)])) {
      const found = await this.db
        .selectFrom('batch_rows')
        .select(['row_index', 'attempt', 'execution_id'])
        .where('account_id', '=', accountId)
        .where('batch_id', '=', batchId)
        .where('row_index', 'in', part)
        .execute();
      for (const r of found) {
        const entry = out.get(r.row_index) ?? { latest: 0, byAttempt: new Map<number, string>() };
        entry.byAttempt.set(r.attempt, r.execution_id);
        entry.latest = Math.max(entry.latest, r.attempt);
        out.set(r.row_index, entry);
      }
    }
    return out;
  }

  /** Records new attempts as their rows' latest; call inside a transaction with the executions' insert. */
  async addAttempts(
    accountId: string,
    batchId: string,
    rows: readonly Omit<BatchRowsTable, 'account_id' | 'batch_id' | 'latest'>[],
  ): Promise<void> {
    for (const part of chunks(rows)) {
      await this.db
        .updateTable('batch_rows')
        .set({ latest: 0 })
        .where('account_id', '=', accountId)
        .where('batch_id', '=', batchId)
        .where(
          'row_index',
          'in',
          part.map((r) => r.row_index),
        )
        .execute();
      await this.db
        .insertInto('batch_rows')
        .values(part.map((r) => ({ ...r, account_id: accountId, batch_id: batchId, latest: 1 })))
        .execute();
    }
  }

  /** Up to `limit` sent rows after row `after`, in file order, each with its latest execution and run times. */
  async latestRows(accountId: string, batchId: string, after: number, limit: number): Promise<LatestRow[]> {
    return this.db
      .selectFrom('batch_rows as r')
      .innerJoin('executions as e', 'e.id', 'r.execution_id')
      .select([
        'r.row_index',
        'r.attempt',
        'r.execution_id',
        'e.status',
        'e.error',
        'e.created_at',
        'e.first_started_at',
        'e.finished_at',
        'e.input',
      ])
      .where('r.account_id', '=', accountId)
      .where('r.batch_id', '=', batchId)
      .where('r.latest', '=', 1)
      .where('r.row_index', '>', after)
      .orderBy('r.row_index')
      .limit(limit)
      .execute();
  }

  /** The earlier attempts of these rows, oldest first. */
  async earlierAttempts(accountId: string, batchId: string, rows: readonly number[]): Promise<EarlierAttempt[]> {
    if (rows.length === 0) return [];
    return this.db
      .selectFrom('batch_rows as r')
      .innerJoin('executions as e', 'e.id', 'r.execution_id')
      .select(['r.row_index', 'r.attempt', 'r.execution_id', 'e.status', 'e.error'])
      .where('r.account_id', '=', accountId)
      .where('r.batch_id', '=', batchId)
      .where('r.latest', '=', 0)
      .where('r.row_index', 'in', rows)
      .orderBy('r.row_index')
      .orderBy('r.attempt')
      .execute();
  }
}
