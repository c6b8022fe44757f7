import { resolve } from 'node:path';
import { z } from 'zod';
import { TrustedProxies } from './trusted-proxies';

/** A configuration value that cannot be used; the message names the variable and says what it must be. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… to keep the state in PostgreSQL (replicas may share it); null for SQLite in dataDir. */
  databaseUrl: string | null;
  /** How long a replica's claim on a running execution lasts without a heartbeat, in seconds. */
  leaseSeconds: number;
  /**
   * Seconds a replica keeps serving after SIGTERM with /readyz answering 503, so a load balancer
   * stops sending it requests before it closes; 0 closes at once. See defaultDrainSeconds.
   */
  drainSeconds: number;
  /** Base of every absolute link the service hands out, without a trailing slash. */
  publicUrl: string;
  apiKeys: string[];
  rateLimitPerMinute: number;
  /** Requests per minute one account may make over all its keys, so more keys do not buy more requests. */
  accountRateLimitPerMinute: number;
  timeScale: number;
  /** A v1 base URL (including /api/v1) to proxy to; null runs the local engine. */
  upstream: string | null;
  logLevel: LogLevel;
  fileSigningSecret: string | null;
  /**
   * HTTP limits: a whole request (headers and body), an idle socket, an idle keep-alive connection,
   * open connections; then a request's headers alone, and open connections from one address.
   */
  http: {
    requestTimeoutMs: number;
    connectionTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxConnections: number;
    headersTimeoutMs: number;
    maxConnectionsPerAddress: number;
  };
  /** Wrong or missing API keys one client address may send per minute before it gets 429. */
  keyFailuresPerMinute: number;
  /**
   * Proxies and load balancers (IP addresses and CIDR ranges) whose X-Forwarded-For names the real
   * client; empty: X-Forwarded-For is ignored and the peer's address is the client's.
   */
  trustedProxies: TrustedProxies;
  /** Strict-v1 mode: no extension and no choice beyond the bare v1 description (WORKFLOW_STRICT_V1). */
  strictV1: boolean;
  /** Per-account fair share: running executions over all its workflows, and how much it may keep. */
  quotas: Quotas;
  /** An OpenAI-compatible model that plans workflows and runs writing steps; null: rules only, nothing called. */
  model: ModelConfig | null;
  /**
   * Where to look for a local Ollama when no model is configured, to say how to turn it on (never
   * to use it); null: no look (WORKFLOW_OLLAMA_PROBE_URL=off, or a model is configured).
   */
  ollamaProbeUrl: string | null;
  /** The bearer token GET /metrics answers to; null: no /metrics at all. */
  metricsToken: string | null;
  /** How long ended runs are kept per account: days since they ended, and how many; null keeps them by that measure. */
  retention: { days: number | null; maxRuns: number | null };
}

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

export interface Quotas {
  runningPerAccount: number;
  workflowsPerAccount: number;
  queuedPerAccount: number;
  storedBytesPerAccount: number;
  /** Working API keys per account, and batches it keeps (local extensions). */
  keysPerAccount: number;
  batchesPerAccount: number;
}

type Env = Record<string, string | undefined>;

const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
    } catch {
      return false;
    }
  })
  .transform((value) => value.replace(/(?<!\/)\/+$/, ''));

/** A count of at least 1, or 0 or `off` for no limit (read as null); `unit` says of what. */
const limitOrOff = (unit: string, max: number) => ({
  schema: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => value === 'off' || /^\d+$/.test(value))
    .transform((value) => (value === 'off' ? 0 : Number(value)))
    .refine((value) => value <= max)
    .transform((value) => (value === 0 ? null : value)),
  must: `be a whole number of ${unit} from 1 to ${max.toLocaleString('en-US')}, or 0 or off to keep runs whatever their ${unit === 'days' ? 'age' : 'number'}`,
});

/** A count of at least 1; `unit` says of what. */
const wholeNumber = (unit?: string) => ({
  schema: z.coerce.number().int().min(1),
  must: `be a whole number${unit ? ` of ${unit}` : ''}, 1 or more`,
});

