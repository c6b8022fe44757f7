import type { StoreContext } from '../db/context';
import { countRows } from '../db/count-rows';
import { PreparedQuery } from '../db/prepared';
import { EXECUTION_COLUMNS, EXECUTION_VIEW_COLUMNS, type RunGiven } from './table';
import { ExecutionCancels } from './cancels';
import type { ExecutionStepsRepo } from './steps-repo';
import { KeyedBatches } from '../keyed-batches';
import type { ExecutionRecord, ExecutionView } from '../records';

export type { Claimed, ClaimOptions } from './claims';
export type { PendingLane, QueuedExecution } from './dispatch';

export type NewExecution = Pick<
  ExecutionRecord,
  'id' | 'account_id' | 'workflow_id' | 'batch_id' | 'batch_cap' | 'input' | 'created_at'
> & { started_by: string | null } & RunGiven;

/** How many executions of one account are in one status (see ExecutionsRepo.census). */
export interface ExecutionCensus {
  account_id: string;
  status: ExecutionRecord['status'];
  count: number;
}

/** A reviewer's decision as recorded: the key that made it and the comment it gave. */
export interface Decision {
  by: string;
  comment: string | null;
}

const decisionColumns = (decision: 'approved' | 'rejected', { by, comment }: Decision, at: string) => ({
  decision,
  decided_by: by,
  decision_comment: comment,
  decided_at: at,
});

/** Rows per INSERT: 8 values each stays far below SQLite's 32,766 and PostgreSQL's 65,535 bind limits. */
const INSERT_CHUNK = 500;

// Polling a run reads this one.
const view = new PreparedQuery((db, id: string, workflowId: string, accountId: string) =>
  db
    .selectFrom('executions')
    .select(EXECUTION_VIEW_COLUMNS)
    .where('id', '=', id)
    .where('workflow_id', '=', workflowId)
    .where('account_id', '=', accountId),
);

// A run reads its row once when it starts (the runner).
const byId = new PreparedQuery((db, id: string) =>
  db.selectFrom('executions').select(EXECUTION_COLUMNS).where('id', '=', id),
);

export class ExecutionsRepo extends ExecutionCancels {
  /**
   * PostgreSQL outside a transaction: a run polled by many requests at once is read once per round
   * trip for all of them (SQLite reads at once, without waiting for a turn of the event loop).
   */
  private readonly views: KeyedBatches<readonly [string, string, string], ExecutionView | undefined> | null;

  /**
   * `steps` records how approval steps end; `now` is the store's clock as a timestamp, for an
   * approval's decision time.
   */
  constructor(
    ctx: StoreContext,
    steps: ExecutionStepsRepo,
    private readonly now: () => string,
  ) {
    super(ctx, steps);
    this.views =
      ctx.dialect === 'postgres' && !ctx.db.isTransaction
        ? new KeyedBatches(async (_, asked) => {
            const [id, workflowId, accountId] = asked[0]!;
            const found = await view.first(ctx, id, workflowId, accountId);
            return asked.map(() => found);
          })
        : null;
  }

  async insert(execution: NewExecution): Promise<void> {
    await this.insertMany([execution]);
  }

  /** Inserts many executions; call inside a transaction so they land together. */
  async insertMany(executions: readonly NewExecution[]): Promise<void> {
    for (let start = 0; start < executions.length; start += INSERT_CHUNK) {
      const rows = executions.slice(start, start + INSERT_CHUNK).map((row) => ({ ...row, status: 'initial' as const }));
      await this.db.insertInto('executions').values(rows).execute();
    }
  }

  /** The execution when it belongs to the workflow and the account; otherwise undefined, like a missing one. */
  async get(accountId: string, workflowId: string, id: string): Promise<ExecutionView | undefined> {
    if (this.views) return this.views.add(`${accountId}/${workflowId}/${id}`, [id, workflowId, accountId]);
    return view.first(this.ctx, id, workflowId, accountId);
  }

  async byId(id: string): Promise<ExecutionRecord | undefined> {
    return byId.first(this.ctx, id);
  }

  async pauseForApproval(id: string, attempt: number, resumeStep: number, elapsedMs: number): Promise<boolean> {
    return this.changedOne(
      this.db
        .updateTable('executions')
        .set({
          status: 'human_in_the_loop',
          resume_step: resumeStep,
          elapsed_ms: Math.round(elapsedMs),
          deadline: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .where('attempt', '=', attempt),
    );
  }

  async finish(id: string, attempt: number, finishedAt: string): Promise<boolean> {
    return this.changedOne(
      this.db
        .updateTable('executions')
        .set({ status: 'finished', finished_at: finishedAt })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .where('attempt', '=', attempt),
    );
  }

  async fail(id: string, attempt: number, error: string, finishedAt: string): Promise<boolean> {
    return this.changedOne(
      this.db
        .updateTable('executions')
        .set({ status: 'error', error, finished_at: finishedAt })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .where('attempt', '=', attempt),
    );
  }

  /** An approved execution waits for a slot again, keeping the step to resume from. */
  async resumeApproved(id: string, decision: Decision): Promise<boolean> {
    const resumed = await this.changedOne(
      this.db
        .updateTable('executions')
        .set({ status: 'initial', ...decisionColumns('approved', decision, this.now()) })
        .where('id', '=', id)
        .where('status', '=', 'human_in_the_loop'),
    );
    if (resumed) await this.steps.decided(id, this.now(), null);
    return resumed;
  }

  async reject(id: string, error: string, finishedAt: string, decision: Decision): Promise<boolean> {
    const rejected = await this.changedOne(
      this.db
        .updateTable('executions')
        .set({ status: 'error', error, finished_at: finishedAt, ...decisionColumns('rejected', decision, finishedAt) })
        .where('id', '=', id)
        .where('status', '=', 'human_in_the_loop'),
    );
    if (rejected) await this.steps.decided(id, finishedAt, error);
    return rejected;
  }

  /** The account's executions waiting to start, over all its workflows (an index range of executions_by_account_status). */
  async waitingOf(accountId: string): Promise<number> {
    return countRows(this.db, 'executions', (eb) =>
      eb.and([eb('account_id', '=', accountId), eb('status', '=', 'initial')]),
    );
  }

  /**
   * Executions per account and status, for /metrics: one grouped count that reads only the
   * executions_by_account_status index (an index-only scan in key order, no sort and no table rows).
   */
  async census(): Promise<ExecutionCensus[]> {
    const rows = await this.db
      .selectFrom('executions')
      .select((eb) => ['account_id', 'status', eb.fn.countAll<number>().as('n')])
      .groupBy(['account_id', 'status'])
      .execute();
    return rows.map((row) => ({ account_id: row.account_id, status: row.status, count: Number(row.n) }));
  }

  async countByStatus(workflowId: string): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('executions')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .where('workflow_id', '=', workflowId)
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  }
}
