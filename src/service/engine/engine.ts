import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import { LIMITS } from '../../contract/limits';
import type { Clock } from '../clock';
import type { ExecutionView, WorkflowRecord } from '../store/records';
import type { Store } from '../store/store';
import { Drafts } from './drafts';
import { PLANNING_SECONDS, planStoredWorkflow } from './planning';
import { PlanCache } from './plans';
import { runExecution, type RunOutcome } from './runner';
import { estimateRetryAfter, runTimeLimitMs, TIME_LIMIT_MESSAGE } from './timing';

export interface EngineOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  timeScale: number;
  /** Overrides the scaled 15-minute run time limit, in milliseconds (tests). */
  runTimeLimitMs?: number;
  /** How often queues are re-checked in case an event was missed; events do the real work. */
  safetyTickMs?: number;
}

/** Waiting executions of one batch, or (batchId null) all single runs of a workflow. */
interface Lane {
  batchId: string | null;
  cap: number;
  running: number;
  /** False once a query found nothing waiting; single runs and approvals set it again. */
  pending: boolean;
}

interface WorkflowQueue {
  running: number;
  lanes: Map<string, Lane>;
  scheduled: boolean;
}

interface ActiveRun {
  workflowId: string;
  stepIndex: number;
  stepStartedAt: number;
}

export type ApprovalOutcome = 'ok' | 'not-waiting';

const laneKey = (batchId: string | null) => batchId ?? '';

/**
 * Runs executions. Per workflow at most LIMITS.maxConcurrentPerWorkflow (10) process at once, the
 * oldest waiting first. A batch is a lane with its own cap (low 1, medium 5, high 15); a lane's cap
 * only ever lowers the workflow's 10, so `high` runs 10 at a time unless other runs share the slots.
 * Single runs share the workflow's 10 with no lane cap. Work is driven by events (created, ended,
 * approved) with a slow safety tick; no step scans the whole table.
 */
export class Engine {
  readonly plans = new PlanCache();
  private readonly queues = new Map<string, WorkflowQueue>();
  private readonly active = new Map<string, ActiveRun>();
  private readonly runs = new Set<Promise<unknown>>();
  private readonly planningTimers = new Map<string, NodeJS.Timeout>();
  private readonly abort = new AbortController();
  private readonly drafts: Drafts;
  private readonly limitMs: number;
  private tick: NodeJS.Timeout | null = null;
  private started = false;

  constructor(private readonly options: EngineOptions) {
    this.limitMs = runTimeLimitMs(options.timeScale, options.runTimeLimitMs);
    // Every waiting step listens for the stop signal; a busy engine has hundreds at once, which is expected.
    setMaxListeners(0, this.abort.signal);
    this.drafts = new Drafts(options.store, this.plans, options.logger, this.abort.signal);
  }

  private get store(): Store {
    return this.options.store;
  }

  /** Recovers from an unclean stop, then starts dispatching. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.recover();
    this.tick = setInterval(() => this.queues.forEach((_, id) => this.schedule(id)), this.options.safetyTickMs ?? 2000);
    this.tick.unref();
  }

  /**
   * After a crash, processing rows belong to no one: past their deadline they end in error, the
   * rest wait again (attempt kept, so a run of the dead process can never complete them).
   */
  private recover(): void {
    const now = this.options.clock.now();
    for (const execution of this.store.executions.processing()) {
      // Cancelled before the crash: its next step boundary would have ended it, so end it now.
      if (execution.cancel_requested !== null) {
        this.store.failExecution(execution.id, execution.attempt, execution.cancel_requested);
      } else if (execution.deadline !== null && execution.deadline < now) {
        this.store.failExecution(execution.id, execution.attempt, TIME_LIMIT_MESSAGE);
      } else {
        this.store.executions.requeue(execution.id, execution.attempt, execution.elapsed_ms);
      }
    }
    for (const lane of this.store.executions.pendingLanes()) {
      this.addLane(lane.workflow_id, lane.batch_id, lane.batch_cap);
    }
    for (const workflow of this.store.workflows.planning()) this.planLater(workflow);
    this.queues.forEach((_, id) => this.schedule(id));
  }

