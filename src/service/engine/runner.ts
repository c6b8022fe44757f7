import { setImmediate as yieldToEventLoop, setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Metrics } from '../metrics/metrics';
import type { Model } from '../model/model-client';
import { ModelContexts, writeStep, type WriteStep } from './write-step';
import type { StepSpec } from '../workflow/plan-types';
import { StepFailure, type OutputFile, type StepContext, type StepResult } from '../steps/step-io';
import type { Writing } from '../store/executions/steps-repo';
import type { Store } from '../store/store';
import { settleOrphan } from './leases';
import type { PlanCache } from './plans';
import { runStepOffThread, StepCrash } from './step-pool';
import { TIME_LIMIT_MESSAGE } from './timing';

class TimeLimitExceeded extends Error {}

const MAX_TIMER_MS = 2 ** 31 - 1;

export interface RunnerDeps {
  store: Store;
  plans: PlanCache;
  /** Runs writing steps; null: a plan with one fails that step, naming the missing model. */
  model: Model | null;
  clock: Clock;
  logger: Logger;
  timeScale: number;
  /** Aborted when the engine stops; a run then leaves its row processing for recovery to pick up. */
  signal: AbortSignal;
  /** Tells the engine which step a run is in, for retry_after_seconds. */
  onStep(executionId: string, stepIndex: number): void;
  /** The claim already started the step at the run's resume_step (ClaimOptions.startFirstStep). */
  firstStepStarted?: boolean;
  /** Told how long each step run here took (replayed steps are not counted). */
  metrics: Metrics;
}

export type RunOutcome = 'finished' | 'error' | 'waiting' | 'stopped' | 'lost';

/** Waits a step's scaled duration, or fails the run when the deadline comes first. */
async function waitFor(ms: number, deadline: number, deps: RunnerDeps): Promise<void> {
  if (ms <= 0) {
    // Even instant steps give way to the event loop so HTTP stays responsive while a batch drains.
    await yieldToEventLoop(undefined, { signal: deps.signal });
    return;
  }
  const remaining = deadline - deps.clock.now();
  if (remaining < ms) {
    await sleep(Math.max(0, remaining), undefined, { signal: deps.signal });
    throw new TimeLimitExceeded();
  }
  await sleep(ms, undefined, { signal: deps.signal });
}

/**
 * Runs a step on the worker pool with a hard stop at the deadline: an overrunning step's thread is
 * terminated (a step may loop on hostile input; checking the clock after it returns is too late).
 */
async function runStepBounded(
  step: StepSpec,
  context: StepContext,
  deadline: number,
  account: string,
  deps: RunnerDeps,
): Promise<StepResult> {
  const timeLimit = AbortSignal.timeout(Math.min(MAX_TIMER_MS, Math.max(0, Math.ceil(deadline - deps.clock.now()))));
  try {
    return await runStepOffThread(step, context, AbortSignal.any([deps.signal, timeLimit]), account);
  } catch (error) {
    if (timeLimit.aborted && !deps.signal.aborted) throw new TimeLimitExceeded();
    throw error;
  }
}

/**
 * Runs a writing step on this thread (the model's time is network I/O, not CPU) with the same hard
 * stop at the deadline: the call is aborted. A fresh answer is stored with the step's record before
 * the run goes on, so a replay (after an approval, a crash or a lease take-over) reuses it.
 */
async function writeBounded(
  step: WriteStep,
  context: StepContext,
  where: { executionId: string; position: number; account: string; earlier: Writing | undefined },
  deadline: number,
  deps: RunnerDeps,
): Promise<StepResult> {
  const timeLimit = AbortSignal.timeout(Math.min(MAX_TIMER_MS, Math.max(0, Math.ceil(deadline - deps.clock.now()))));
  try {
    const { file, writing } = await writeStep(step, context, {
      model: deps.model,
      account: where.account,
      signal: AbortSignal.any([deps.signal, timeLimit]),
      earlier: where.earlier,
    });
    if (writing) await deps.store.steps.written(where.executionId, where.position, writing);
    return { kind: 'files', files: [file] };
  } catch (error) {
    if (timeLimit.aborted && !deps.signal.aborted) throw new TimeLimitExceeded();
    throw error;
  }
}

/**
 * Runs one claimed execution to its next resting state. Steps are deterministic, so the steps
 * before `resume_step` (already done before an approval or a crash) are replayed without waiting
 * to rebuild their files; writing steps reuse what the model wrote then. Every write that decides the run's fate is a compare-and-set on the
 * attempt, so a run that lost its claim (its lease expired and another replica took it) changes
 * nothing. Step records take one write per step: finishing a step starts the next
 * (`steps.advance`), and completion finishes the last one in the completion transaction.
 */
