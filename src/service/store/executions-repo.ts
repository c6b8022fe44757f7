import type { Db } from './database';
import type { ExecutionStepsRepo } from './execution-steps-repo';
import type { ExecutionRecord, ExecutionView } from './records';
import { formatMicros } from './timestamps';

const VIEW_COLUMNS = 'id, account_id, workflow_id, batch_id, batch_cap, status, resume_step, error, created_at';
const COLUMNS =
  'id, account_id, workflow_id, batch_id, batch_cap, input, status, attempt, resume_step, elapsed_ms, started_at, deadline, finished_at, error, cancel_requested, owner, lease_until, created_at';

export type NewExecution = Pick<
  ExecutionRecord,
  'id' | 'account_id' | 'workflow_id' | 'batch_id' | 'batch_cap' | 'input' | 'created_at'
>;

/** The head of a dispatch lane: the oldest waiting executions of one batch (or of single runs). */
export interface QueuedExecution {
  id: string;
  created_at: string;
}

/** An execution a cancel request names, as found in the caller's workflow. */
export interface CancelTarget {
  id: string;
  status: ExecutionRecord['status'];
}

/** An execution claimNext moved to processing for this attempt. */
export interface Claimed {
  id: string;
  workflow_id: string;
  batch_id: string | null;
  batch_cap: number | null;
  attempt: number;
}

export interface ClaimOptions {
  /** Epoch milliseconds of the claim: started_at, and the start of the run time limit. */
  now: number;
  /** The whole run time limit; time used before an approval pause is taken off. */
  limitMs: number;
  /** The claiming replica's id. */
  owner: string;
  /** Epoch milliseconds until which the claim holds without a heartbeat. */
  leaseUntil: number;
  /** At most this many processing executions per workflow (10), counted in the database. */
  maxPerWorkflow: number;
}

export interface PendingLane {
  workflow_id: string;
  batch_id: string | null;
  batch_cap: number | null;
}

export class ExecutionsRepo {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly byIdStmt;
  private readonly singlesHeadStmt;
  private readonly batchHeadStmt;
  private readonly pendingLanesStmt;
  private readonly claimStmt;
  private readonly pauseStmt;
  private readonly finishStmt;
  private readonly failStmt;
  private readonly resumeStmt;
  private readonly rejectStmt;
  private readonly processingStmt;
  private readonly requeueStmt;
  private readonly aheadStmt;
  private readonly countByStatusStmt;
  private readonly targetsByIdsStmt;
  private readonly targetsByBatchStmt;
  private readonly cancelWaitingStmt;
  private readonly requestCancelStmt;
  private readonly cancelRequestStmt;