  /** Stops dispatching and waits for running steps to settle; unfinished runs are recovered on the next start. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.tick) clearInterval(this.tick);
    this.planningTimers.forEach((timer) => clearTimeout(timer));
    this.planningTimers.clear();
    this.abort.abort();
    await Promise.allSettled([...this.runs]);
  }

  /** Resolves when nothing is running, queued or planning (executions waiting for approval do not count). */
  async idle(pollMs = 5): Promise<void> {
    while (!this.isIdle()) await new Promise((resolve) => setTimeout(resolve, pollMs));
  }

  private isIdle(): boolean {
    if (this.runs.size > 0 || this.planningTimers.size > 0) return false;
    for (const queue of this.queues.values()) {
      if (queue.scheduled || queue.running > 0) return false;
      for (const lane of queue.lanes.values()) if (lane.pending) return false;
    }
    return true;
  }

  /** Executions processing now for a workflow (as the engine counts them). */
  runningCount(workflowId: string): number {
    return this.queues.get(workflowId)?.running ?? 0;
  }

  /** Schedules planning of a new workflow after the (scaled) thinking time. */
  planLater(workflow: WorkflowRecord): void {
    if (this.abort.signal.aborted) return;
    const timer = setTimeout(
      () => {
        this.planningTimers.delete(workflow.id);
        planStoredWorkflow(this.store, workflow, this.options.logger);
      },
      PLANNING_SECONDS * 1000 * this.options.timeScale,
    );
    this.planningTimers.set(workflow.id, timer);
  }

  /** Plans a re-planned workflow from its new prompt; a pending plan of the old prompt is dropped. */
  replan(workflow: WorkflowRecord): void {
    clearTimeout(this.planningTimers.get(workflow.id));
    this.plans.forget(workflow.id);
    this.planLater(workflow);
  }

  /** Forgets a deleted workflow (planning, queue, plan); its runs in flight find their rows gone and end as lost. */
  forget(workflowId: string): void {
    clearTimeout(this.planningTimers.get(workflowId));
    this.planningTimers.delete(workflowId);
    this.queues.delete(workflowId);
    this.plans.forget(workflowId);
  }

  /** Tells the engine new executions are waiting in a lane (a batch, or single runs when batchId is null). */
  enqueued(workflowId: string, batchId: string | null, batchCap: number | null): void {
    this.addLane(workflowId, batchId, batchCap);
    this.schedule(workflowId);
  }

  private addLane(workflowId: string, batchId: string | null, batchCap: number | null): Lane {
    let queue = this.queues.get(workflowId);
    if (!queue) {
      queue = { running: 0, lanes: new Map(), scheduled: false };
      this.queues.set(workflowId, queue);
    }
    let lane = queue.lanes.get(laneKey(batchId));
    if (!lane) {
      lane = { batchId, cap: batchCap ?? Number.POSITIVE_INFINITY, running: 0, pending: true };
      queue.lanes.set(laneKey(batchId), lane);
    }
    lane.pending = true;
    return lane;
  }

  private schedule(workflowId: string): void {
    const queue = this.queues.get(workflowId);
    if (!queue || queue.scheduled || !this.started) return;
    queue.scheduled = true;
    setImmediate(() => {
      queue.scheduled = false;
      if (!this.started) return;
      try {
        this.dispatch(workflowId, queue);
      } catch (error) {
        this.options.logger.error({ err: error, workflowId }, 'dispatch failed');
      }
    });
  }