export async function runExecution(executionId: string, attempt: number, deps: RunnerDeps): Promise<RunOutcome> {
  const { store } = deps;
  // Alone on its database, this process writes every cancel request: with none since the row was
  // read, its cancel_requested still holds at a step boundary and the read there is skipped.
  let cancelSeen = store.executions.cancelGeneration();
  const execution = await store.executions.byId(executionId);
  if (
    !execution ||
    execution.status !== 'processing' ||
    execution.attempt !== attempt ||
    execution.deadline === null ||
    execution.started_at === null
  )
    return 'lost';
  const { deadline, started_at: startedAt } = execution;
  const workflow = await store.workflows.byId(execution.workflow_id);
  const plan = workflow ? deps.plans.get(workflow) : null;
  let stepIndex = 0;
  // The step whose record is open (processing), to finish when the next one starts or the run completes.
  let open: number | null = null;
  // The step the claim started, until the run reaches it; a run that never does removes its record.
  let pending: number | null = deps.firstStepStarted ? execution.resume_step : null;
  // When the step under way began (performance.now()), while it is one run here rather than replayed.
  let stepBegan: number | null = null;
  const stepEnded = () => {
    if (stepBegan === null || !plan) return;
    deps.metrics.step(plan.steps[stepIndex]!.kind, (performance.now() - stepBegan) / 1000);
    stepBegan = null;
  };
  try {
    if (!plan) throw new StepFailure('the workflow has no plan to run');
    const context: StepContext = {
      input: JSON.parse(execution.input) as Record<string, unknown>,
      files: [],
      previous: [],
    };
    let results: OutputFile[] = [];
    // What the model already wrote for this execution: only plans with writing steps read it.
    const writings = plan.steps.some((step) => step.kind === 'model_write')
      ? await store.steps.writings(executionId)
      : new Map<number, Writing>();
    const modelContexts = new ModelContexts();
    for (; stepIndex < plan.steps.length; stepIndex++) {
      const step = plan.steps[stepIndex]!;
      const replay = stepIndex < execution.resume_step;
      if (replay && step.kind === 'approval') continue;
      if (!replay) {
        deps.onStep(executionId, stepIndex);
        if (open === null && stepIndex === pending) pending = null;
        else {
          const at = store.nowIso();
          if (open === null) await store.steps.started(executionId, stepIndex, at);
          else await store.steps.advance(executionId, open, stepIndex, at);
        }
        open = stepIndex;
        stepBegan = performance.now();
        await waitFor((plan.stepSeconds[stepIndex] ?? 0) * deps.timeScale * 1000, deadline, deps);
      }
      const outcome =
        step.kind === 'model_write'
          ? await writeBounded(
              step,
              modelContexts.of(context),
              {
                executionId,
                position: stepIndex,
                account: execution.account_id,
                earlier: writings.get(stepIndex),
              },
              deadline,
              deps,
            )
          : await runStepBounded(step, context, deadline, execution.account_id, deps);
      stepEnded();
      // A step boundary: a cancelled run (POST …/executions/cancel) ends here, in error, with the canceller's message.
      let cancelled = execution.cancel_requested;
      if (store.shared || store.executions.cancelGeneration() !== cancelSeen) {
        cancelSeen = store.executions.cancelGeneration();
        cancelled = await store.executions.cancelRequest(executionId);
      }
      if (cancelled !== null) throw new StepFailure(cancelled);
      if (deps.clock.now() > deadline) throw new TimeLimitExceeded();
      if (outcome.kind === 'approval') {
        await store.steps.waiting(executionId, stepIndex);
        const elapsed = execution.elapsed_ms + Math.max(0, deps.clock.now() - startedAt);
        return (await store.executions.pauseForApproval(executionId, attempt, stepIndex + 1, Math.round(elapsed)))
          ? 'waiting'
          : 'lost';
      }
      context.previous = outcome.files;
      context.files = [...context.files, ...outcome.files];
      if (outcome.files.length > 0) results = outcome.files;
    }
    if (pending !== null) await store.steps.discard(executionId, pending);
    const done = await store.completeExecution(executionId, attempt, results, open ?? undefined);
    return done ? 'finished' : 'lost';
  } catch (error) {
    if (deps.signal.aborted) return await stopped(executionId, attempt, pending, deps);
    stepEnded();
    // Its workflow was deleted meanwhile (the step records' foreign keys fail): nothing is left to record.
    if (!(await store.executions.byId(executionId))) return 'lost';
    let message: string;
    if (error instanceof StepFailure) message = error.message;
    else if (error instanceof TimeLimitExceeded) message = TIME_LIMIT_MESSAGE;
    else {
      const kind = plan?.steps[stepIndex]?.kind ?? 'unknown';
      message = `step ${stepIndex + 1} (${kind}) failed: internal error`;
      const err = error instanceof StepCrash ? { message: error.message, stack: error.stack } : error;
      deps.logger.error({ err, executionId, workflowId: execution.workflow_id, step: stepIndex + 1 }, 'step failed');
    }
    if (!(await store.failExecution(executionId, attempt, message))) return 'lost';
    if (pending !== null) await store.steps.discard(executionId, pending);
    // The step that was running is the failing one (its row is only updated while it is processing).
    await store.steps.failed(executionId, stepIndex, store.nowIso(), message);
    return 'error';
  }
}

/**
 * The engine stopped mid-run: the execution is settled at once (see settleOrphan), so it waits
 * again for this or another replica instead of for its lease to end. Read again for a cancel
 * request made meanwhile. If that fails too, lease expiry or start-up recovery settles it later.
 */
async function stopped(
  executionId: string,
  attempt: number,
  pending: number | null,
  deps: RunnerDeps,
): Promise<RunOutcome> {
  try {
    const row = await deps.store.executions.byId(executionId);
    if (row?.status === 'processing' && row.attempt === attempt) {
      if (pending !== null) await deps.store.steps.discard(executionId, pending);
      await settleOrphan(deps.store, row, deps.clock.now());
    }
  } catch (error) {
    deps.logger.warn({ err: error, executionId }, 'could not settle a stopped run');
  }
  return 'stopped';
}
