import type { WorkflowPlan } from '../workflow/plan-types';
import { RAISE_TOKENS, ModelFailure, type Model, type ModelAnswer } from './model-client';
import type { Logger } from 'pino';
import { readPlanAnswer } from './plan-answer';
import { unusablePlanReason } from './unusable-plan';
import { PLAN_SCHEMA_NAME, planAnswerSchema, planMessages, retryMessages } from './plan-request';

/** The model's plan, or why there is none, in words for the planning note. */
export type ModelPlanning = { plan: WorkflowPlan } | { unusable: string };

/** Tries after the first for a 429, a 5xx or a timeout; then the rule-based planner takes over. */
const CALL_RETRIES = 1;

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
  options: { account: string; signal: AbortSignal; logger?: Pick<Logger, 'warn'> | null },
): Promise<ModelPlanning> {
  const first = planMessages(prompt);
  let messages = first;
  let errors: string[] = [];
  for (let attempt = 0; attempt < 2; attempt++) {
    let answer: ModelAnswer;
    try {
      answer = await model.complete({
        kind: 'plan',
        messages,
        jsonSchema: SCHEMA,
        account: options.account,
        retries: CALL_RETRIES,
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason;
      if (error instanceof ModelFailure) return { unusable: `${error.message}.` };
      if (isAbort(error)) throw error;
      // Not the model's failure as the client knows them (a fake, a shape nobody foresaw): the rules plan.
      return { unusable: `the model ${model.name} gave an answer the service could not read.` };
    }
    const { text } = answer;
    let read: ReturnType<typeof readPlanAnswer>;
    try {
      read = readPlanAnswer(text, given);
    } catch (error) {
      // A check that throws on an answer nobody foresaw is no reason to fail the workflow: the rules plan.
      options.logger?.warn({ err: error, model: model.name }, 'reading the model’s plan failed');
      return { unusable: `the model ${model.name} gave an answer the service could not read.` };
    }
    if ('plan' in read) return read;
    // Asking again would be cut at the same limit.
    if (answer.finish_reason === 'length')
      return {
        unusable: `the model ${model.name} was cut off at its token limit before its plan was whole (${RAISE_TOKENS}).`,
      };
    errors = read.errors;
    messages = retryMessages(first, text, errors);
  }
  return { unusable: unusablePlanReason(model.name, errors, options.logger ?? null) };
}

const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');

/** The note on a plan the rules made because the model's could not be used. */
export function fallbackNote(why: string): { kind: 'planner'; text: string } {
  return { kind: 'planner', text: `The built-in rules made this plan because ${why}` };
}
