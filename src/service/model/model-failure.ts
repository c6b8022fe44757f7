import { STATUS_CODES } from 'node:http';
import OpenAI from 'openai';
import type { Logger } from 'pino';
import { isAnswerTimedOut, isAnswerTooLarge, MAX_ANSWER_BYTES } from './bounded-fetch';
import { redactSecrets, urlForLog } from './redact';

/** Why a call failed, in the words the run or the planning note uses. */
type ModelFailureCause =
  'timeout' | 'rate_limited' | 'server_error' | 'unreachable' | 'refused' | 'empty' | 'too_large';

/**
 * A call that did not give an answer; the message names the model and says why in our own words.
 * It reaches tenants (a run's error, a planning note), so it never quotes the model server, whose
 * text may hold the key it was sent; that text goes to the server's log only, redacted.
 */
export class ModelFailure extends Error {
  override name = 'ModelFailure';
  constructor(
    readonly model: string,
    readonly reason: ModelFailureCause,
    detail: string,
  ) {
    super(`the model ${model} ${detail}`);
  }
}

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

/** What a refusal by status means, for the person who ran the workflow and the operator. */
function refusal(status: number | undefined, model: string): string {
  const said = status === undefined ? 'without a status' : `(${status} ${STATUS_CODES[status] ?? 'Error'})`;
  if (status === 401 || status === 403)
    return `was refused by its server ${said}: the service’s model key is wrong or missing (the operator should check WORKFLOW_MODEL_KEY)`;
  if (status === 404)
    return `was refused by its server ${said}: it may not serve ${model} (the operator should check WORKFLOW_MODEL and WORKFLOW_MODEL_URL)`;
  if (status === 413) return `was refused by its server ${said}: the request was too large for it`;
  return `refused the request ${said}`;
}

interface FailureContext {
  model: string;
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  logger: Logger | null;
}

/** The failure a caller sees for `error`, with the server's own words logged (redacted) for the operator. */
export function failureOf(error: unknown, ctx: FailureContext): ModelFailure {
  const { model } = ctx;
  let failed: ModelFailure;
  if (isAnswerTimedOut(error) || error instanceof OpenAI.APIConnectionTimeoutError)
    failed = new ModelFailure(model, 'timeout', `did not answer within ${duration(ctx.timeoutMs)}`);
  else if (isAnswerTooLarge(error))
    failed = new ModelFailure(
      model,
      'too_large',
      `answered with more than ${MAX_ANSWER_BYTES / 1024 / 1024} MB, more than any plan or file needs`,
    );
  else if (error instanceof OpenAI.APIConnectionError)
    failed = new ModelFailure(model, 'unreachable', 'could not be reached (is its server running?)');
  else if (error instanceof OpenAI.APIError && error.status === 429)
    failed = new ModelFailure(model, 'rate_limited', 'is busy (429 Too Many Requests) and kept refusing');
  else if (error instanceof OpenAI.APIError && error.status !== undefined && error.status >= 500)
    failed = new ModelFailure(model, 'server_error', `failed on its server (${error.status})`);
  else if (error instanceof OpenAI.APIError) failed = new ModelFailure(model, 'refused', refusal(error.status, model));
  else failed = new ModelFailure(model, 'unreachable', 'could not be called (see the service’s log)');
  const status = error instanceof OpenAI.APIError ? error.status : undefined;
  ctx.logger?.warn(
    {
      model,
      url: urlForLog(ctx.baseUrl),
      reason: failed.reason,
      ...(status === undefined ? {} : { status }),
      detail: redactSecrets(error instanceof Error ? error.message : String(error), ctx.apiKey),
    },
    'a model call failed',
  );
  return failed;
}
