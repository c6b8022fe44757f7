import { resolve } from 'node:path';
import { z } from 'zod';
import { type Quotas, readQuotas, readRetention, type Retention } from './config-limits';
import { type ModelConfig, readModel, readOllamaProbe } from './config-model';
import { ConfigError, type Env, httpUrl, PRINTABLE_TOKEN, readSetting, wholeNumber } from './config-read';
import { TrustedProxies } from './trusted-proxies';

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
  retention: Retention;
}

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
      .refine((keys) => keys.every((key) => PRINTABLE_TOKEN.test(key))),
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
  WORKFLOW_METRICS_TOKEN: {
    schema: z
      .string()
      .trim()
      .min(16)
      .refine((token) => PRINTABLE_TOKEN.test(token)),
    must: 'be a token of at least 16 printable characters without spaces (make one with `openssl rand -hex 32`), or unset to serve no /metrics',
  },
} as const;

const read = <K extends keyof typeof rules>(env: Env, name: K) => readSetting(rules, env, name);

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

/**
 * 10 s where replicas can stand behind a load balancer (PostgreSQL or proxy mode); 0 on SQLite,
 * where one process owns the file and no other replica could take the traffic meanwhile.
 */
function defaultDrainSeconds(env: Env): number {
  return read(env, 'DATABASE_URL') || read(env, 'WORKFLOW_UPSTREAM') ? 10 : 0;
}

/** Reads and validates the service configuration; throws ConfigError naming the first bad variable. */
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
    // Ten keys' worth, so ten people each with a dashboard open (about 100 a minute each) fit, and an
    // operator who raises the per-key limit raises the account's with it.
    accountRateLimitPerMinute:
      read(env, 'WORKFLOW_ACCOUNT_RATE_LIMIT') ?? 10 * (read(env, 'WORKFLOW_RATE_LIMIT') ?? 100),
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
    quotas: readQuotas(env),
    model: readModel(env),
    ollamaProbeUrl: readOllamaProbe(env),
    metricsToken: read(env, 'WORKFLOW_METRICS_TOKEN') ?? null,
    retention: readRetention(env),
  };
}
