import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import { PlanningError } from '../planner/plan';
import type { StepSpec, WorkflowPlan } from '../workflow/plan-types';
import { StepFailure, type StepContext, type StepResult } from '../steps/step-io';
import { FairQueue } from '../lib/fair-queue';
import type { PlanReply, PlanTask, RenderReply, RenderTask, StepReply, StepTask } from './step-worker';

/** A step's unexpected exception, rebuilt on this side of the thread boundary for the log. */
export class StepCrash extends Error {}

/**
 * Compiled by `npm run build:service`, this code is bundled into dist-service/main.js, beside
 * dist-service/step-worker.js; from the sources it sits beside step-worker.ts.
 */
const COMPILED = import.meta.url.endsWith('.js');
const WORKER = new URL(COMPILED ? './step-worker.js' : './step-worker.ts', import.meta.url);
let workerFile: URL = WORKER;

/**
 * From the sources the worker is TypeScript: under `tsx` (npm start, npm run dev) threads inherit
 * its loader with the parent's flags; elsewhere (vitest) the thread registers tsx itself.
 */
function workerExecArgv(): string[] {
  const inherited = process.execArgv;
  if (COMPILED || inherited.some((flag) => flag.includes('tsx'))) return inherited;
  return [...inherited, '--import', 'tsx'];
}

/** The pool runs the entry points of step-worker.ts: steps (default), plans (`planTask`) and templates (`renderTask`). */
type PoolTask = StepTask | PlanTask | RenderTask;
type PoolReply = StepReply | PlanReply | RenderReply;

let pool: Piscina<PoolTask, PoolReply> | null = null;
const cores = availableParallelism();
/**
 * One thread per core (at least two), and one more that no single account may take: an account
 * flooding the pool fills every core, and another account's step still starts at once on the spare
 * thread instead of waiting for one of the flood's steps (a PDF of a long report takes a second).
 */
const threads = Math.max(2, cores) + 1;
/**
 * Steps reach the pool through per-account queues that take turns, at most one per thread, so one
 * account's backlog never sits in the pool's own first-in-first-out queue ahead of another's step.
 */
const turns = new FairQueue(threads, threads - 1);
/** Plans take turns with the accounts' steps under this key, which no account id can be. */
const PLANNING = ' planning';
/**
 * Plans at once: fewer than the cores, so a burst of long prompts never keeps every core busy and
 * the HTTP thread always finds one.
 */
const plans = new FairQueue(Math.max(1, cores - 1));

function sharedPool(): Piscina<PoolTask, PoolReply> {
  pool ??= new Piscina<PoolTask, PoolReply>({
    filename: fileURLToPath(workerFile),
    execArgv: workerExecArgv(),
    // All threads start with the pool and stay: starting one costs the HTTP thread tens of
    // milliseconds, which would land in the middle of a burst of work. Idle threads are unref'd by
    // piscina, so the pool never keeps a process alive.
    minThreads: threads,
    maxThreads: threads,
  });
  return pool;
}

/**
 * Starts the pool's threads now, at service start: a thread loads the step libraries (LiquidJS,
 * remark, pdf-lib) in about a second, which would otherwise count against the first run's time.
 */
export function warmStepPool(): void {
  sharedPool();
}

/**
 * Runs a step on a pool thread, so a slow step never stalls HTTP, when it is `account`'s turn (see
 * FairQueue). Aborting `signal` drops a waiting step, or terminates the thread if the step is running
 * (piscina replaces it): the hard stop for the run time limit.
 */
export async function runStepOffThread(
  step: StepSpec,
  context: StepContext,
  signal: AbortSignal,
  account: string,
): Promise<StepResult> {
  const reply = await turns.run(account, () => sharedPool().run({ step, context }, { signal }), signal);
  if (reply.kind === 'done') return reply.result;
  if (reply.kind === 'failure') throw new StepFailure(reply.message);
  throw crashOf(reply);
}

/** A thread's crash (or a reply of the wrong entry point, which only a bug can give) as an error for the log. */
function crashOf(reply: PoolReply): StepCrash {
  if (reply.kind !== 'crash') return new StepCrash(`unexpected reply from the step worker: ${reply.kind}`);
  const crash = new StepCrash(`${reply.name}: ${reply.message}`);
  if (reply.stack) crash.stack = reply.stack;
  return crash;
}

/**
 * Plans a prompt on a pool thread, so a long prompt never holds up HTTP, taking turns with the
 * accounts' steps (see PLANNING) rather than queueing in the pool ahead of them. A refusal comes back as the
 * PlanningError it was; the planner's own step worker is used even when tests swap the step module.
 */
export async function planOffThread(prompt: string, given: PlanTask['given']): Promise<WorkflowPlan> {
  const reply = await plans.run(PLANNING, () =>
    turns.run(PLANNING, () =>
      sharedPool().run({ prompt, given }, { filename: fileURLToPath(WORKER), name: 'planTask' }),
    ),
  );
  if (reply.kind === 'planned') return reply.plan;
  if (reply.kind === 'refused') throw new PlanningError(reply.message);
  throw crashOf(reply);
}

/**
 * The longest a template may hold a pool thread, whatever its render limit: LiquidJS checks its
 * clock between tags, so one filter on a long text could run past the limit; the thread is then
 * ended. Generous, as it also covers a thread that is still starting (seconds on a loaded machine).
 */
const RENDER_HARD_STOP_MS = 30_000;

/**
 * Fills in a template a model wrote (a writing step's instructions) on a pool thread, in `account`'s
 * turn, with a render limit of `task.budgetMs`: a template that loops over the input inside a loop
 * over it would otherwise hold the HTTP thread for seconds. A refusal or a limit is a StepFailure.
 */
export async function renderOffThread(task: RenderTask, signal: AbortSignal, account: string): Promise<string> {
  const reply = await turns.run(
    account,
    async () => {
      const stop = AbortSignal.any([signal, AbortSignal.timeout(RENDER_HARD_STOP_MS)]);
      try {
        return await sharedPool().run(task, { filename: fileURLToPath(WORKER), name: 'renderTask', signal: stop });
      } catch (error) {
        if (!signal.aborted && stop.aborted)
          throw new StepFailure(
            'the instructions took too long to fill in with this input (a template limit was reached)',
          );
        throw error;
      }
    },
    signal,
  );
  if (reply.kind === 'rendered') return reply.text;
  if (reply.kind === 'failure') throw new StepFailure(reply.message);
  throw crashOf(reply);
}

/** Tests: steps run in another worker module (null: the real one) from the next pool on. */
export function useStepWorker(file: URL | null): void {
  workerFile = file ?? WORKER;
  void closeStepPool();
}

/** Ends the pool's threads (tests and shutdown); the next step starts a new pool. */
export async function closeStepPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}
