import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { noMetrics, type Metrics } from '../metrics/metrics';
import type { Model } from '../model/model-client';
import type { ExecutionView, WorkflowRecord } from '../store/records';
import type { Store } from '../store/store';
import { Dispatcher } from './dispatcher';
import { Drafts } from './drafts';
import { DEFAULT_LEASE_MS, Leases } from './leases';
import { PlanningQueue } from './planning';
import { PlanCache } from './plans';
import { RetentionCleaner, type RetentionSettings } from './retention';
import { estimateRetryAfter, runTimeLimitMs } from './timing';

export interface EngineOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  timeScale: number;
  /** Overrides the scaled 15-minute run time limit, in milliseconds (tests). */
  runTimeLimitMs?: number;
  /** How often queues are re-checked in case an event was missed; events do the real work. */
  safetyTickMs?: number;
  /** How long a claim holds without a heartbeat (LEASE_SECONDS × 1000); heartbeats come every third of it. */
  leaseMs?: number;
  /** At most this many executions of one account process at once, over all its workflows and replicas. */
  maxRunningPerAccount?: number;
  /** The configured model (WORKFLOW_MODEL_URL): plans workflows and runs writing steps; null: rules only. */
  model?: Model | null;
  /** Told of steps, plans and lease take-overs (for /metrics). */
  metrics?: Metrics;
  /** How long ended runs are kept (WORKFLOW_RETENTION_*); absent: forever, unless an account sets its own. */
  retention?: RetentionSettings;
  /** How often the retention cleaner runs (tests). */
  retentionEveryMs?: number;
}

export type ApprovalOutcome = 'ok' | 'not-waiting';

/** A rejected run's error: "Rejected by <reviewer>: <comment>", or without a comment "Rejected by <reviewer>". */
export function rejectionMessage(reviewer: string, comment: string | undefined): string {
  const words = comment?.trim();
  return words ? `Rejected by ${reviewer}: ${words}` : `Rejected by ${reviewer}`;
}

/**
 * Runs executions, alone or as one of several replicas on one database. Each dispatch claims in
 * the database (`claimNext`): per workflow at most LIMITS.maxConcurrentPerWorkflow (10) process at
 * once across all replicas, per account at most `maxRunningPerAccount` over all its workflows, the
 * oldest waiting first, and a batch within its cap (low 1, medium 5, high 15, which the workflow's
 * 10 bounds). Work is driven by events (created, ended, approved) with a
 * slow safety tick that also finds work submitted to or freed by other replicas, settles the runs
 * of replicas whose leases ended, and claims planning nobody finished.
 */
export class Engine {
  readonly plans = new PlanCache();
  /** This replica's id on the executions and plans it claims. */
  readonly owner = randomUUID();
  /** Deletes ended runs past their account's retention, in small batches. */
  readonly retention: RetentionCleaner;
  private readonly abort = new AbortController();
  private readonly dispatcher: Dispatcher;
  private readonly drafts: Drafts;
  private readonly leases: Leases;
  private readonly planning: PlanningQueue;
  private readonly leaseMs: number;
  private readonly metrics: Metrics;
  private tick: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private started = false;