  /**
   * `steps` records how approval steps end; `now` is the store's clock as a timestamp, for an
   * approval's decision time.
   */
  constructor(
    private readonly db: Db,
    private readonly steps: ExecutionStepsRepo,
    private readonly now: () => string,
  ) {
    this.insertStmt =
      db.prepare(`INSERT INTO executions (id, account_id, workflow_id, batch_id, batch_cap, input, status, created_at)
      VALUES (@id, @account_id, @workflow_id, @batch_id, @batch_cap, @input, 'initial', @created_at)`);
    this.getStmt = db.prepare<[string, string, string], ExecutionView>(
      `SELECT ${VIEW_COLUMNS} FROM executions WHERE id = ? AND workflow_id = ? AND account_id = ?`,
    );
    this.byIdStmt = db.prepare<[string], ExecutionRecord>(`SELECT ${COLUMNS} FROM executions WHERE id = ?`);
    this.singlesHeadStmt = db.prepare<[string, number], QueuedExecution>(
      `SELECT id, created_at FROM executions WHERE workflow_id = ? AND batch_id IS NULL AND status = 'initial' ORDER BY created_at LIMIT ?`,
    );
    this.batchHeadStmt = db.prepare<[string, string, number], QueuedExecution>(
      `SELECT id, created_at FROM executions WHERE workflow_id = ? AND batch_id = ? AND status = 'initial' ORDER BY created_at LIMIT ?`,
    );
    this.pendingLanesStmt = db.prepare<[], PendingLane>(
      `SELECT workflow_id, batch_id, MAX(batch_cap) AS batch_cap FROM executions WHERE status = 'initial' GROUP BY workflow_id, batch_id`,
    );
    this.claimStmt = db.prepare(
      // The run time limit is a budget: time already used before an approval pause is taken off the deadline.
      // first_started_at keeps the first claim, so a run's duration spans its approval pause.
      `UPDATE executions SET status = 'processing', attempt = attempt + 1, started_at = @startedAt,
       first_started_at = COALESCE(first_started_at, @startedIso), deadline = @fullDeadline - elapsed_ms
       WHERE id = @id AND status = 'initial'`,
    );
    this.pauseStmt =
      db.prepare(`UPDATE executions SET status = 'human_in_the_loop', resume_step = ?, elapsed_ms = ?, deadline = NULL
      WHERE id = ? AND status = 'processing' AND attempt = ?`);
    this.finishStmt = db.prepare(
      `UPDATE executions SET status = 'finished', finished_at = ? WHERE id = ? AND status = 'processing' AND attempt = ?`,
    );
    this.failStmt = db.prepare(
      `UPDATE executions SET status = 'error', error = ?, finished_at = ? WHERE id = ? AND status = 'processing' AND attempt = ?`,
    );
    this.resumeStmt = db.prepare(
      `UPDATE executions SET status = 'initial' WHERE id = ? AND status = 'human_in_the_loop'`,
    );
    this.rejectStmt = db.prepare(
      `UPDATE executions SET status = 'error', error = ?, finished_at = ? WHERE id = ? AND status = 'human_in_the_loop'`,
    );
    this.processingStmt = db.prepare<[], ExecutionRecord>(
      `SELECT ${COLUMNS} FROM executions WHERE status = 'processing' ORDER BY created_at`,
    );
    this.requeueStmt = db.prepare(`UPDATE executions SET status = 'initial', elapsed_ms = ?, deadline = NULL,
      owner = NULL, lease_until = NULL WHERE id = ? AND status = 'processing' AND attempt = ?`);
    this.aheadStmt = db.prepare<[string, string, number], { n: number }>(
      `SELECT COUNT(*) AS n FROM (SELECT 1 FROM executions WHERE workflow_id = ? AND status = 'initial' AND created_at < ? LIMIT ?)`,
    );
    this.countByStatusStmt = db.prepare<[string], { status: string; n: number }>(
      'SELECT status, COUNT(*) AS n FROM executions WHERE workflow_id = ? GROUP BY status',
    );
    this.targetsByIdsStmt = db.prepare<[string, string, string], CancelTarget>(
      `SELECT id, status FROM executions WHERE id IN (SELECT value FROM json_each(?)) AND workflow_id = ? AND account_id = ?`,
    );
    this.targetsByBatchStmt = db.prepare<[string, string, string], CancelTarget>(
      `SELECT id, status FROM executions WHERE batch_id = ? AND workflow_id = ? AND account_id = ?`,
    );
    this.cancelWaitingStmt = db.prepare(
      `UPDATE executions SET status = 'error', error = ?, finished_at = ? WHERE id = ? AND status IN ('initial', 'human_in_the_loop')`,
    );
    // The first cancel's message wins; a second request neither changes nor repeats it.
    this.requestCancelStmt = db.prepare(
      `UPDATE executions SET cancel_requested = COALESCE(cancel_requested, ?) WHERE id = ? AND status = 'processing'`,
    );
    this.cancelRequestStmt = db.prepare<[string], { cancel_requested: string | null }>(
      'SELECT cancel_requested FROM executions WHERE id = ?',
    );
  }

