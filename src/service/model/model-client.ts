import OpenAI from 'openai';
import type { ModelConfig } from '../config';
import { FairQueue } from '../engine/fair-queue';
import { noMetrics, type Metrics, type ModelCallKind } from '../metrics/metrics';

/** Tokens one call used, as the model's server counted them. */
export interface ModelUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface ModelAnswer {
  text: string;
  usage: ModelUsage | null;
}

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

/** Why a call failed, in the words the run or the planning note uses. */
export type ModelFailureCause = 'timeout' | 'rate_limited' | 'server_error' | 'unreachable' | 'refused' | 'empty';

/** A call that did not give an answer; the message names the model and says why. */
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

export interface Model {
  /** The model's name, as configured. */
  readonly name: string;
  complete(request: ModelRequest): Promise<ModelAnswer>;
}

function failure(model: string, error: unknown, timeoutMs: number): ModelFailure {
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return new ModelFailure(
      model,
      'timeout',
      `did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`,
    );
  if (error instanceof OpenAI.APIConnectionError)
    return new ModelFailure(model, 'unreachable', 'could not be reached (is its server running?)');
  if (error instanceof OpenAI.APIError) {
    const status = error.status;
    if (status === 429)
      return new ModelFailure(model, 'rate_limited', 'is busy (429 Too Many Requests) and kept refusing');
    if (status !== undefined && status >= 500)
      return new ModelFailure(model, 'server_error', `failed on its server (${status})`);
    return new ModelFailure(
      model,
      'refused',
      `refused the request (${status ?? 'no status'}: ${error.message.slice(0, 200)})`,
    );
  }
  return new ModelFailure(
    model,
    'unreachable',
    `could not be called (${error instanceof Error ? error.message : String(error)})`,
  );
}

/**
 * The service's one way to call a model: the official OpenAI client pointed at an OpenAI-compatible
 * server. The client retries 429, 5xx, timeouts and dropped connections itself, with exponential
 * backoff that honours Retry-After; `concurrency` calls run at once, taking turns across accounts.
 * Each call is counted in `metrics` by kind and outcome, timed from when it got its turn.
 */
export function connectModel(config: ModelConfig, metrics: Metrics = noMetrics): Model {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    // The client insists on a key; local servers need none, so a placeholder is sent and its header dropped.
    apiKey: config.apiKey ?? 'none',
    ...(config.apiKey === null ? { defaultHeaders: { Authorization: null } } : {}),
    timeout: config.timeoutMs,
    maxRetries: 0,
  });
  const turns = new FairQueue(config.concurrency);
  return {
    name: config.model,
    async complete({ kind, messages, jsonSchema, account, retries, signal }) {
      const call = async (): Promise<ModelAnswer> => {
        const began = performance.now();
        const counted = <T>(outcome: Parameters<Metrics['modelCall']>[1], result: T): T => {
          metrics.modelCall(kind, outcome, (performance.now() - began) / 1000);
          return result;
        };
        let completion: OpenAI.Chat.Completions.ChatCompletion;
        try {
          completion = await client.chat.completions.create(
            {
              model: config.model,
              messages,
              ...(jsonSchema
                ? { response_format: { type: 'json_schema', json_schema: { ...jsonSchema, strict: true } } }
                : {}),
            },
            { signal, maxRetries: retries },
          );
        } catch (error) {
          if (signal?.aborted) throw counted('aborted', signal.reason as Error);
          const failed = failure(config.model, error, config.timeoutMs);
          throw counted(failed.reason, failed);
        }
        const text = completion.choices[0]?.message.content ?? '';
        if (text.trim() === '') throw counted('empty', new ModelFailure(config.model, 'empty', 'gave an empty answer'));
        const usage = completion.usage
          ? { prompt_tokens: completion.usage.prompt_tokens, completion_tokens: completion.usage.completion_tokens }
          : null;
        return counted('ok', { text, usage });
      };
      return turns.run(account, call, signal);
    },
  };
}