// Each variable has one rule and one message (what it must be), so a bad value always names itself.
const rules = {
  PORT: {
    schema: z.coerce.number().int().min(0).max(65535),
    must: 'be an integer from 0 to 65535',
  },
  HOST: { schema: z.string().trim().min(1), must: 'be a host name or IP address' },
  DATA_DIR: { schema: z.string().trim().min(1), must: 'be a directory path' },
  DATABASE_URL: {
    schema: z
      .string()
      .trim()
      .refine((value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'postgres:' || url.protocol === 'postgresql:';
        } catch {
          return false;
        }
      }),
    must: 'be a PostgreSQL connection URL, e.g. postgres://user:password@localhost:5432/workflows (unset for SQLite in DATA_DIR)',
  },
  LEASE_SECONDS: {
    schema: z.coerce.number().finite().positive(),
    must: 'be a number of seconds greater than 0',
  },
  WORKFLOW_DRAIN_SECONDS: {
    schema: z.coerce.number().finite().min(0).max(3600),
    must: 'be a number of seconds from 0 to 3600',
  },
  PUBLIC_URL: {
    schema: httpUrl,
    must: 'be an absolute http(s) URL without query or fragment, e.g. http://127.0.0.1:8080',
  },
  WORKFLOW_API_KEYS: {
    schema: z
      .string()
      .transform((value) => [
        ...new Set(
          value
            .split(',')
            .map((key) => key.trim())
            .filter(Boolean),
        ),
      ])
      .refine((keys) => keys.every((key) => /^[\x21-\x7e]+$/.test(key))),
    must: 'be a comma-separated list of keys made of printable characters without spaces',
  },
  WORKFLOW_RATE_LIMIT: wholeNumber('requests per minute'),
  WORKFLOW_ACCOUNT_RATE_LIMIT: wholeNumber('requests per minute'),
  WORKFLOW_TIME_SCALE: {
    schema: z.coerce.number().finite().min(0),
    must: 'be a number ≥ 0',
  },
  WORKFLOW_UPSTREAM: {
    schema: httpUrl,
    must: 'be an absolute http(s) v1 base URL, e.g. https://api.example.com/api/v1',
  },
  WORKFLOW_STRICT_V1: {
    schema: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['1', 'true', '0', 'false']))
      .transform((value) => value === '1' || value === 'true'),
    must: 'be 1 or true (bare v1, no extensions), or 0 or false',
  },
  LOG_LEVEL: {
    schema: z.enum(LOG_LEVELS),
    must: `be one of ${LOG_LEVELS.join(', ')}`,
  },
  FILE_SIGNING_SECRET: {
    schema: z.string().min(16),
    must: 'be at least 16 characters',
  },
  HTTP_REQUEST_TIMEOUT_MS: wholeNumber('milliseconds'),
  HTTP_CONNECTION_TIMEOUT_MS: wholeNumber('milliseconds'),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: wholeNumber('milliseconds'),
  HTTP_MAX_CONNECTIONS: wholeNumber(),
  WORKFLOW_KEY_FAILURE_LIMIT: wholeNumber('failed key attempts per minute'),
  HTTP_HEADERS_TIMEOUT_MS: wholeNumber('milliseconds'),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: wholeNumber(),
  WORKFLOW_TRUSTED_PROXIES: {
    schema: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .transform((entries, ctx) => {
        try {
          return new TrustedProxies(entries);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'not an address or range' });
          return z.NEVER;
        }
      }),
    must: 'be a comma-separated list of IP addresses and CIDR ranges of your proxies, e.g. 127.0.0.1,10.0.0.0/8',
  },
  WORKFLOW_ACCOUNT_MAX_RUNNING: wholeNumber('executions'),
  WORKFLOW_ACCOUNT_MAX_WORKFLOWS: wholeNumber('workflows'),
  WORKFLOW_ACCOUNT_MAX_QUEUED: wholeNumber('executions'),
  WORKFLOW_ACCOUNT_MAX_STORED_MB: wholeNumber('megabytes'),
  WORKFLOW_ACCOUNT_MAX_KEYS: wholeNumber('keys'),
  WORKFLOW_ACCOUNT_MAX_BATCHES: wholeNumber('batches'),
  WORKFLOW_RETENTION_DAYS: limitOrOff('days', 36_500),
  WORKFLOW_RETENTION_MAX_RUNS: limitOrOff('runs', 100_000_000),
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
      .refine((key) => /^[\x21-\x7e]+$/.test(key)),
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
  WORKFLOW_METRICS_TOKEN: {
    schema: z
      .string()
      .trim()
      .min(16)
      .refine((token) => /^[\x21-\x7e]+$/.test(token)),
    must: 'be a token of at least 16 printable characters without spaces (make one with `openssl rand -hex 32`), or unset to serve no /metrics',
  },
} as const;

