import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../clock';
import { createLogger } from '../../logger';
import type { StepSpec } from '../../workflow/plan-types';
import { openStore, type Store } from '../../store/store';
import { testDatabase } from '../../test-support/test-database';
import { Engine, type EngineOptions } from '../engine';
import { planColumns } from '../planning';
import { runStepOffThread } from '../step-pool';

/** Engines as replicas on one database: `TEST_STORE=postgres` gives each its own pool, else they share one SQLite store. */
export interface Replicas {
  accountId: string;
  /** The store of replica `i`: its own on PostgreSQL (as separate processes have), the one store on SQLite. */
  store(i: number): Promise<Store>;
  /** A started engine on replica `i`'s store (or on `store`), stopped by close() unless it died. */
  engine(i: number, options?: Partial<EngineOptions>): Promise<Engine>;
  /** A ready workflow with these steps. */
  addWorkflow(steps: StepSpec[]): Promise<string>;
  /** A workflow still planning, as POST /workflows leaves it. */
  addPlanning(prompt: string): Promise<string>;
  /** Marks an engine dead: close() will not wait for it (its runs may hang forever on a frozen store). */
  died(engine: Engine): void;
  close(): Promise<void>;
}

export async function replicas(): Promise<Replicas> {
  await warmStepThreads();
  const dataDir = mkdtempSync(join(tmpdir(), 'engine-replicas-'));
  const database = await testDatabase();
  const stores = new Map<number, Store>();
  const engines: Engine[] = [];
  const dead = new Set<Engine>();
  const storeOf = async (i: number): Promise<Store> => {
    const index = database.databaseUrl ? i : 0;
    let store = stores.get(index);
    if (!store) {
      store = await openStore({ dataDir, databaseUrl: database.databaseUrl }, systemClock);
      stores.set(index, store);
    }
    return store;
  };
  const first = await storeOf(0);
  const accountId = randomUUID();
  await first.accounts.insert({
    id: accountId,
    name: 'A',
    key_hash: createHash('sha256').update(accountId).digest('hex'),
    created_at: first.nowIso(),
  });
  const workflow = (prompt: string) => ({
    accountId,
    prompt,
    name: 'W',
    description: '',
    nameGiven: true,
    descriptionGiven: false,
  });
  return {
    accountId,
    store: storeOf,
    async engine(i, options = {}) {
      const engine = new Engine({
        store: await storeOf(i),
        clock: systemClock,
        logger: createLogger('silent'),
        timeScale: 0,
        safetyTickMs: 50,
        leaseMs: 1500,
        // Generous: a step thread loading its libraries on a busy machine must not fail a run here.
        runTimeLimitMs: 60_000,
        ...options,
      });
      engines.push(engine);
      await engine.start();
      return engine;
    },
    async addWorkflow(steps) {
      const columns = planColumns({ name: 'W', description: '', input_schema: null, concurrency: 'high', steps });
      const record = await first.createWorkflow(workflow('test'), {
        status: 'ready',
        input_schema: columns.input_schema,
        steps: columns.steps,
        concurrency: columns.concurrency,
      });
      return record.id;
    },
    async addPlanning(prompt) {
      return (await first.createWorkflow(workflow(prompt))).id;
    },
    died(engine) {
      dead.add(engine);
      // Its timers go; its runs stay wherever they hang.
      void engine.stop();
    },
    async close() {
      await Promise.all(engines.filter((engine) => !dead.has(engine)).map((engine) => engine.stop()));
      for (const store of stores.values()) await store.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The store as a replica killed with kill -9 leaves it: after `freeze()` no call of the engine
 * reaches the database or returns (every method's promise stays pending), so it neither writes nor
 * renews its leases again.
 */
export function freezable(store: Store): { store: Store; freeze(): void } {
  let frozen = false;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, key) {
        const value: unknown = Reflect.get(object, key, object);
        if (typeof value === 'function') {
          return (...args: unknown[]) =>
            frozen ? new Promise(() => {}) : (value as (...a: unknown[]) => unknown).apply(object, args);
        }
        return value !== null && typeof value === 'object' ? wrap(value) : value;
      },
    });
  return {
    store: wrap(store),
    freeze: () => {
      frozen = true;
    },
  };
}

/**
 * Starts the step threads before the engines do: a thread loading its libraries takes seconds on a
 * busy machine, which would stall the event loop past short test leases and eat into run time limits.
 */
async function warmStepThreads(): Promise<void> {
  const step: StepSpec = { kind: 'markdown_report', filename: 'warm.md', title: 'W', template: 'x' };
  const signal = new AbortController().signal;
  await Promise.all(
    Array.from({ length: 4 }, () => runStepOffThread(step, { input: {}, files: [], previous: [] }, signal, 'warm-up')),
  );
}
