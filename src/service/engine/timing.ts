import { LIMITS } from '../../contract/limits';
import type { ExecutionView } from '../store/records';
import type { ReadyPlan } from './plans';

export const TIME_LIMIT_MESSAGE = `execution exceeded the ${LIMITS.maxRunSeconds / 60}-minute run time limit`;

/** Smallest scaled time limit, so a tiny time scale cannot fail runs before their first step. */
const MIN_SCALED_LIMIT_MS = 50;

/**
 * The run time limit in milliseconds: 15 minutes scaled like every other duration. At scale 0
 * steps take no time, so the full unscaled limit only guards against a hung step.
 */
export function runTimeLimitMs(timeScale: number, override?: number): number {
  if (override !== undefined) return override;
  const full = LIMITS.maxRunSeconds * 1000;
  return timeScale > 0 ? Math.max(MIN_SCALED_LIMIT_MS, full * timeScale) : full;
}

/** retry_after_seconds is a whole number of seconds from 1 to 30. */
function clampRetryAfter(seconds: number): number {
  return Math.min(30, Math.max(1, Math.ceil(seconds)));
}

export interface RetryAfterFacts {
  plan: Pick<ReadyPlan, 'stepSeconds' | 'totalSeconds'>;
  execution: Pick<ExecutionView, 'status' | 'resume_step' | 'batch_cap'>;
  timeScale: number;
  /** The step an execution processing now is in, and for how many (real) seconds so far. */
  current: { stepIndex: number; secondsInStep: number } | undefined;
  /** Executions of the workflow waiting ahead of this one, counted up to `enough`. */
  waitingAhead: (enough: number) => Promise<number>;
}

/**
 * Expected seconds until the execution is worth polling again: what is left of its steps while
 * processing; while waiting, also the runs queued ahead of it shared over the workflow's slots.
 */
export async function estimateRetryAfter({
  plan,
  execution,
  timeScale: scale,
  current,
  waitingAhead,
}: RetryAfterFacts): Promise<number> {
  if (scale === 0) return 1;
  const remainingSteps = (from: number) => plan.stepSeconds.slice(from).reduce((sum, s) => sum + s, 0);
  if (execution.status === 'processing' && current) {
    const inStep = current.secondsInStep / scale;
    return clampRetryAfter((remainingSteps(current.stepIndex) - inStep) * scale);
  }
  const ownSeconds = remainingSteps(execution.resume_step) * scale;
  const perRun = plan.totalSeconds * scale;
  const slots = Math.min(LIMITS.maxConcurrentPerWorkflow, execution.batch_cap ?? LIMITS.maxConcurrentPerWorkflow);
  // Counting further than enough runs to reach the 30 s ceiling would not change the answer.
  const enough = perRun > 0 ? Math.ceil((30 / perRun) * slots) + 1 : 0;
  const ahead = enough > 0 ? await waitingAhead(enough) : 0;
  return clampRetryAfter(Math.floor(ahead / slots) * perRun + ownSeconds);
}