  /** Fills free slots with the oldest waiting executions across lanes, honouring every lane's cap. */
  private dispatch(workflowId: string, queue: WorkflowQueue): void {
    const free = LIMITS.maxConcurrentPerWorkflow - queue.running;
    if (free <= 0) return;
    const candidates: Array<{ id: string; created_at: string; lane: Lane }> = [];
    for (const [key, lane] of queue.lanes) {
      if (!lane.pending) {
        if (lane.running === 0 && lane.batchId !== null) queue.lanes.delete(key);
        continue;
      }
      const room = Math.min(free, lane.cap - lane.running);
      if (room <= 0) continue;
      const head = this.store.executions.laneHead(workflowId, lane.batchId, room);
      if (head.length === 0) lane.pending = false;
      for (const row of head) candidates.push({ ...row, lane });
    }
    candidates.sort((a, b) => (a.created_at < b.created_at ? -1 : 1));
    for (const candidate of candidates.slice(0, free)) {
      const now = this.options.clock.now();
      if (!this.store.executions.claim(candidate.id, now, now + this.limitMs)) continue;
      queue.running += 1;
      candidate.lane.running += 1;
      this.launch(candidate.id, workflowId, queue, candidate.lane);
    }
  }

  private launch(executionId: string, workflowId: string, queue: WorkflowQueue, lane: Lane): void {
    this.active.set(executionId, { workflowId, stepIndex: 0, stepStartedAt: this.options.clock.now() });
    const run: Promise<RunOutcome | void> = runExecution(executionId, {
      store: this.store,
      plans: this.plans,
      clock: this.options.clock,
      logger: this.options.logger,
      timeScale: this.options.timeScale,
      signal: this.abort.signal,
      onStep: (id, stepIndex) =>
        this.active.set(id, { workflowId, stepIndex, stepStartedAt: this.options.clock.now() }),
    })
      .catch((error: unknown) => {
        this.options.logger.error({ err: error, executionId }, 'execution run failed');
      })
      .finally(() => {
        this.active.delete(executionId);
        this.runs.delete(run);
        queue.running -= 1;
        lane.running -= 1;
        this.schedule(workflowId);
      });
    this.runs.add(run);
  }

  /**
   * Cancelled executions of a workflow left its queues. Lanes read waiting rows from the store, so
   * a dispatch pass finds the cancelled ones gone and retires lanes with nothing left.
   */
  cancelled(workflowId: string): void {
    const queue = this.queues.get(workflowId);
    if (!queue) return;
    for (const lane of queue.lanes.values()) lane.pending = true;
    this.schedule(workflowId);
  }

  /** Makes sure an execution waiting for approval has its draft stored (see Drafts). */
  ensureDrafts(executionId: string): Promise<void> {
    return this.drafts.ensure(executionId);
  }

  /** Records a reviewer's decision on an execution waiting in human_in_the_loop. */
  decide(execution: ExecutionView, approved: boolean, comment: string | undefined): ApprovalOutcome {
    if (!approved) {
      const reason = comment?.trim() ? `rejected by reviewer: ${comment.trim()}` : 'rejected by reviewer';
      return this.store.rejectExecution(execution.id, reason) ? 'ok' : 'not-waiting';
    }
    if (!this.store.executions.resumeApproved(execution.id)) return 'not-waiting';
    this.enqueued(execution.workflow_id, execution.batch_id, execution.batch_cap);
    return 'ok';
  }

  /** Expected seconds until the execution is worth polling again (see estimateRetryAfter). */
  retryAfterSeconds(execution: ExecutionView, workflow: WorkflowRecord): number {
    const plan = this.plans.get(workflow);
    if (!plan) return 1;
    const active = this.active.get(execution.id);
    return estimateRetryAfter({
      plan,
      execution,
      timeScale: this.options.timeScale,
      current: active && {
        stepIndex: active.stepIndex,
        secondsInStep: (this.options.clock.now() - active.stepStartedAt) / 1000,
      },
      waitingAhead: (enough) => this.store.executions.waitingAhead(execution.workflow_id, execution.created_at, enough),
    });
  }
}
