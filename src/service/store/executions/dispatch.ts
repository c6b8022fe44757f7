import { sql } from 'kysely';
import type { StoreContext } from '../db/context';
import { claimNext, type Claimed, type ClaimOptions } from './claims';
import { EXECUTION_COLUMNS } from './table';
import type { ExecutionRecord } from '../records';
import { formatMicros } from '../timestamps';

/** The head of a dispatch lane: the oldest waiting executions of one batch (or of single runs). */
export interface QueuedExecution {
  id: string;
  created_at: string;
}

export interface PendingLane {
  workflow_id: string;
  batch_id: string | null;
  batch_cap: number | null;
}

/**
 * The engine's side of the executions: claiming work within the rules, leases that replicas renew
 * and recover, and putting work back in line. ExecutionCancels and ExecutionsRepo add the API's side.
 */
export class ExecutionDispatch {
  constructor(protected readonly ctx: StoreContext) {}

  protected get db() {
    return this.ctx.db;
  }

  /** Runs an UPDATE of executions and says whether it changed exactly one row (the compare-and-set idiom). */
  protected async changedOne(query: { executeTakeFirst(): Promise<{ numUpdatedRows: bigint }> }): Promise<boolean> {
    return (await query.executeTakeFirst()).numUpdatedRows === 1n;
  }

  /** The oldest waiting executions of one lane: a batch, or (batchId null) the single runs. */
  async laneHead(workflowId: string, batchId: string | null, limit: number): Promise<QueuedExecution[]> {
    return this.db
      .selectFrom('executions')
      .select(['id', 'created_at'])
      .where('workflow_id', '=', workflowId)
      .where('batch_id', batchId === null ? 'is' : '=', batchId)
      .where('status', '=', 'initial')
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  async pendingLanes(): Promise<PendingLane[]> {
    return this.db
      .selectFrom('executions')
      .select((eb) => ['workflow_id', 'batch_id', eb.fn.max('batch_cap').as('batch_cap')])
      .where('status', '=', 'initial')
      .groupBy(['workflow_id', 'batch_id'])
      .execute();
  }

  /** Moves a waiting execution to processing; `fullDeadline` is now plus the whole run time limit. */
  async claim(id: string, startedAt: number, fullDeadline: number): Promise<boolean> {
    return this.changedOne(
      this.db
        .updateTable('executions')
        .set({
          status: 'processing',
          attempt: sql<number>`attempt + 1`,
          started_at: Math.floor(startedAt),
          first_started_at: sql<string>`COALESCE(first_started_at, ${formatMicros(Math.floor(startedAt * 1000))})`,
          deadline: sql<number>`${Math.floor(fullDeadline)} - elapsed_ms`,
        })
        .where('id', '=', id)
        .where('status', '=', 'initial'),
    );
  }

  /**
   * Claims the oldest waiting executions of the workflow within its free slots and each batch's cap
   * (see execution-claims.ts); the rules hold in the database, across replicas.
   */
  async claimNext(workflowId: string, options: ClaimOptions): Promise<Claimed[]> {
    return claimNext(this.ctx, workflowId, options);
  }

  /** Extends the leases of the owner's processing executions; returns how many. */
  async heartbeat(owner: string, leaseUntil: number): Promise<number> {
    const result = await this.db
      .updateTable('executions')
      .set({ lease_until: Math.ceil(leaseUntil) })
      .where('owner', '=', owner)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Processing executions whose lease ended (or that never had one), except those `exceptOwner` holds. */
  async expired(now: number, exceptOwner?: string): Promise<ExecutionRecord[]> {
    return this.db
      .selectFrom('executions')
      .select(EXECUTION_COLUMNS)
      .where('status', '=', 'processing')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', Math.floor(now))]))
      .$if(exceptOwner !== undefined, (q) =>
        q.where((eb) => eb.or([eb('owner', 'is', null), eb('owner', '<>', exceptOwner!)])),
      )
      .orderBy('created_at')
      .execute();
  }

  async processing(): Promise<ExecutionRecord[]> {
    return this.db
      .selectFrom('executions')
      .select(EXECUTION_COLUMNS)
      .where('status', '=', 'processing')
      .orderBy('created_at')
      .execute();
  }

  /** Puts a processing execution back in line, released by its owner; a compare-and-set on the attempt. */
  async requeue(id: string, attempt: number, elapsedMs: number): Promise<boolean> {
    return this.changedOne(
      this.db
        .updateTable('executions')
        .set({ status: 'initial', elapsed_ms: Math.round(elapsedMs), deadline: null, owner: null, lease_until: null })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .where('attempt', '=', attempt),
    );
  }

  /** How many executions of the workflow wait ahead of `createdAt`, counting no further than `cap`. */
  async waitingAhead(workflowId: string, createdAt: string, cap: number): Promise<number> {
    const ahead = this.db
      .selectFrom('executions')
      .select(sql.lit(1).as('one'))
      .where('workflow_id', '=', workflowId)
      .where('status', '=', 'initial')
      .where('created_at', '<', createdAt)
      .limit(cap)
      .as('ahead');
    const row = await this.db
      .selectFrom(ahead)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
