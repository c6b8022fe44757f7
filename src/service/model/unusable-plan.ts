import type { Logger } from 'pino';
import { redactSecrets } from './redact';

/** The one error of an answer with no JSON in it (see plan-answer.ts). */
export const NOT_JSON = 'the answer is not JSON';

/** How many of a plan's errors a log line keeps. */
const LOGGED_ERRORS = 20;

/**
 * Why the rules made the plan when the model's was unusable twice, in a sentence for a person (the
 * end of the planning note "The built-in rules made this plan because …"). The check's own words
 * ("steps.0 must have required property 'labels'") went back to the model with its retry; here they
 * go to the server's log only, redacted, for the operator.
 */
export function unusablePlanReason(
  model: string,
  errors: string[],
  logger: Pick<Logger, 'warn'> | null = null,
): string {
  logger?.warn(
    { model, errors: errors.slice(0, LOGGED_ERRORS).map((error) => redactSecrets(error, null)) },
    'the model’s plan was unusable twice; the built-in rules planned the workflow',
  );
  if (errors.length > 0 && errors.every((error) => error === NOT_JSON))
    return `the model ${model} did not answer with a plan the service could read, even when asked again.`;
  return `the plan the model ${model} gave did not fit the workflow format, even when asked to correct it.`;
}
