import OpenAI from 'openai';
import type { Logger } from 'pino';
import type { ModelConfig } from '../config-model';
import { FairQueue } from '../lib/fair-queue';
import { noMetrics, type Metrics, type ModelCallKind } from '../metrics/metrics';
import { readCompletion, withoutReasoning, type ModelUsage } from './answer-text';
import { boundedFetch, MAX_ANSWER_BYTES } from './bounded-fetch';
import { failureOf, ModelFailure } from './model-failure';
import { redactSecrets, urlForLog } from './redact';

export { ModelFailure } from './model-failure';
export type { ModelUsage } from './answer-text';

export interface ModelAnswer {
  /** The answer, without a closed reasoning block (<think>…</think>) before it. */
  text: string;
  usage: ModelUsage | null;
  /**
   * Why the model stopped, when not at the natural end of its answer ('stop', left out): 'length'
   * is a cut at max_tokens (WORKFLOW_MODEL_MAX_TOKENS), 'tool_calls' an answer given as a tool call.
   */
  finish_reason?: string;
}

/** What a caller is told of an answer whose body has no completion in it (the body goes to the log). */
export const UNREADABLE = 'answered in a form the service cannot read';
/** What the operator can do about answers cut off at max_tokens. */
export const RAISE_TOKENS = 'the operator can raise WORKFLOW_MODEL_MAX_TOKENS';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ModelRequest {
  /** What the call is for: planning a workflow, or a writing step (counted on /metrics). */
  kind: ModelCallKind;
  messages: ChatMessage[];
  /** Asks for JSON under this schema (structured outputs); absent: free text. */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  /** Whose call it is: calls take turns across accounts for the model's slots. */
  account: string;
  /** Tries after the first for 429, 5xx, timeouts and dropped connections, with backoff. */
  retries: number;
  signal?: AbortSignal;
}

export interface Model {
  /** The model's name, as configured. */
  readonly name: string;
  /** How long planning one workflow may take, all its calls and waits together (WORKFLOW_PLANNING_TIMEOUT_MS). */
  readonly planningTimeoutMs: number;
  complete(request: ModelRequest): Promise<ModelAnswer>;
}

/**
 * The service's one way to call a model: the official OpenAI client pointed at an OpenAI-compatible
 * server. The client retries 429, 5xx, timeouts and dropped connections itself, with exponential
 * backoff that honours Retry-After; `concurrency` calls run at once, taking turns across accounts.
 * Each call is counted in `metrics` by kind and outcome, timed from when it got its turn.
 *
 * Bounds that the client alone does not give (see boundedFetch): its timeout stops once headers
 * arrive, so each attempt is also ended at `timeoutMs` however slowly the answer trickles in; an
 * answer is read up to MAX_ANSWER_BYTES and no further; `max_tokens` asks the model to stay short.
 * Failures are logged with the server's words redacted (see model-failure.ts).
 */
export function connectModel(config: ModelConfig, metrics: Metrics = noMetrics, logger: Logger | null = null): Model {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    // The client insists on a key; local servers need none, so a placeholder is sent and its header dropped.
    apiKey: config.apiKey ?? 'none',
    ...(config.apiKey === null ? { defaultHeaders: { Authorization: null } } : {}),
    timeout: config.timeoutMs,
    maxRetries: 0,
    fetch: boundedFetch(MAX_ANSWER_BYTES, config.timeoutMs),
  });
  const { model, baseUrl, apiKey, timeoutMs } = config;
  const context = { model, baseUrl, apiKey, timeoutMs, logger };
  const turns = new FairQueue(config.concurrency);
  return {
    name: config.model,
    planningTimeoutMs: config.planningTimeoutMs,
    async complete({ kind, messages, jsonSchema, account, retries, signal }) {
      const call = async (): Promise<ModelAnswer> => {
        const began = performance.now();
        const counted = <T>(outcome: Parameters<Metrics['modelCall']>[1], result: T): T => {
          metrics.modelCall(kind, outcome, (performance.now() - began) / 1000);
          return result;
        };
        let body: string;
        try {
          const response = await client.chat.completions
            .create(
              {
                model: config.model,
                messages,
                max_tokens: config.maxTokens,
                ...(jsonSchema
                  ? { response_format: { type: 'json_schema', json_schema: { ...jsonSchema, strict: true } } }
                  : {}),
              },
              { ...(signal ? { signal } : {}), maxRetries: retries },
            )
            .asResponse();
          // Read here, not by the client: it would hand a text/event-stream body back as a bare string.
          body = await response.text();
        } catch (error) {
          if (signal?.aborted) throw counted('aborted', signal.reason as Error);
          const failed = failureOf(error, context);
          throw counted(failed.reason, failed);
        }
        const answer = readCompletion(body);
        if (answer === null) {
          const detail = redactSecrets(body, config.apiKey);
          logger?.warn(
            { model, url: urlForLog(baseUrl), reason: 'unreadable', detail },
            'a model answer was unreadable',
          );
          throw counted('empty', new ModelFailure(config.model, 'empty', UNREADABLE));
        }
        const text = withoutReasoning(answer.text);
        const { usage, finishReason } = answer;
        if (text.trim() === '') {
          const why =
            finishReason === 'length'
              ? `gave an empty answer, cut off at its token limit (${RAISE_TOKENS})`
              : 'gave an empty answer';
          throw counted('empty', new ModelFailure(config.model, 'empty', why));
        }
        const ended = finishReason === null || finishReason === 'stop' ? {} : { finish_reason: finishReason };
        return counted('ok', { text, usage, ...ended });
      };
      return turns.run(account, call, signal);
    },
  };
}
