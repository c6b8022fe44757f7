import { sql } from 'kysely';
import { inList, type StoreContext } from '../db/context';
import { PreparedQuery } from '../db/prepared';
import { ExecutionDispatch } from './dispatch';
import type { ExecutionStepsRepo } from './steps-repo';
import type { ExecutionRecord } from '../records';

/** An execution a cancel request names, as found in the caller's workflow. */
export interface CancelTarget {
  id: string;
  status: ExecutionRecord['status'];
}

// Every run asks at each step boundary (the runner) and before completing.
const cancelRequested = new PreparedQuery((db, id: string) =>
  db.selectFrom('executions').select('cancel_requested').where('id', '=', id),
);

/**
 * Bumped before any cancel request is written in this process (whatever the store). On a store of
 * one process every cancel comes through here, so a run that saw no bump since it read its row
 * knows no cancel is pending without asking (see the runner).
 */
let cancelGeneration = 0;

/**
 * Cancelling executions: ending those that wait at once, and marking those that process to stop at
 * their next step boundary. ExecutionsRepo adds the rest of the API's side.
 */
export class ExecutionCancels extends ExecutionDispatch {
  /** `steps` records how waiting approval steps end when their execution is cancelled. */
  constructor(
    ctx: StoreContext,
    protected readonly steps: ExecutionStepsRepo,
  ) {
    super(ctx);
  }

  /** Changes whenever this process is about to request a cancel (see cancelGeneration). */
  cancelGeneration(): number {
    return cancelGeneration;
  }

  /** The named executions that belong to this workflow of this account (others are simply absent). */
  async cancelTargets(
    accountId: string,
    workflowId: string,
    target: { batchId: string } | { ids: readonly string[] },
  ): Promise<CancelTarget[]> {
    return this.db
      .selectFrom('executions')
      .select(['id', 'status'])
      .where((eb) =>
        'batchId' in target ? eb('batch_id', '=', target.batchId) : inList(this.ctx.dialect, eb.ref('id'), target.ids),
      )
      .where('workflow_id', '=', workflowId)
      .where('account_id', '=', accountId)
      .execute();
  }

  /** Ends a waiting (initial or human_in_the_loop) execution in error; false when it was no longer waiting. */
  async cancelWaiting(id: string, message: string, finishedAt: string): Promise<boolean> {
    const cancelled = await this.changedOne(
      this.db
        .updateTable('executions')
        .set({ status: 'error', error: message, finished_at: finishedAt })
        .where('id', '=', id)
        .where('status', 'in', ['initial', 'human_in_the_loop']),
    );
    if (cancelled) await this.steps.decided(id, finishedAt, message);
    return cancelled;
  }

  /** Ends the named executions that still wait (initial or human_in_the_loop) in error; returns their ids. */
  async cancelWaitingMany(ids: readonly string[], message: string, finishedAt: string, by: string): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .updateTable('executions')
      .set({ status: 'error', error: message, finished_at: finishedAt, cancelled_by: by, cancelled_at: finishedAt })
      .where((eb) => inList(this.ctx.dialect, eb.ref('id'), ids))
      .where('status', 'in', ['initial', 'human_in_the_loop'])
      .returning('id')
      .execute();
    const cancelled = rows.map((row) => row.id);
    if (cancelled.length > 0) await this.steps.decidedMany(cancelled, finishedAt, message);
    return cancelled;
  }

  /** Marks the named executions that are processing to stop at their next step boundary; returns how many. */
  async requestCancelMany(ids: readonly string[], message: string, by: string, at: string): Promise<number> {
    if (ids.length === 0) return 0;
    cancelGeneration++;
    const result = await this.db
      .updateTable('executions')
      .set({
        cancel_requested: sql<string>`COALESCE(cancel_requested, ${message})`,
        cancelled_by: sql<string>`COALESCE(cancelled_by, ${by})`,
        cancelled_at: sql<string>`COALESCE(cancelled_at, ${at})`,
      })
      .where((eb) => inList(this.ctx.dialect, eb.ref('id'), ids))
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Marks a processing execution to end in error at its next step boundary; false when it is not processing. */
  async requestCancel(id: string, message: string): Promise<boolean> {
    // The first cancel's message wins; a second request neither changes nor repeats it.
    cancelGeneration++;
    return this.changedOne(
      this.db
        .updateTable('executions')
        .set({ cancel_requested: sql<string>`COALESCE(cancel_requested, ${message})` })
        .where('id', '=', id)
        .where('status', '=', 'processing'),
    );
  }

  /**
   * The message a run must stop with at this step boundary, or null to go on. The runner asks
   * before each step's outcome is recorded; the store also asks before completing a run.
   */
  async cancelRequest(id: string): Promise<string | null> {
    const row = await cancelRequested.first(this.ctx, id);
    return row?.cancel_requested ?? null;
  }
}
