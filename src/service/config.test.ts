import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { ConfigError } from './config-read';

const KA = 'key-a-0123456789abcdef0123456789abcdef';
const KB = 'key-b-0123456789abcdef0123456789abcdef';

describe('loadConfig', () => {
  it('gives an account ten keys’ worth of requests unless told otherwise', () => {
    expect(loadConfig({ WORKFLOW_RATE_LIMIT: '7' }).accountRateLimitPerMinute).toBe(70);
    expect(loadConfig({ WORKFLOW_RATE_LIMIT: '7', WORKFLOW_ACCOUNT_RATE_LIMIT: '9' }).accountRateLimitPerMinute).toBe(
      9,
    );
  });

  it('uses the documented defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve('./.data'),
      databaseUrl: null,
      leaseSeconds: 30,
      drainSeconds: 0,
      publicUrl: 'http://127.0.0.1:8080',
      apiKeys: [],
      rateLimitPerMinute: 100,
      accountRateLimitPerMinute: 1_000,
      timeScale: 1,
      upstream: null,
      logLevel: 'info',
      fileSigningSecret: null,
      strictV1: false,
      http: {
        requestTimeoutMs: 30_000,
        connectionTimeoutMs: 60_000,
        keepAliveTimeoutMs: 5_000,
        maxConnections: 1_000,
        headersTimeoutMs: 10_000,
        maxConnectionsPerAddress: 64,
      },
      keyFailuresPerMinute: 30,
      trustedProxies: expect.objectContaining({ entries: [] }),
      quotas: {
        runningPerAccount: 20,
        workflowsPerAccount: 1_000,
        queuedPerAccount: 50_000,
        storedBytesPerAccount: 2_048 * 1024 * 1024,
        keysPerAccount: 100,
        batchesPerAccount: 1_000,
      },
      model: null,
      ollamaProbeUrl: 'http://127.0.0.1:11434/v1',
      metricsToken: null,
      retention: { days: 30, maxRuns: 100_000 },
    });
  });

  it('reads retention in days and runs, with 0 or off keeping runs by that measure', () => {
    expect(loadConfig({ WORKFLOW_RETENTION_DAYS: '7', WORKFLOW_RETENTION_MAX_RUNS: '5000' }).retention).toEqual({
      days: 7,
      maxRuns: 5000,
    });
    expect(loadConfig({ WORKFLOW_RETENTION_DAYS: 'OFF', WORKFLOW_RETENTION_MAX_RUNS: '0' }).retention).toEqual({
      days: null,
      maxRuns: null,
    });
    expect(() => loadConfig({ WORKFLOW_RETENTION_DAYS: 'a month' })).toThrow(
      'WORKFLOW_RETENTION_DAYS must be a whole number of days from 1 to 36,500, or 0 or off to keep runs whatever their age',
    );
    expect(() => loadConfig({ WORKFLOW_RETENTION_MAX_RUNS: '-1' })).toThrow(/^WORKFLOW_RETENTION_MAX_RUNS must be/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://flows:secret@db.example.com:5432/flows',
      LEASE_SECONDS: '2.5',
      WORKFLOW_DRAIN_SECONDS: '0',
      PUBLIC_URL: 'https://flows.example.com/',
      WORKFLOW_API_KEYS: ` ${KA}, ${KB} ,,${KA}`,
      WORKFLOW_RATE_LIMIT: '5',
      WORKFLOW_ACCOUNT_RATE_LIMIT: '50',
      WORKFLOW_TIME_SCALE: '0.02',
      WORKFLOW_UPSTREAM: 'https://api.example.com/api/v1/',
      LOG_LEVEL: 'warn',
      FILE_SIGNING_SECRET: 'a-long-enough-secret',
      WORKFLOW_STRICT_V1: '1',
      HTTP_REQUEST_TIMEOUT_MS: '1000',
      HTTP_CONNECTION_TIMEOUT_MS: '2000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '3000',
      HTTP_MAX_CONNECTIONS: '50',
      WORKFLOW_KEY_FAILURE_LIMIT: '7',
      HTTP_HEADERS_TIMEOUT_MS: '500',
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '8',
      WORKFLOW_TRUSTED_PROXIES: ' 127.0.0.1, 10.0.0.0/8,,fd00::/8 ',
      WORKFLOW_ACCOUNT_MAX_RUNNING: '4',
      WORKFLOW_ACCOUNT_MAX_WORKFLOWS: '5',
      WORKFLOW_ACCOUNT_MAX_QUEUED: '6',
      WORKFLOW_ACCOUNT_MAX_STORED_MB: '7',
      WORKFLOW_ACCOUNT_MAX_KEYS: '8',
      WORKFLOW_ACCOUNT_MAX_BATCHES: '9',
      WORKFLOW_MODEL_URL: 'http://127.0.0.1:11434/v1/',
      WORKFLOW_MODEL: ' llama3.1 ',
      WORKFLOW_MODEL_KEY: 'sk-local',
      WORKFLOW_MODEL_TIMEOUT_MS: '9000',
      WORKFLOW_MODEL_CONCURRENCY: '3',
      WORKFLOW_METRICS_TOKEN: ' scrape-token-0123456789 ',
      WORKFLOW_RETENTION_DAYS: '14',
      WORKFLOW_RETENTION_MAX_RUNS: '2000',
    });
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://flows:secret@db.example.com:5432/flows',
      leaseSeconds: 2.5,
      drainSeconds: 0,
      publicUrl: 'https://flows.example.com',
      apiKeys: [KA, KB],
      rateLimitPerMinute: 5,
      accountRateLimitPerMinute: 50,
      timeScale: 0.02,
      upstream: 'https://api.example.com/api/v1',
      logLevel: 'warn',
      fileSigningSecret: 'a-long-enough-secret',
      strictV1: true,
      http: {
        requestTimeoutMs: 1000,
        connectionTimeoutMs: 2000,
        keepAliveTimeoutMs: 3000,
        maxConnections: 50,
        headersTimeoutMs: 500,
        maxConnectionsPerAddress: 8,
      },
      keyFailuresPerMinute: 7,
      trustedProxies: expect.objectContaining({ entries: ['127.0.0.1', '10.0.0.0/8', 'fd00::/8'] }),
      quotas: {
        runningPerAccount: 4,
        workflowsPerAccount: 5,
        queuedPerAccount: 6,
        storedBytesPerAccount: 7 * 1024 * 1024,
        keysPerAccount: 8,
        batchesPerAccount: 9,
      },
      model: {
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'llama3.1',
        apiKey: 'sk-local',
        timeoutMs: 9000,
        concurrency: 3,
        maxTokens: 4_096,
        planningTimeoutMs: 23_000,
      },
      ollamaProbeUrl: null,
      metricsToken: 'scrape-token-0123456789',
      retention: { days: 14, maxRuns: 2000 },
    });
  });

  it('drains for 10 seconds by default where replicas can share the traffic, and not at all on SQLite', () => {
    expect(loadConfig({}).drainSeconds).toBe(0);
    expect(loadConfig({ DATABASE_URL: 'postgres://flows@db.example.com/flows' }).drainSeconds).toBe(10);
    expect(loadConfig({ WORKFLOW_UPSTREAM: 'https://api.example.com/api/v1' }).drainSeconds).toBe(10);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/flows', WORKFLOW_DRAIN_SECONDS: '2.5' }).drainSeconds).toBe(2.5);
  });

  it('derives links from HOST and PORT, using loopback for a wildcard bind address', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '3000' }).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: 'localhost', PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:8080');
  });

  it.each([
    ['1', true],
    ['true', true],
    [' TRUE ', true],
    ['0', false],
    ['false', false],
  ])('reads WORKFLOW_STRICT_V1=%s as %s', (value, strict) => {
    expect(loadConfig({ WORKFLOW_STRICT_V1: value }).strictV1).toBe(strict);
  });

  it.each([
    'postgres://localhost/flows',
    'postgresql://u:p@[::1]:5433/flows',
    'postgres:///flows?host=/run/postgresql',
  ])('reads DATABASE_URL=%s as PostgreSQL', (url) => {
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it('never repeats a bad DATABASE_URL, which may hold a password', () => {
    const attempt = () => loadConfig({ DATABASE_URL: 'mysql://flows:hunter2@db/flows' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).not.toThrow(/hunter2/);
  });

  it('keeps the headers timeout within a shorter request timeout', () => {
    expect(loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '4000' }).http.headersTimeoutMs).toBe(4000);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', WORKFLOW_TIME_SCALE: ' ' })).toMatchObject({ port: 8080, timeScale: 1 });
  });

  it.each([
    ['PORT', 'http', 'PORT must be an integer from 0 to 65535'],
    ['PORT', '70000', 'PORT must be an integer from 0 to 65535'],
    ['WORKFLOW_TIME_SCALE', '-1', 'WORKFLOW_TIME_SCALE must be a number ≥ 0'],
    ['WORKFLOW_TIME_SCALE', 'fast', 'WORKFLOW_TIME_SCALE must be a number ≥ 0'],
    ['WORKFLOW_RATE_LIMIT', '0', 'WORKFLOW_RATE_LIMIT must be a whole number of requests per minute, 1 or more'],
    ['WORKFLOW_RATE_LIMIT', '2.5', 'WORKFLOW_RATE_LIMIT must be a whole number of requests per minute, 1 or more'],
    ['PUBLIC_URL', 'example.com', 'PUBLIC_URL must be an absolute http(s) URL'],
    ['WORKFLOW_UPSTREAM', 'ftp://example.com', 'WORKFLOW_UPSTREAM must be an absolute http(s) v1 base URL'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    ['FILE_SIGNING_SECRET', 'short', 'FILE_SIGNING_SECRET must be at least 16 characters'],
    ['WORKFLOW_API_KEYS', 'good,bad key', 'WORKFLOW_API_KEYS must be a comma-separated list'],
    ['WORKFLOW_STRICT_V1', 'yes', 'WORKFLOW_STRICT_V1 must be 1 or true (bare v1, no extensions), or 0 or false'],
    ['WORKFLOW_STRICT_V1', '2', 'WORKFLOW_STRICT_V1 must be 1 or true'],
    ['DATABASE_URL', 'mysql://localhost/flows', 'DATABASE_URL must be a PostgreSQL connection URL'],
    ['DATABASE_URL', 'localhost:5432/flows', 'DATABASE_URL must be a PostgreSQL connection URL'],
    ['DATABASE_URL', './service.db', 'DATABASE_URL must be a PostgreSQL connection URL'],
    ['LEASE_SECONDS', '0', 'LEASE_SECONDS must be a number of seconds greater than 0'],
    ['LEASE_SECONDS', '-5', 'LEASE_SECONDS must be a number of seconds greater than 0'],
    ['LEASE_SECONDS', 'long', 'LEASE_SECONDS must be a number of seconds greater than 0'],
    ['WORKFLOW_DRAIN_SECONDS', '-1', 'WORKFLOW_DRAIN_SECONDS must be a number of seconds from 0 to 3600'],
    ['WORKFLOW_DRAIN_SECONDS', 'soon', 'WORKFLOW_DRAIN_SECONDS must be a number of seconds from 0 to 3600'],
    ['WORKFLOW_TRUSTED_PROXIES', 'proxy.example.com', 'WORKFLOW_TRUSTED_PROXIES must be a comma-separated list of IP'],
    ['WORKFLOW_TRUSTED_PROXIES', '10.0.0.0/33', 'WORKFLOW_TRUSTED_PROXIES must be a comma-separated list of IP'],
    ['WORKFLOW_TRUSTED_PROXIES', '10.0.0.1,*', 'WORKFLOW_TRUSTED_PROXIES must be a comma-separated list of IP'],
    ['WORKFLOW_TRUSTED_PROXIES', '10.0.0.0/', 'WORKFLOW_TRUSTED_PROXIES must be a comma-separated list of IP'],
    ['WORKFLOW_METRICS_TOKEN', 'short', 'WORKFLOW_METRICS_TOKEN must be a token of at least 16 printable characters'],
    ['WORKFLOW_METRICS_TOKEN', 'a token with spaces in it', 'WORKFLOW_METRICS_TOKEN must be a token of at least 16'],
    ['HTTP_HEADERS_TIMEOUT_MS', '0', 'HTTP_HEADERS_TIMEOUT_MS must be a whole number of milliseconds, 1 or more'],
    ['HTTP_HEADERS_TIMEOUT_MS', '40000', 'HTTP_HEADERS_TIMEOUT_MS must be at most HTTP_REQUEST_TIMEOUT_MS (30000)'],
    ['HTTP_MAX_CONNECTIONS_PER_ADDRESS', '-1', 'HTTP_MAX_CONNECTIONS_PER_ADDRESS must be a whole number, 1 or more'],
    [
      'WORKFLOW_ACCOUNT_MAX_RUNNING',
      '0',
      'WORKFLOW_ACCOUNT_MAX_RUNNING must be a whole number of executions, 1 or more',
    ],
    ['WORKFLOW_ACCOUNT_MAX_WORKFLOWS', 'many', 'WORKFLOW_ACCOUNT_MAX_WORKFLOWS must be a whole number of workflows'],
    ['WORKFLOW_ACCOUNT_MAX_QUEUED', '1.5', 'WORKFLOW_ACCOUNT_MAX_QUEUED must be a whole number of executions'],
    ['WORKFLOW_ACCOUNT_MAX_STORED_MB', '-1', 'WORKFLOW_ACCOUNT_MAX_STORED_MB must be a whole number of megabytes'],
    ['WORKFLOW_MODEL_URL', '127.0.0.1:11434', 'WORKFLOW_MODEL_URL must be the absolute http(s) base URL'],
    ['WORKFLOW_MODEL_TIMEOUT_MS', '0', 'WORKFLOW_MODEL_TIMEOUT_MS must be a whole number of milliseconds'],
    ['WORKFLOW_MODEL_CONCURRENCY', 'all', 'WORKFLOW_MODEL_CONCURRENCY must be a whole number of calls at once'],
  ])('rejects %s=%s with a message naming the variable', (name, value, message) => {
    const attempt = () => loadConfig({ [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });

  it('refuses a configured key shorter than 32 characters, naming the variable and the key by position only', () => {
    const short = 'k'.repeat(31);
    let error: unknown;
    try {
      loadConfig({ WORKFLOW_API_KEYS: `${'a'.repeat(32)},${short}` });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /^WORKFLOW_API_KEYS must hold keys of at least 32 characters; key #2 has 31/,
    );
    expect((error as Error).message).toContain('npm run keys -- create');
    expect((error as Error).message).not.toContain(short);
  });

  it('uses a model only with both its URL and its name, with defaults for the rest', () => {
    expect(loadConfig({ WORKFLOW_MODEL_URL: 'http://127.0.0.1:11434/v1', WORKFLOW_MODEL: 'llama3.1' }).model).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      apiKey: null,
      timeoutMs: 60_000,
      concurrency: 4,
      maxTokens: 4_096,
      planningTimeoutMs: 125_000,
    });
    expect(() => loadConfig({ WORKFLOW_MODEL_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      'WORKFLOW_MODEL must name the model to use at WORKFLOW_MODEL_URL',
    );
    expect(() => loadConfig({ WORKFLOW_MODEL: 'llama3.1' })).toThrow(
      'WORKFLOW_MODEL is set but WORKFLOW_MODEL_URL is not',
    );
  });
});
