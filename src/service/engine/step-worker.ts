import { platform, setPriority } from 'node:os';
import { planWorkflow, PlanningError } from '../planner/plan';
import type { StepSpec, WorkflowPlan } from '../workflow/plan-types';
import { StepFailure, type StepContext, type StepResult } from '../steps/step-io';
import { runStep } from '../steps/run-step';
import { renderTemplate, type TemplateData } from '../steps/templates/liquid';

export interface StepTask {
  step: StepSpec;
  context: StepContext;
}

// Steps are background work: on Linux a thread's nice value is its own, so lowering it here leaves
// the HTTP thread first in line for the cores (elsewhere it would lower the whole process).
if (platform() === 'linux') {
  try {
    setPriority(10);
  } catch {
    // Not permitted in some containers; the pool still keeps steps off the HTTP thread.
  }
}

/** An unexpected exception, as plain data: errors lose their class crossing threads. */
interface Crash {
  kind: 'crash';
  name: string;
  message: string;
  stack?: string;
}

function crash(error: unknown): Crash {
  const { name, message, stack } = error instanceof Error ? error : new Error(String(error));
  return { kind: 'crash', name, message, stack };
}

/** A step's failure goes back with its message for the person; anything else is a crash. */
function failureOrCrash(error: unknown): { kind: 'failure'; message: string } | Crash {
  return error instanceof StepFailure ? { kind: 'failure', message: error.message } : crash(error);
}

/** Errors lose their class crossing threads, so the worker says which kind of failure it was. */
export type StepReply = { kind: 'done'; result: StepResult } | { kind: 'failure'; message: string } | Crash;

/** Runs one step in a pool thread (see step-pool.ts). */
export default async function runStepTask({ step, context }: StepTask): Promise<StepReply> {
  try {
    return { kind: 'done', result: await runStep(step, context) };
  } catch (error) {
    return failureOrCrash(error);
  }
}

export interface PlanTask {
  prompt: string;
  /** The name and description the user gave, which the plan keeps. */
  given: { name?: string; description?: string };
}

export type PlanReply = { kind: 'planned'; plan: WorkflowPlan } | { kind: 'refused'; message: string } | Crash;

/** Plans one prompt in a pool thread (see planOffThread in step-pool.ts). */
export function planTask({ prompt, given }: PlanTask): PlanReply {
  try {
    return { kind: 'planned', plan: planWorkflow(prompt, given) };
  } catch (error) {
    return error instanceof PlanningError ? { kind: 'refused', message: error.message } : crash(error);
  }
}

/** A template a model wrote, filled in away from the HTTP thread (see renderOffThread in step-pool.ts). */
export interface RenderTask {
  template: string;
  data: TemplateData;
  /** LiquidJS's render limit, in ms. */
  budgetMs: number;
}

export type RenderReply = { kind: 'rendered'; text: string } | { kind: 'failure'; message: string } | Crash;

/** Fills in one template in a pool thread: a refusal or a limit comes back as the step's failure. */
export function renderTask({ template, data, budgetMs }: RenderTask): RenderReply {
  try {
    return {
      kind: 'rendered',
      text: renderTemplate(template, data, { escape: 'none', renderLimitMs: budgetMs }),
    };
  } catch (error) {
    return failureOrCrash(error);
  }
}