type Rules = typeof rules;

function read<K extends keyof Rules>(env: Env, name: K): z.output<Rules[K]['schema']> | undefined {
  const raw = env[name];
  // An empty variable means "not set", the way shells and .env files usually intend it.
  if (raw === undefined || raw.trim() === '') return undefined;
  const parsed = rules[name].schema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(`${name} must ${rules[name].must}`);
  return parsed.data as z.output<Rules[K]['schema']>;
}

/** Shorter keys can be guessed or typed from memory; generated ones (`wk_` + 32) are longer. */
const MIN_KEY_LENGTH = 32;

/** The configured keys; a short one is named by its position, since the message reaches logs and the key must not. */
function readApiKeys(env: Env): string[] {
  const keys = read(env, 'WORKFLOW_API_KEYS') ?? [];
  const short = keys.findIndex((key) => key.length < MIN_KEY_LENGTH);
  if (short === -1) return keys;
  throw new ConfigError(
    `WORKFLOW_API_KEYS must hold keys of at least ${MIN_KEY_LENGTH} characters; key #${short + 1} has ${keys[short]!.length} ` +
      '(make one with `openssl rand -hex 32`, or leave WORKFLOW_API_KEYS unset and create keys with `npm run keys -- create`)',
  );
}

function defaultPublicUrl(host: string, port: number): string {
  // A wildcard bind address is not something a browser can open, so links use loopback instead.
  const linkHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${linkHost}:${port}`;
}

/** The time a request's headers may take: part of the whole request's, so never longer (Node refuses that). */
function headersTimeout(env: Env, requestTimeoutMs: number): number {
  const set = read(env, 'HTTP_HEADERS_TIMEOUT_MS');
  if (set === undefined) return Math.min(10_000, requestTimeoutMs);
  if (set > requestTimeoutMs)
    throw new ConfigError(
      `HTTP_HEADERS_TIMEOUT_MS must be at most HTTP_REQUEST_TIMEOUT_MS (${requestTimeoutMs}), which covers headers and body`,
    );
  return set;
}

/** The model settings: all or nothing, so a half-configured model is refused at start instead of half-used. */
function readModel(env: Env): ModelConfig | null {
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

function readOllamaProbe(env: Env): string | null {
  const set = read(env, 'WORKFLOW_OLLAMA_PROBE_URL');
  if (set === 'off' || read(env, 'WORKFLOW_MODEL_URL') !== undefined) return null;
  return set ?? OLLAMA_DEFAULT_URL;
}

/** A limit read from the environment (null when set to off), or the default when unset. */
const orDefault = (value: number | null | undefined, fallback: number): number | null =>
  value === undefined ? fallback : value;

/** Reads and validates the service configuration; throws ConfigError naming the first bad variable. */
/**
 * 10 s where replicas can stand behind a load balancer (PostgreSQL or proxy mode); 0 on SQLite,
 * where one process owns the file and no other replica could take the traffic meanwhile.
 */
function defaultDrainSeconds(env: Env): number {
  return read(env, 'DATABASE_URL') || read(env, 'WORKFLOW_UPSTREAM') ? 10 : 0;
}

export function loadConfig(env: Env = process.env): Config {
  const port = read(env, 'PORT') ?? 8080;
  const host = read(env, 'HOST') ?? '127.0.0.1';
  const requestTimeoutMs = read(env, 'HTTP_REQUEST_TIMEOUT_MS') ?? 30_000;
  return {
    port,
    host,
    dataDir: resolve(read(env, 'DATA_DIR') ?? './.data'),
    databaseUrl: read(env, 'DATABASE_URL') ?? null,
    leaseSeconds: read(env, 'LEASE_SECONDS') ?? 30,
    drainSeconds: read(env, 'WORKFLOW_DRAIN_SECONDS') ?? defaultDrainSeconds(env),
    publicUrl: read(env, 'PUBLIC_URL') ?? defaultPublicUrl(host, port),
    apiKeys: readApiKeys(env),
    rateLimitPerMinute: read(env, 'WORKFLOW_RATE_LIMIT') ?? 100,
    // Ten people each with a dashboard open (at most about 100 a minute each) fit.
    accountRateLimitPerMinute: read(env, 'WORKFLOW_ACCOUNT_RATE_LIMIT') ?? 1_000,
    timeScale: read(env, 'WORKFLOW_TIME_SCALE') ?? 1,
    upstream: read(env, 'WORKFLOW_UPSTREAM') ?? null,
    logLevel: read(env, 'LOG_LEVEL') ?? 'info',
    fileSigningSecret: read(env, 'FILE_SIGNING_SECRET') ?? null,
    http: {
      requestTimeoutMs,
      connectionTimeoutMs: read(env, 'HTTP_CONNECTION_TIMEOUT_MS') ?? 60_000,
      keepAliveTimeoutMs: read(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS') ?? 5_000,
      maxConnections: read(env, 'HTTP_MAX_CONNECTIONS') ?? 1_000,
      headersTimeoutMs: headersTimeout(env, requestTimeoutMs),
      maxConnectionsPerAddress: read(env, 'HTTP_MAX_CONNECTIONS_PER_ADDRESS') ?? 64,
    },
    keyFailuresPerMinute: read(env, 'WORKFLOW_KEY_FAILURE_LIMIT') ?? 30,
    strictV1: read(env, 'WORKFLOW_STRICT_V1') ?? false,
    trustedProxies: read(env, 'WORKFLOW_TRUSTED_PROXIES') ?? new TrustedProxies([]),
    quotas: {
      // Two workflows at v1's 10 each: one workflow always reaches its full concurrency.
      runningPerAccount: read(env, 'WORKFLOW_ACCOUNT_MAX_RUNNING') ?? 20,
      workflowsPerAccount: read(env, 'WORKFLOW_ACCOUNT_MAX_WORKFLOWS') ?? 1_000,
      // Five full 10,000-item batches, so a batch or a 10,000-row grid sent one run per row always fits.
      queuedPerAccount: read(env, 'WORKFLOW_ACCOUNT_MAX_QUEUED') ?? 50_000,
      storedBytesPerAccount: (read(env, 'WORKFLOW_ACCOUNT_MAX_STORED_MB') ?? 2_048) * 1024 * 1024,
      keysPerAccount: read(env, 'WORKFLOW_ACCOUNT_MAX_KEYS') ?? 100,
      batchesPerAccount: read(env, 'WORKFLOW_ACCOUNT_MAX_BATCHES') ?? 1_000,
    },
    model: readModel(env),
    ollamaProbeUrl: readOllamaProbe(env),
    metricsToken: read(env, 'WORKFLOW_METRICS_TOKEN') ?? null,
    retention: {
      // A month covers the look-backs people make (last week's batch, last month's report).
      days: orDefault(read(env, 'WORKFLOW_RETENTION_DAYS'), 30),
      // Ten full 10,000-item batches per account: a month of ordinary use fits, while one account's flood
      // cannot grow the database without end before its runs age out.
      maxRuns: orDefault(read(env, 'WORKFLOW_RETENTION_MAX_RUNS'), 100_000),
    },
  };
}
