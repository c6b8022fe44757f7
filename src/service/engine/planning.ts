import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { noMetrics, type Metrics } from '../metrics/metrics';
import type { Model } from '../model/model-client';
import { fallbackNote, planWithModel, type ModelPlanning } from '../model/model-planner';
import { PlanningError } from '../planner/plan';
import type { WorkflowPlan } from '../workflow/plan-types';
import type { WorkflowRecord } from '../store/records';
import type { Store } from '../store/store';
import { planOffThread } from './step-pool';

/** How long the planning agent "thinks" at time scale 1. */
export const PLANNING_SECONDS = 2;

/** The stored columns of a finished plan. */
export function planColumns(plan: WorkflowPlan) {
  return {
    name: plan.name,
    description: plan.description,
    input_schema: plan.input_schema === null ? null : JSON.stringify(plan.input_schema),
    steps: JSON.stringify(plan.steps),
    concurrency: plan.concurrency,
    planning_notes: plan.planning_notes?.length ? JSON.stringify(plan.planning_notes) : null,
  };
}

/** What planning a stored workflow needs besides the store: the model, when one is configured. */
export interface PlanWith {
  logger: Logger;
  model: Model | null;
  /** Stops a model call in flight (shutdown, or the planning claim lost); the workflow is left planning. */
  signal: AbortSignal;
  /** Told which planner made each plan and how it went. */
  metrics?: Metrics;
}

/** The rule-based planner's plan (off the main thread), counted as a planner call. */
async function planWithRules(prompt: string, given: { name?: string; description?: string }, metrics: Metrics) {
  try {
    const plan = await planOffThread(prompt, given);
    metrics.planner('rules', 'ok');
    return plan;
  } catch (error) {
    metrics.planner('rules', 'failed');
    throw error;
  }
}

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

/**
 * The model's plan within the model's planning deadline (WORKFLOW_PLANNING_TIMEOUT_MS): each call
 * has its own timeout, but two attempts, their retries and the waits for a free slot add up, and a
 * person waits for the form. Past it, the plan is the rules', with a note saying why.
 */
async function planBefore(
  model: Model,
  workflow: WorkflowRecord,
  given: { name?: string; description?: string },
  signal: AbortSignal,
  logger: Logger,
): Promise<ModelPlanning> {
  const deadline = AbortSignal.timeout(model.planningTimeoutMs);
  try {
    return await planWithModel(model, workflow.prompt, given, {
      account: workflow.account_id,
      signal: AbortSignal.any([signal, deadline]),
      logger,
    });
  } catch (error) {
    if (signal.aborted || !deadline.aborted) throw error;
    return { unusable: `the model ${model.name} did not finish planning within ${duration(model.planningTimeoutMs)}.` };
  }
}

/**
 * The plan of a workflow: the model's when one is configured and its plan is usable, else the
 * rule-based planner's, with a note saying why the model's was not used.
 */
async function planFor(
  workflow: WorkflowRecord,
  { model, signal, logger, metrics = noMetrics }: PlanWith,
): Promise<WorkflowPlan> {
  const given = {
    name: workflow.name_given ? workflow.name : undefined,
    description: workflow.description_given ? workflow.description : undefined,
  };
  if (!model) return planWithRules(workflow.prompt, given, metrics);
  const planned = await planBefore(model, workflow, given, signal, logger);
  metrics.planner('model', 'plan' in planned ? 'ok' : 'fallback');
  if ('plan' in planned) return planned.plan;
  const plan = await planWithRules(workflow.prompt, given, metrics);
  return { ...plan, planning_notes: [fallbackNote(planned.unusable), ...(plan.planning_notes ?? [])] };
}

/**
 * Plans a stored workflow and records the outcome: ready with its plan, or failed with a reason.
 * Both writes are a compare-and-set on status `planning` (and the plan's on the prompt it was made
 * from, as a re-plan may come in while a model thinks), so a plan is written once.
 */
export async function planStoredWorkflow(store: Store, workflowId: string, how: PlanWith): Promise<void> {
  for (;;) {
    // Read again: the workflow may have been renamed, re-planned or deleted while it waited.
    const workflow = await store.workflows.byId(workflowId);
    if (!workflow || workflow.status !== 'planning' || how.signal.aborted) return;
    try {
      const plan = await planFor(workflow, how);
      if (await store.workflows.markReady(workflow.id, planColumns(plan), store.nowIso(), workflow.prompt)) return;
    } catch (error) {
      if (how.signal.aborted) return;
      const known = error instanceof PlanningError;
      if (!known) how.logger.error({ err: error, workflowId: workflow.id }, 'planning failed');
      const reason = known ? (error as Error).message : 'the planner failed unexpectedly; try rephrasing the prompt';
      if (await store.workflows.markFailed(workflow.id, reason, store.nowIso(), workflow.prompt)) return;
    }
    // Not written: the prompt changed while it was planned (plan the new one), or it is no longer planning.
  }
}

