import type { Logger } from 'pino';
import { LIMITS } from '../../contract/limits';
import type { Clock } from '../clock';
import type { Metrics } from '../metrics/metrics';
import type { Model } from '../model/model-client';
import type { Claimed } from '../store/executions/executions-repo';
import type { Store } from '../store/store';
import type { PlanCache } from './plans';
import { runExecution, type RunOutcome } from './runner';

export interface DispatcherOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  timeScale: number;
  model: Model | null;
  metrics: Metrics;
  plans: PlanCache;
  /** This replica's id on the executions it claims. */
  owner: string;
  /** The (scaled) run time limit and claim length, in milliseconds. */
  limitMs: number;
  leaseMs: number;
  /** At most this many executions of one account process at once, over all its workflows and replicas. */
  maxRunningPerAccount: number | undefined;
  /** Aborted when the engine stops: every run sees it and puts its execution back. */
  signal: AbortSignal;
  /** Whether the engine is started; no dispatch is scheduled or claims while it is not. */
  started: () => boolean;
}

/** The step a run of this replica is on, to estimate when it is worth polling again. */
export interface ActiveRun {
  workflowId: string;
  stepIndex: number;
  stepStartedAt: number;
}

/**
 * Claims waiting executions per workflow and runs them on this replica: one dispatch pass per
 * workflow at a time, asked for again when an event comes in during one, and workflows held back
 * by their account's cap dispatched again when a run of that account ends.
 */
export class Dispatcher {
  private readonly running = new Map<string, number>();
  private readonly active = new Map<string, ActiveRun>();
  private readonly runs = new Set<Promise<unknown>>();
  /** Workflows with a dispatch queued, running, or asked for again while one ran. */
  private readonly scheduled = new Set<string>();
  private readonly dispatching = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  /** Workflows that had work here; on a store of one process the tick re-checks only these. */
  private readonly known = new Set<string>();
  /** Workflows held back by their account's cap, by account: dispatched again when a run of the account ends. */
  private readonly heldByAccount = new Map<string, Set<string>>();

  constructor(private readonly options: DispatcherOptions) {}

  /** Nothing is running here and no dispatch is queued. */
  get idle(): boolean {
    return this.runs.size === 0 && this.scheduled.size === 0;
  }

  /** Executions this replica is running now for a workflow. */
  runningCount(workflowId: string): number {
    return this.running.get(workflowId) ?? 0;
  }

  /** The step a run here is on; undefined when it runs elsewhere or not at all. */
  activeRun(executionId: string): ActiveRun | undefined {
    return this.active.get(executionId);
  }

  /** Adds the workflows that had work here, for a tick to re-check. */
  addKnown(ids: Set<string>): void {
    this.known.forEach((id) => ids.add(id));
  }

  /** Stops re-checking a deleted workflow; its runs in flight find their rows gone and end as lost. */
  forget(workflowId: string): void {
    this.known.delete(workflowId);
    for (const held of this.heldByAccount.values()) held.delete(workflowId);
  }

  /** Waits for dispatch passes, then for runs, to settle. */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.dispatching.values()]);
    await Promise.allSettled([...this.runs]);
  }

  schedule(workflowId: string): void {
    if (!this.options.started()) return;
    this.known.add(workflowId);
    if (this.dispatching.has(workflowId)) {
      this.again.add(workflowId);
      return;
    }
    if (this.scheduled.has(workflowId)) return;
    this.scheduled.add(workflowId);
    // One pass per turn of the event loop however many events came in it.
    setImmediate(() => {
      const pass = this.dispatch(workflowId)
        .catch((error: unknown) => this.options.logger.error({ err: error, workflowId }, 'dispatch failed'))
        .finally(() => {
          this.dispatching.delete(workflowId);
          this.scheduled.delete(workflowId);
          if (this.again.delete(workflowId)) this.schedule(workflowId);
        });
      this.dispatching.set(workflowId, pass);
    });
  }

  /** Claims the oldest waiting executions that fit the workflow's free slots and its batches' caps. */
  private async dispatch(workflowId: string): Promise<void> {
    if (!this.options.started()) return;
    const running = this.runningCount(workflowId);
    if (running >= LIMITS.maxConcurrentPerWorkflow) return;
    const now = this.options.clock.now();
    let held = false;
    const claimed = await this.options.store.executions.claimNext(workflowId, {
      now,
      limitMs: this.options.limitMs,
      owner: this.options.owner,
      leaseUntil: now + this.options.leaseMs,
      maxPerWorkflow: LIMITS.maxConcurrentPerWorkflow,
      ...(this.options.maxRunningPerAccount === undefined
        ? {}
        : {
            maxPerAccount: this.options.maxRunningPerAccount,
            onAccountFull: (accountId: string) => {
              held = true;
              const workflows = this.heldByAccount.get(accountId) ?? new Set<string>();
              this.heldByAccount.set(accountId, workflows.add(workflowId));
            },
          }),
      startFirstStep: true,
    });
    if (claimed.length === 0 && running === 0 && !held) this.known.delete(workflowId);
    // Launched even when the engine stopped meanwhile: the run sees the stop and puts its execution back.
    for (const execution of claimed) this.launch(execution);
  }

  private launch({ id, account_id: accountId, workflow_id: workflowId, attempt }: Claimed): void {
    const { clock, logger } = this.options;
    this.running.set(workflowId, this.runningCount(workflowId) + 1);
    this.active.set(id, { workflowId, stepIndex: 0, stepStartedAt: clock.now() });
    const run: Promise<RunOutcome | void> = runExecution(id, attempt, {
      store: this.options.store,
      model: this.options.model,
      plans: this.options.plans,
      clock,
      logger,
      timeScale: this.options.timeScale,
      signal: this.options.signal,
      firstStepStarted: true,
      metrics: this.options.metrics,
      onStep: (executionId, stepIndex) =>
        this.active.set(executionId, { workflowId, stepIndex, stepStartedAt: clock.now() }),
    })
      .catch((error: unknown) => {
        logger.error({ err: error, executionId: id }, 'execution run failed');
      })
      .finally(() => {
        this.active.delete(id);
        this.runs.delete(run);
        const left = this.runningCount(workflowId) - 1;
        if (left > 0) this.running.set(workflowId, left);
        else this.running.delete(workflowId);
        this.schedule(workflowId);
        const held = this.heldByAccount.get(accountId);
        this.heldByAccount.delete(accountId);
        held?.forEach((id) => this.schedule(id));
      });
    this.runs.add(run);
  }
}
