import type { WorkflowPlan } from '../workflow/plan-types';
import { ModelFailure, type Model } from './model-client';
import { readPlanAnswer } from './plan-answer';
import { PLAN_SCHEMA_NAME, planAnswerSchema, planMessages, retryMessages } from './plan-request';

/** The model's plan, or why there is none, in words for the planning note. */
export type ModelPlanning = { plan: WorkflowPlan } | { unusable: string };

/** Tries after the first for a 429, a 5xx or a timeout; then the rule-based planner takes over. */
const CALL_RETRIES = 1;
/** How many of a plan's problems the planning note names. */
const NOTED_ERRORS = 2;

const SCHEMA = { name: PLAN_SCHEMA_NAME, schema: planAnswerSchema() };

/**
 * Asks the model for the whole plan of `prompt`, checks it, and asks once more with the errors when
 * it cannot be used. Never throws for the model's sake: a failed call or a second unusable plan comes
 * back as `unusable`, for the caller to fall back on the rules. Aborting `signal` throws its reason.
 */
export async function planWithModel(
  model: Model,
  prompt: string,
  given: { name?: string; description?: string },
  options: { account: string; signal: AbortSignal },
): Promise<ModelPlanning> {
  const first = planMessages(prompt);
  let messages = first;
  let errors: string[] = [];
  for (let attempt = 0; attempt < 2; attempt++) {
    let text: string;
    try {
      ({ text } = await model.complete({
        kind: 'plan',
        messages,
        jsonSchema: SCHEMA,
        account: options.account,
        retries: CALL_RETRIES,
        signal: options.signal,
      }));
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason;
      if (error instanceof ModelFailure) return { unusable: `${error.message}.` };
      throw error;
    }
    const read = readPlanAnswer(text, given);
    if ('plan' in read) return read;
    errors = read.errors;
    messages = retryMessages(first, text, errors);
  }
  const shown = errors.slice(0, NOTED_ERRORS).join('; ');
  const more = errors.length > NOTED_ERRORS ? ` (and ${errors.length - NOTED_ERRORS} more)` : '';
  return { unusable: `the plan the model ${model.name} gave was unusable twice: ${shown}${more}.` };
}

/** The note on a plan the rules made because the model's could not be used. */
export function fallbackNote(why: string): { kind: 'planner'; text: string } {
  return { kind: 'planner', text: `The built-in rules made this plan because ${why}` };
}