export interface PlanningOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  timeScale: number;
  owner: string;
  leaseMs: number;
  /** Plans with this model when set, with the rule-based planner as fallback. */
  model: Model | null;
  metrics?: Metrics;
}

/**
 * The planner's work queue, shared by every replica through the workflows table: a workflow in
 * `planning` is planned once its (scaled) thinking time has passed, by whichever replica claims
 * it (`claimPlanning`, a CAS with a lease). The replica that created it waits on a timer; the
 * others find it on their safety tick (`planningDue`), which also picks up a workflow whose
 * planner died with the claim held, once that lease ends.
 */
export class PlanningQueue {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Workflows waiting on a timer or being planned here, so a tick does not plan one twice. */
  private readonly pending = new Set<string>();
  /** Re-plans asked for while the workflow was being planned here: planned again after that one. */
  private readonly again = new Map<string, Pick<WorkflowRecord, 'id' | 'updated_at'>>();
  private stopped = false;
  /** Ends model calls in flight at shutdown: their workflows stay planning for the next replica. */
  private readonly shutdown = new AbortController();

  constructor(private readonly options: PlanningOptions) {}

  /** True while a workflow waits for its thinking time or is being planned here. */
  get busy(): boolean {
    return this.timers.size > 0 || this.inFlight.size > 0;
  }

  private get thinkingMs(): number {
    // A model's own time is its thinking time; the pause only stands in for it when rules plan.
    if (this.options.model) return 0;
    return PLANNING_SECONDS * 1000 * this.options.timeScale;
  }

  /** Plans the workflow after the thinking time from its last change (creation or re-plan). */
  later(workflow: Pick<WorkflowRecord, 'id' | 'updated_at'>, full = true): void {
    if (this.stopped) return;
    if (this.pending.has(workflow.id)) {
      if (full && !this.timers.has(workflow.id)) this.again.set(workflow.id, workflow);
      return;
    }
    this.pending.add(workflow.id);
    const since = full ? 0 : Math.max(0, this.options.clock.now() - Date.parse(workflow.updated_at));
    const timer = setTimeout(
      () => {
        this.timers.delete(workflow.id);
        this.track(workflow.id, this.claimAndPlan(workflow.id));
      },
      Math.max(0, this.thinkingMs - since),
    );
    this.timers.set(workflow.id, timer);
  }

  /** Drops a pending plan (re-planned or deleted workflow); one being planned reads the workflow again. */
  drop(workflowId: string): void {
    const timer = this.timers.get(workflowId);
    if (!timer) return;
    clearTimeout(timer);
    this.timers.delete(workflowId);
    this.pending.delete(workflowId);
  }

  /** The safety tick and start-up: workflows planning with no live claim, whoever created them. */
  async due(): Promise<void> {
    if (this.stopped) return;
    for (const workflow of await this.options.store.workflows.planningDue(this.options.clock.now())) {
      this.later(workflow, false);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.shutdown.abort(new Error('the service is stopping'));
    this.timers.forEach((timer) => clearTimeout(timer));
    this.timers.clear();
    this.pending.clear();
    this.again.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private track(workflowId: string, work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => this.options.logger.error({ err: error, workflowId }, 'planning failed'))
      .finally(() => {
        this.inFlight.delete(tracked);
        this.pending.delete(workflowId);
        const replanned = this.again.get(workflowId);
        this.again.delete(workflowId);
        if (replanned) this.later(replanned);
      });
    this.inFlight.add(tracked);
  }

  /**
   * Claims the workflow and plans it, renewing the claim while planning takes (a model may think for
   * minutes, far past one lease) so no other replica plans it meanwhile; a planner that dies stops
   * renewing, and another replica takes the workflow once the lease ends. A lost claim (deleted, or
   * taken by another replica after a stall) stops the model call.
   */
  private async claimAndPlan(workflowId: string): Promise<void> {
    const { store, clock, owner, leaseMs, logger, model, metrics } = this.options;
    const now = clock.now();
    if (!(await store.workflows.claimPlanning(workflowId, owner, now + leaseMs, now))) return;
    const lost = new AbortController();
    const renew = setInterval(
      () => {
        const at = clock.now();
        store.workflows.claimPlanning(workflowId, owner, at + leaseMs, at).then(
          (held) => {
            if (!held) lost.abort(new Error('the planning claim was lost'));
          },
          (error: unknown) => logger.warn({ err: error, workflowId }, 'renewing the planning claim failed'),
        );
      },
      Math.max(10, leaseMs / 3),
    );
    try {
      const signal = AbortSignal.any([this.shutdown.signal, lost.signal]);
      await planStoredWorkflow(store, workflowId, { logger, model, signal, metrics });
    } finally {
      clearInterval(renew);
    }
  }
}
