import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { hashKey } from '../accounts/keys';
import { loadConfig, type Config } from '../config';
import type { Engine } from '../engine/engine';
import { planColumns } from '../engine/planning';
import { createLogger } from '../logger';
import type { StepSpec, WorkflowPlan } from '../workflow/plan-types';
import { createService, type Service, type ServiceOptions } from '../service';
import type { Store } from '../store/store';
import { testDatabase, type TestDatabase } from './test-database';

// At least 32 characters, as the service requires of configured keys.
export const KEY_A = 'test-key-account-a-0123456789abcdef';
export const KEY_B = 'test-key-account-b-0123456789abcdef';
export const PUBLIC_URL = 'http://service.test';

interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

export interface TestService extends Omit<Service, 'store' | 'engine'> {
  store: Store;
  engine: Engine;
  config: Config;
  dataDir: string;
  accountId(key?: string): string;
  /** Closes the app, engine and store but keeps the data directory (to restart on it). */
  shutdown(): Promise<void>;
  /** Injects a request; JSON bodies are parsed. `key: null` sends no key. */
  call<T = unknown>(
    method: InjectOptions['method'],
    url: string,
    options?: { key?: string | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<Reply<T>>;
  /** A ready workflow with exactly these steps, bypassing the planner. */
  addWorkflow(plan: Partial<WorkflowPlan> & { steps: StepSpec[] }, key?: string): Promise<string>;
}

/**
 * The PostgreSQL database of each data directory in use (TEST_STORE=postgres), so a service started
 * again with `DATA_DIR` of an earlier one (a restart) finds the same state there too.
 */
const databases = new Map<string, TestDatabase>();

/** The database for a test service on `dataDir`: the one already made for it, else a fresh one (it then owns it). */
async function databaseFor(
  dataDir: string,
  env: Record<string, string>,
): Promise<{ url?: string; owned?: TestDatabase }> {
  if (env.DATABASE_URL !== undefined) return { url: env.DATABASE_URL };
  const existing = databases.get(dataDir);
  if (existing) return { url: existing.databaseUrl };
  const fresh = await testDatabase();
  if (fresh.databaseUrl === undefined) return {};
  databases.set(dataDir, fresh);
  return { url: fresh.databaseUrl, owned: fresh };
}

/**
 * A full local service on a throwaway data directory, at time scale 0 unless `env` says otherwise.
 * With TEST_STORE=postgres its state is in a fresh PostgreSQL schema (see testDatabase), dropped on close.
 */
export async function startTestService(
  env: Record<string, string> = {},
  options: Partial<ServiceOptions> = {},
): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'workflow-service-'));
  const database = await databaseFor(resolve(env.DATA_DIR ?? dataDir), env);
  const config = loadConfig({
    DATA_DIR: dataDir,
    WORKFLOW_API_KEYS: `${KEY_A},${KEY_B}`,
    WORKFLOW_TIME_SCALE: '0',
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    // A test never asks this machine's own Ollama; a test of the look sets its fake's address.
    WORKFLOW_OLLAMA_PROBE_URL: 'off',
    ...(database.url === undefined ? {} : { DATABASE_URL: database.url }),
    ...env,
  });
  const dropDatabase = async () => {
    if (!database.owned) return;
    databases.delete(config.dataDir);
    await database.owned.drop();
  };
  let service: Service;
  try {
    service = await createService(config, {
      logger: createLogger(config.logLevel),
      distDir: join(dataDir, 'no-dist'),
      ...options,
    });
  } catch (error) {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const store = service.store!;
  // Looked up once, so tests can name an account's id without waiting for the store.
  const accountIds = new Map<string, string>();
  for (const key of config.apiKeys) {
    const account = await store.accounts.byKeyHash(hashKey(key));
    if (account) accountIds.set(key, account.id);
  }
  const accountId = (key = KEY_A) => {
    const id = accountIds.get(key);
    if (!id) throw new Error(`no account for the key ${key}: it is not in WORKFLOW_API_KEYS of this test service`);
    return id;
  };
  let stopped = false;
  const shutdown = async () => {
    if (stopped) return;
    stopped = true;
    await service.close();
  };
  return {
    ...service,
    store,
    engine: service.engine!,
    config,
    dataDir,
    accountId,
    shutdown,
    async close() {
      await shutdown();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(config.dataDir, { recursive: true, force: true });
    },
    async call(method, url, { key = KEY_A, body, headers = {} } = {}) {
      const raw = await service.app.inject({
        method,
        url,
        headers: { ...(key === null ? {} : { 'x-api-key': key }), ...headers },
        ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
      });
      const type = String(raw.headers['content-type'] ?? '');
      const parsed = type.includes('json') && raw.body !== '' ? (JSON.parse(raw.body) as unknown) : raw.body;
      return { status: raw.statusCode, body: parsed as never, headers: raw.headers, raw };
    },
    async addWorkflow(plan, key = KEY_A) {
      const full: WorkflowPlan = {
        name: 'Test workflow',
        description: 'For tests',
        input_schema: null,
        concurrency: 'medium',
        ...plan,
      };
      const columns = planColumns(full);
      const workflow = await store.createWorkflow(
        {
          accountId: accountId(key),
          prompt: 'test',
          name: full.name,
          description: full.description,
          nameGiven: true,
          descriptionGiven: true,
        },
        { status: 'ready', input_schema: columns.input_schema, steps: columns.steps, concurrency: columns.concurrency },
      );
      return workflow.id;
    },
  };
}

/** A report step whose file mentions the input's `name`. */
export const reportStep = (filename = 'report.md'): StepSpec => ({
  kind: 'markdown_report',
  filename,
  title: 'Report',
  template: 'Hello {{ input.name }}',
  syntax: 'liquid',
});

/** A guard step that fails a run whose `name` contains FAIL, with the message `name must not contain FAIL`. */
export const guardAgainstFail = {
  kind: 'guard',
  field: 'name',
  rule: 'not_contains',
  value: 'FAIL',
  message: 'name must not contain FAIL',
} as const satisfies StepSpec;

/**
 * The stand-in for the web build's drawing of the list (dist/server/first-page.mjs): each name as an
 * escaped item, or null for a body that is not a list page, as the real one answers.
 */
const FIRST_PAGE_RENDER = `export function render(body, now) {
  if (!Array.isArray(body?.data)) return null;
  const text = (s) => String(s).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
  return '<ul data-now="' + now + '">' + body.data.map((w) => '<li>' + text(w.name) + '</li>').join('') + '</ul>';
}
`;

/** The stand-in's inline boot script, which the dashboard's policy must allow by its hash. */
export const STAND_IN_BOOT = 'document.documentElement.dataset.booted = "yes";';

/**
 * A service serving a tiny stand-in for the built dashboard (index.html with the first paint's host,
 * one asset and the list's drawing), for the SPA and header tests.
 */
export async function startWithBuiltDashboard(
  env: Record<string, string> = {},
): Promise<{ svc: TestService; close: () => Promise<void> }> {
  const dist = mkdtempSync(join(tmpdir(), 'workflow-dist-'));
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, 'server'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><title>dashboard</title><script>${STAND_IN_BOOT}</script><body><div id="first-paint"></div><div id="root"></div></body>`,
  );
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dist, 'server', 'first-page.mjs'), FIRST_PAGE_RENDER);
  const svc = await startTestService(env, { distDir: dist });
  return {
    svc,
    close: async () => {
      await svc.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}
