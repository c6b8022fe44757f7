import { z } from 'zod';
import { type Env, readSetting, wholeNumber } from './config-read';

export interface Quotas {
  runningPerAccount: number;
  workflowsPerAccount: number;
  queuedPerAccount: number;
  storedBytesPerAccount: number;
  /** Working API keys per account, and batches it keeps (local extensions). */
  keysPerAccount: number;
  batchesPerAccount: number;
}

/** How long ended runs are kept per account: days since they ended, and how many; null keeps them by that measure. */
export interface Retention {
  days: number | null;
  maxRuns: number | null;
}

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

const rules = {
  WORKFLOW_ACCOUNT_MAX_RUNNING: wholeNumber('executions'),
  WORKFLOW_ACCOUNT_MAX_WORKFLOWS: wholeNumber('workflows'),
  WORKFLOW_ACCOUNT_MAX_QUEUED: wholeNumber('executions'),
  WORKFLOW_ACCOUNT_MAX_STORED_MB: wholeNumber('megabytes'),
  WORKFLOW_ACCOUNT_MAX_KEYS: wholeNumber('keys'),
  WORKFLOW_ACCOUNT_MAX_BATCHES: wholeNumber('batches'),
  WORKFLOW_RETENTION_DAYS: limitOrOff('days', 36_500),
  WORKFLOW_RETENTION_MAX_RUNS: limitOrOff('runs', 100_000_000),
} as const;

const read = <K extends keyof typeof rules>(env: Env, name: K) => readSetting(rules, env, name);

/** Per-account fair share: running executions over all its workflows, and how much it may keep. */
export function readQuotas(env: Env): Quotas {
  return {
    // Two workflows at v1's 10 each: one workflow always reaches its full concurrency.
    runningPerAccount: read(env, 'WORKFLOW_ACCOUNT_MAX_RUNNING') ?? 20,
    workflowsPerAccount: read(env, 'WORKFLOW_ACCOUNT_MAX_WORKFLOWS') ?? 1_000,
    // Five full 10,000-item batches, so a batch or a 10,000-row grid sent one run per row always fits.
    queuedPerAccount: read(env, 'WORKFLOW_ACCOUNT_MAX_QUEUED') ?? 50_000,
    storedBytesPerAccount: (read(env, 'WORKFLOW_ACCOUNT_MAX_STORED_MB') ?? 2_048) * 1024 * 1024,
    keysPerAccount: read(env, 'WORKFLOW_ACCOUNT_MAX_KEYS') ?? 100,
    batchesPerAccount: read(env, 'WORKFLOW_ACCOUNT_MAX_BATCHES') ?? 1_000,
  };
}

/** A limit read from the environment (null when set to off), or the default when unset. */
const orDefault = (value: number | null | undefined, fallback: number): number | null =>
  value === undefined ? fallback : value;

export function readRetention(env: Env): Retention {
  return {
    // A month covers the look-backs people make (last week's batch, last month's report).
    days: orDefault(read(env, 'WORKFLOW_RETENTION_DAYS'), 30),
    // Ten full 10,000-item batches per account: a month of ordinary use fits, while one account's flood
    // cannot grow the database without end before its runs age out.
    maxRuns: orDefault(read(env, 'WORKFLOW_RETENTION_MAX_RUNS'), 100_000),
  };
}
