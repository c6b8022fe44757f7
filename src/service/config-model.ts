import { z } from 'zod';
import { ConfigError, type Env, httpUrl, PRINTABLE_TOKEN, readSetting, wholeNumber } from './config-read';

export interface ModelConfig {
  /** Base URL of the OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1 (no trailing slash). */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer`; local servers such as Ollama need none. */
  apiKey: string | null;
  /** How long one call may take before it counts as failed. */
  timeoutMs: number;
  /** Calls to the model at once from this replica (planning and writing steps together). */
  concurrency: number;
  /** The longest answer asked for (`max_tokens`); the answer's bytes are capped apart from it. */
  maxTokens: number;
  /** How long planning one workflow may take in all (calls, retries, waits for a slot); then the rules plan it. */
  planningTimeoutMs: number;
}

const rules = {
  WORKFLOW_MODEL_URL: {
    schema: httpUrl,
    must: 'be the absolute http(s) base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1 for Ollama',
  },
  WORKFLOW_MODEL: {
    schema: z.string().trim().min(1).max(200),
    must: 'be the name of a model the API at WORKFLOW_MODEL_URL serves, e.g. llama3.1',
  },
  WORKFLOW_MODEL_KEY: {
    schema: z
      .string()
      .trim()
      .min(1)
      .refine((key) => PRINTABLE_TOKEN.test(key)),
    must: 'be an API key made of printable characters without spaces',
  },
  WORKFLOW_MODEL_TIMEOUT_MS: wholeNumber('milliseconds'),
  WORKFLOW_MODEL_CONCURRENCY: wholeNumber('calls at once'),
  WORKFLOW_MODEL_MAX_TOKENS: {
    schema: z.coerce.number().int().min(64).max(1_000_000),
    must: 'be a whole number of tokens from 64 to 1,000,000',
  },
  WORKFLOW_PLANNING_TIMEOUT_MS: wholeNumber('milliseconds'),
  WORKFLOW_OLLAMA_PROBE_URL: {
    schema: z.literal('off').or(httpUrl),
    must: 'be the absolute http(s) base URL where a local Ollama would answer, e.g. http://127.0.0.1:11434/v1, or off',
  },
} as const;

const read = <K extends keyof typeof rules>(env: Env, name: K) => readSetting(rules, env, name);

/** The model settings: all or nothing, so a half-configured model is refused at start instead of half-used. */
export function readModel(env: Env): ModelConfig | null {
  const baseUrl = read(env, 'WORKFLOW_MODEL_URL');
  const model = read(env, 'WORKFLOW_MODEL');
  // Local models on a CPU take tens of seconds for a whole plan; longer than that, planning falls back to rules.
  const timeoutMs = read(env, 'WORKFLOW_MODEL_TIMEOUT_MS') ?? 60_000;
  const concurrency = read(env, 'WORKFLOW_MODEL_CONCURRENCY') ?? 4;
  if (baseUrl === undefined) {
    const stray = (
      ['WORKFLOW_MODEL', 'WORKFLOW_MODEL_KEY', 'WORKFLOW_MODEL_MAX_TOKENS', 'WORKFLOW_PLANNING_TIMEOUT_MS'] as const
    ).find((name) => read(env, name) !== undefined);
    if (stray)
      throw new ConfigError(`${stray} is set but WORKFLOW_MODEL_URL is not; set both, or neither to plan with rules`);
    return null;
  }
  if (model === undefined)
    throw new ConfigError('WORKFLOW_MODEL must name the model to use at WORKFLOW_MODEL_URL, e.g. llama3.1');
  return {
    baseUrl,
    model,
    apiKey: read(env, 'WORKFLOW_MODEL_KEY') ?? null,
    timeoutMs,
    concurrency,
    // Enough for a plan of a dozen steps or a page of writing; a runaway answer stops there.
    maxTokens: read(env, 'WORKFLOW_MODEL_MAX_TOKENS') ?? 4_096,
    // Two attempts (the second with the first's errors), each up to the call timeout, and a little waiting.
    planningTimeoutMs: read(env, 'WORKFLOW_PLANNING_TIMEOUT_MS') ?? 2 * timeoutMs + 5_000,
  };
}

/** Ollama's default address, looked at only when no model is configured. */
const OLLAMA_DEFAULT_URL = 'http://127.0.0.1:11434/v1';

/** Where to look for a local Ollama to suggest it; null when told not to look, or a model is configured. */
export function readOllamaProbe(env: Env): string | null {
  const set = read(env, 'WORKFLOW_OLLAMA_PROBE_URL');
  if (set === 'off' || read(env, 'WORKFLOW_MODEL_URL') !== undefined) return null;
  return set ?? OLLAMA_DEFAULT_URL;
}