  async insert(execution: NewExecution): Promise<void> {
    this.insertStmt.run(execution);
  }

  /** Inserts many executions; call inside a transaction so they land together. */
  async insertMany(executions: readonly NewExecution[]): Promise<void> {
    for (const execution of executions) this.insertStmt.run(execution);
  }

  /** The execution when it belongs to the workflow and the account; otherwise undefined, like a missing one. */
  async get(accountId: string, workflowId: string, id: string): Promise<ExecutionView | undefined> {
    return this.getStmt.get(id, workflowId, accountId);
  }

  async byId(id: string): Promise<ExecutionRecord | undefined> {
    return this.byIdStmt.get(id);
  }

  /** The oldest waiting executions of one lane: a batch, or (batchId null) the single runs. */
  async laneHead(workflowId: string, batchId: string | null, limit: number): Promise<QueuedExecution[]> {
    return batchId === null
      ? this.singlesHeadStmt.all(workflowId, limit)
      : this.batchHeadStmt.all(workflowId, batchId, limit);
  }

  async pendingLanes(): Promise<PendingLane[]> {
    return this.pendingLanesStmt.all();
  }

  /** Moves a waiting execution to processing; `fullDeadline` is now plus the whole run time limit. */
  async claim(id: string, startedAt: number, fullDeadline: number): Promise<boolean> {
    const startedIso = formatMicros(Math.floor(startedAt * 1000));
    return this.claimStmt.run({ startedAt, startedIso, fullDeadline, id }).changes === 1;
  }

  async pauseForApproval(id: string, attempt: number, resumeStep: number, elapsedMs: number): Promise<boolean> {
    return this.pauseStmt.run(resumeStep, elapsedMs, id, attempt).changes === 1;
  }

  async finish(id: string, attempt: number, finishedAt: string): Promise<boolean> {
    return this.finishStmt.run(finishedAt, id, attempt).changes === 1;
  }

  async fail(id: string, attempt: number, error: string, finishedAt: string): Promise<boolean> {
    return this.failStmt.run(error, finishedAt, id, attempt).changes === 1;
  }

  /** An approved execution waits for a slot again, keeping the step to resume from. */
  async resumeApproved(id: string): Promise<boolean> {
    if (this.resumeStmt.run(id).changes !== 1) return false;
    await this.steps.decided(id, this.now(), null);
    return true;
  }

  async reject(id: string, error: string, finishedAt: string): Promise<boolean> {
    if (this.rejectStmt.run(error, finishedAt, id).changes !== 1) return false;
    await this.steps.decided(id, finishedAt, error);
    return true;
  }

  async processing(): Promise<ExecutionRecord[]> {
    return this.processingStmt.all();
  }

  async requeue(id: string, attempt: number, elapsedMs: number): Promise<boolean> {
    return this.requeueStmt.run(elapsedMs, id, attempt).changes === 1;
  }

  /** How many executions of the workflow wait ahead of `createdAt`, counting no further than `cap`. */
  async waitingAhead(workflowId: string, createdAt: string, cap: number): Promise<number> {
    return this.aheadStmt.get(workflowId, createdAt, cap)?.n ?? 0;
  }

  /** The named executions that belong to this workflow of this account (others are simply absent). */
  async cancelTargets(
    accountId: string,
    workflowId: string,
    target: { batchId: string } | { ids: readonly string[] },
  ): Promise<CancelTarget[]> {
    return 'batchId' in target
      ? this.targetsByBatchStmt.all(target.batchId, workflowId, accountId)
      : this.targetsByIdsStmt.all(JSON.stringify(target.ids), workflowId, accountId);
  }

  /** Ends a waiting (initial or human_in_the_loop) execution in error; false when it was no longer waiting. */
  async cancelWaiting(id: string, message: string, finishedAt: string): Promise<boolean> {
    if (this.cancelWaitingStmt.run(message, finishedAt, id).changes !== 1) return false;
    await this.steps.decided(id, finishedAt, message);
    return true;
  }

