import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { systemClock } from '../clock';
import type { ServiceOptions } from '../service';
import { openStore, type Store } from '../store/store';
import { testDatabase, type TestDatabase } from './test-database';
import { startTestService, startWithBuiltDashboard, type TestService } from './test-service';

/**
 * An object that forwards every property to what `current` holds, so a test file can declare its
 * fixture once, as a constant, while the fixture itself only exists between the hooks that make it.
 */
function forwardTo<T extends object>(current: () => T | null, what: string): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const target = current();
      if (!target) throw new Error(`the ${what} exists only while the tests run (between beforeAll and afterAll)`);
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** One local service for the tests of the enclosing file or describe block, closed after them. */
export function useTestService(env: Record<string, string> = {}, options: Partial<ServiceOptions> = {}): TestService {
  let svc: TestService | null = null;
  beforeAll(async () => {
    svc = await startTestService(env, options);
  });
  afterAll(async () => {
    await svc?.close();
    svc = null;
  });
  return forwardTo(() => svc, 'test service');
}

/** Like useTestService, with a tiny stand-in for the built dashboard (see startWithBuiltDashboard). */
export function useServiceWithDashboard(env: Record<string, string> = {}): TestService {
  let started: Awaited<ReturnType<typeof startWithBuiltDashboard>> | null = null;
  beforeAll(async () => {
    started = await startWithBuiltDashboard(env);
  });
  afterAll(async () => {
    await started?.close();
    started = null;
  });
  return forwardTo(() => started?.svc ?? null, 'test service');
}

/**
 * A fresh store on its own throwaway data directory for each test; with TEST_STORE=postgres, on a
 * fresh PostgreSQL schema (see testDatabase), dropped after the test.
 */
export function useFreshStore(prefix = 'workflow-store-'): { store: Store; dataDir: () => string } {
  let dir: string | null = null;
  let store: Store | null = null;
  let database: TestDatabase | null = null;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    database = await testDatabase();
    store = await openStore({ dataDir: dir, databaseUrl: database.databaseUrl }, systemClock);
  });
  afterEach(async () => {
    await store?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    store = dir = database = null;
  });
  return {
    store: forwardTo(() => store, 'store'),
    dataDir: () => {
      if (!dir) throw new Error('the data directory exists only while a test runs');
      return dir;
    },
  };
}