  constructor(private readonly options: EngineOptions) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.metrics = options.metrics ?? noMetrics;
    // Every waiting step listens for the stop signal; a busy engine has hundreds at once, which is expected.
    setMaxListeners(0, this.abort.signal);
    this.drafts = new Drafts(options.store, this.plans, options.logger, this.abort.signal);
    const shared = { store: options.store, clock: options.clock, logger: options.logger, owner: this.owner };
    this.dispatcher = new Dispatcher({
      ...shared,
      timeScale: options.timeScale,
      model: options.model ?? null,
      metrics: this.metrics,
      plans: this.plans,
      limitMs: runTimeLimitMs(options.timeScale, options.runTimeLimitMs),
      leaseMs: this.leaseMs,
      maxRunningPerAccount: options.maxRunningPerAccount,
      signal: this.abort.signal,
      started: () => this.started,
    });
    this.leases = new Leases({ ...shared, leaseMs: this.leaseMs, metrics: this.metrics });
    this.retention = new RetentionCleaner({
      ...shared,
      settings: options.retention ?? { days: null, maxRuns: null },
      ...(options.retentionEveryMs === undefined ? {} : { everyMs: options.retentionEveryMs }),
    });
    this.planning = new PlanningQueue({
      ...shared,
      leaseMs: this.leaseMs,
      timeScale: options.timeScale,
      model: options.model ?? null,
      metrics: this.metrics,
    });
  }

  private get store(): Store {
    return this.options.store;
  }

  /** Settles executions left processing by a process that is gone, then starts dispatching and planning. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    let requeued: Set<string>;
    try {
      requeued = await this.leases.recoverAtStart();
      for (const lane of await this.store.executions.pendingLanes()) requeued.add(lane.workflow_id);
      await this.planning.due();
    } catch (error) {
      this.started = false;
      throw error;
    }
    this.leases.start();
    this.retention.start();
    requeued.forEach((id) => this.schedule(id));
    this.tick = setInterval(() => {
      if (this.ticking || !this.started) return;
      this.ticking = this.safetyTick().finally(() => (this.ticking = null));
    }, this.options.safetyTickMs ?? 2000);
    this.tick.unref();
  }

  private async safetyTick(): Promise<void> {
    try {
      const ids = await this.leases.recoverExpired();
      // Another replica may have taken work in or freed slots; alone, every change came through this engine.
      if (this.store.shared) for (const lane of await this.store.executions.pendingLanes()) ids.add(lane.workflow_id);
      else this.dispatcher.addKnown(ids);
      ids.forEach((id) => this.schedule(id));
      await this.planning.due();
    } catch (error) {
      this.options.logger.error({ err: error }, 'safety tick failed');
    }
  }

  /**
   * Stops dispatching and planning and waits for running steps to settle. Interrupted runs wait
   * again at once (see settleOrphan); any the engine could not settle are recovered later.
   */
  async stop(): Promise<void> {
    this.started = false;
    if (this.tick) clearInterval(this.tick);
    this.abort.abort();
    await this.ticking;
    await this.dispatcher.settle();
    await this.retention.stop();
    await this.leases.stop();
    await this.planning.stop();
  }

  /** Resolves when nothing is running, queued or planning here (executions waiting for approval do not count). */
  async idle(pollMs = 5): Promise<void> {
    while (!this.isIdle()) await new Promise((resolve) => setTimeout(resolve, pollMs));
  }

  private isIdle(): boolean {
    return this.dispatcher.idle && this.ticking === null && !this.planning.busy;
  }

  /** Executions this engine is running now for a workflow. */
  runningCount(workflowId: string): number {
    return this.dispatcher.runningCount(workflowId);
  }

  /** Schedules planning of a new workflow after the (scaled) thinking time. */
  planLater(workflow: WorkflowRecord): void {
    this.planning.later(workflow);
  }

  /** Plans a re-planned workflow from its new prompt; a pending plan of the old prompt is dropped. */
  replan(workflow: WorkflowRecord): void {
    this.planning.drop(workflow.id);
    this.plans.forget(workflow.id);
    this.planning.later(workflow);
  }

  /** Forgets a deleted workflow (planning, queue, plan); its runs in flight find their rows gone and end as lost. */
  forget(workflowId: string): void {
    this.planning.drop(workflowId);
    this.dispatcher.forget(workflowId);
    this.plans.forget(workflowId);
  }

  /**
   * Tells the engine new executions are waiting in a workflow (a batch's lane or single runs; the
   * claim finds them in the database, so the lane arguments are not needed any more).
   */
  enqueued(workflowId: string, _batchId?: string | null, _batchCap?: number | null): void {
    this.schedule(workflowId);
  }

  /** Cancelled executions of a workflow left its queue: a dispatch pass finds them gone. */
  cancelled(workflowId: string): void {
    this.schedule(workflowId);
  }

  private schedule(workflowId: string): void {
    this.dispatcher.schedule(workflowId);
  }

  /** Makes sure an execution waiting for approval has its draft stored (see Drafts). */
  ensureDrafts(executionId: string): Promise<void> {
    return this.drafts.ensure(executionId);
  }

  /**
   * Records a reviewer's decision on an execution waiting in human_in_the_loop, with the reviewer's
   * key. A rejected run ends in error ("Rejected by <reviewer>: <comment>") and keeps the draft the
   * reviewer read as results.
   */
  async decide(
    execution: ExecutionView,
    approved: boolean,
    comment: string | undefined,
    reviewer: { id: string; name: string },
  ): Promise<ApprovalOutcome> {
    const decision = { by: reviewer.id, comment: comment?.trim() || null };
    if (!approved) {
      // The draft is built when someone first reads it; a decision made without reading it builds it here.
      await this.drafts.ensure(execution.id);
      return (await this.store.rejectExecution(execution.id, rejectionMessage(reviewer.name, comment), decision))
        ? 'ok'
        : 'not-waiting';
    }
    if (!(await this.store.executions.resumeApproved(execution.id, decision))) return 'not-waiting';
    this.enqueued(execution.workflow_id);
    return 'ok';
  }

  /** Expected seconds until the execution is worth polling again (see estimateRetryAfter). */
  async retryAfterSeconds(execution: ExecutionView, workflow: WorkflowRecord): Promise<number> {
    const plan = this.plans.get(workflow);
    if (!plan) return 1;
    // A run on another replica has no step here: it is estimated from the step it would resume at.
    const active = this.dispatcher.activeRun(execution.id);
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
