import type { StepSpec } from '../workflow/plan-types';
import type { OutputFile, StepContext } from '../steps/step-io';
import { runStep } from '../steps/run-step';

/**
 * Runs steps the way the engine does, approving any approval step: each step sees every file so
 * far and the previous step's; the results are the files of the last step that produced any.
 */
export async function runSteps(
  steps: readonly StepSpec[],
  input: Record<string, unknown>,
): Promise<{ results: OutputFile[]; approvals: string[] }> {
  const ctx: StepContext = { input, files: [], previous: [] };
  let results: OutputFile[] = [];
  const approvals: string[] = [];
  for (const step of steps) {
    const outcome = await runStep(step, ctx);
    if (outcome.kind === 'approval') {
      approvals.push(outcome.message);
      continue;
    }
    ctx.previous = outcome.files;
    ctx.files = [...ctx.files, ...outcome.files];
    if (outcome.files.length > 0) results = outcome.files;
  }
  return { results, approvals };
}
