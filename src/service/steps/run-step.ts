import { StepFailure, type StepContext, type StepResult } from './step-io';
import { kindOf, type RegisteredStep as StepSpec } from './registry';

/** Nominal duration of a step at time scale 1, in seconds (1 for a kind this version does not know). */
export function stepSeconds(step: StepSpec): number {
  return kindOf(step.kind)?.seconds ?? 1;
}

/**
 * Runs one step on the input and the files so far, as its kind says (steps/kinds/). Deterministic:
 * the same step, input and files always give byte-identical files, so a run replayed after a crash
 * writes the same results. Throws StepFailure with a message for the person who ran the workflow.
 */
export async function runStep(step: StepSpec, ctx: StepContext): Promise<StepResult> {
  const kind = kindOf(step.kind);
  // Only reachable for a plan stored by another version of the service.
  if (!kind) throw new StepFailure(`this workflow uses a step this service does not know (${step.kind})`);
  return kind.run(step, ctx);
}