  /** Marks a processing execution to end in error at its next step boundary; false when it is not processing. */
  async requestCancel(id: string, message: string): Promise<boolean> {
    return this.requestCancelStmt.run(message, id).changes === 1;
  }

  /**
   * The message a run must stop with at this step boundary, or null to go on. The runner asks
   * before each step's outcome is recorded; the store also asks before completing a run.
   */
  async cancelRequest(id: string): Promise<string | null> {
    return this.cancelRequestStmt.get(id)?.cancel_requested ?? null;
  }

  async countByStatus(workflowId: string): Promise<Record<string, number>> {
    return Object.fromEntries(this.countByStatusStmt.all(workflowId).map((row) => [row.status, row.n]));
  }

  /**
   * Claims the oldest waiting executions of the workflow that fit: at most `maxPerWorkflow`
   * processing in all, and each batch within its cap, in creation order, in one transaction.
   */
  async claimNext(workflowId: string, options: ClaimOptions): Promise<Claimed[]> {
    const { now, limitMs, owner, leaseUntil, maxPerWorkflow } = options;
    return this.db.transaction(() => {
      const processing = this.db
        .prepare<[string], { batch_id: string | null; n: number }>(
          `SELECT batch_id, COUNT(*) AS n FROM executions WHERE workflow_id = ? AND status = 'processing' GROUP BY batch_id`,
        )
        .all(workflowId);
      let free = maxPerWorkflow - processing.reduce((sum, row) => sum + row.n, 0);
      const perBatch = new Map(processing.map((row) => [row.batch_id, row.n]));
      const candidates = this.db
        .prepare<[string], { id: string; batch_id: string | null; batch_cap: number | null }>(
          `SELECT id, batch_id, batch_cap FROM executions WHERE workflow_id = ? AND status = 'initial' ORDER BY created_at`,
        )
        .iterate(workflowId);
      const claimed: Claimed[] = [];
      const startedIso = formatMicros(Math.floor(now * 1000));
      const claim = this.db.prepare<unknown[], { attempt: number }>(
        `UPDATE executions SET status = 'processing', attempt = attempt + 1, started_at = ?, first_started_at = COALESCE(first_started_at, ?),
         deadline = ? - elapsed_ms, owner = ?, lease_until = ? WHERE id = ? AND status = 'initial' RETURNING attempt`,
      );
      for (const row of candidates) {
        if (free <= 0) break;
        const running = row.batch_id === null ? 0 : (perBatch.get(row.batch_id) ?? 0);
        if (row.batch_id !== null && row.batch_cap !== null && running >= row.batch_cap) continue;
        const done = claim.get(now, startedIso, now + limitMs, owner, leaseUntil, row.id);
        if (!done) continue;
        perBatch.set(row.batch_id, running + 1);
        free -= 1;
        claimed.push({ ...row, workflow_id: workflowId, attempt: done.attempt });
      }
      return claimed;
    })();
  }

  /** Extends the leases of the owner's processing executions; returns how many. */
  async heartbeat(owner: string, leaseUntil: number): Promise<number> {
    return this.db
      .prepare(`UPDATE executions SET lease_until = ? WHERE owner = ? AND status = 'processing'`)
      .run(leaseUntil, owner).changes;
  }

  /** Processing executions whose lease ended (or that never had one), except those of `exceptOwner`. */
  async expired(now: number, exceptOwner?: string): Promise<ExecutionRecord[]> {
    return this.db
      .prepare<[number, string | null, string | null], ExecutionRecord>(
        `SELECT ${COLUMNS} FROM executions WHERE status = 'processing' AND (lease_until IS NULL OR lease_until < ?)
         AND (? IS NULL OR owner IS NULL OR owner <> ?) ORDER BY created_at`,
      )
      .all(now, exceptOwner ?? null, exceptOwner ?? null);
  }
}
