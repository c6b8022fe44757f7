import { afterEach, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../clock';
import type { Store } from '../store/store';
import { reportStep } from '../test-support/test-service';
import { freezable, replicas, type Replicas } from './test-support/in-process-replicas';

let db: Replicas;
afterEach(async () => {
  await db?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function queue(store: Store, workflowId: string, count: number) {
  return store.createExecutions(
    db.accountId,
    workflowId,
    Array.from({ length: count }, (_, i) => ({ name: `n${i}` })),
    null,
  );
}

async function rows(store: Store, ids: readonly string[]) {
  return Promise.all(ids.map(async (id) => (await store.executions.byId(id))!));
}

/** How often each execution was completed (a `true` from completeExecution), across the spied stores. */
async function completions(spies: Array<{ mock: { calls: unknown[][]; results: Array<{ value: unknown }> } }>) {
  const counts = new Map<string, number>();
  for (const spy of spies) {
    for (const [index, call] of spy.mock.calls.entries()) {
      if (await (spy.mock.results[index]!.value as Promise<boolean>)) {
        counts.set(call[0] as string, (counts.get(call[0] as string) ?? 0) + 1);
      }
    }
  }
  return counts;
}

describe('engines sharing one database', () => {
  it('never process more than 10 runs of a workflow at once between them, and run each once', async () => {
    db = await replicas();
    const engines = [await db.engine(0, { timeScale: 0.005 }), await db.engine(1, { timeScale: 0.005 })];
    const store = await db.store(0);
    const workflowId = await db.addWorkflow([reportStep()]);
    const created = await queue(store, workflowId, 80);
    engines.forEach((engine) => engine.enqueued(workflowId));
    let peak = 0;
    for (;;) {
      const counts = await store.executions.countByStatus(workflowId);
      peak = Math.max(peak, counts.processing ?? 0);
      expect(engines[0]!.runningCount(workflowId) + engines[1]!.runningCount(workflowId)).toBeLessThanOrEqual(10);
      if (counts.finished === 80) break;
      await sleep(2);
    }
    expect(peak).toBeLessThanOrEqual(10);
    expect(peak).toBeGreaterThanOrEqual(5);
    const finished = await rows(
      store,
      created.map((e) => e.id),
    );
    expect(finished.every((row) => row.status === 'finished' && row.attempt === 1)).toBe(true);
  });

  it.runIf(process.env.TEST_STORE === 'postgres')(
    'finds work submitted through another replica on its safety tick, with no event of its own',
    async () => {
      db = await replicas();
      const b = await db.engine(1);
      const store = await db.store(0);
      const workflowId = await db.addWorkflow([reportStep()]);
      const ids = (await queue(store, workflowId, 5)).map((e) => e.id);
      await expect.poll(async () => (await store.executions.countByStatus(workflowId)).finished).toBe(5);
      expect((await rows(store, ids)).every((row) => row.owner === b.owner)).toBe(true);
    },
  );

  it('keeps a live replica’s runs through heartbeats, and another replica takes them over once it dies', async () => {
    db = await replicas();
    const victim = freezable(await db.store(0));
    const a = await db.engine(0, { store: victim.store, timeScale: 1, leaseMs: 600 });
    // Started before A claims: on SQLite a starting engine takes every processing row as its own process's.
    const b = await db.engine(1, { timeScale: 0, leaseMs: 600 });
    const store = await db.store(1);
    const workflowId = await db.addWorkflow([reportStep(), reportStep('b.md')]); // 4 s at scale 1
    const ids = (await queue(store, workflowId, 3)).map((e) => e.id);
    a.enqueued(workflowId);
    await expect.poll(async () => (await store.executions.countByStatus(workflowId)).processing).toBe(3);
    // Several leases long: A's heartbeats keep its claims, so B leaves them alone.
    await sleep(1_400);
    expect((await rows(store, ids)).map((row) => [row.status, row.owner, row.attempt])).toEqual(
      ids.map(() => ['processing', a.owner, 1]),
    );
    victim.freeze(); // kill -9
    db.died(a);
    await expect
      .poll(async () => (await store.executions.countByStatus(workflowId)).finished, { timeout: 10_000 })
      .toBe(3);
    const after = await rows(store, ids);
    expect(after.map((row) => [row.owner, row.attempt])).toEqual(ids.map(() => [b.owner, 2]));
    for (const id of ids) expect((await store.files.summaries(id)).map((f) => f.filename)).toEqual(['b.md']);
  });

  it('never completes a run twice: the replica whose lease ended finds its attempt gone', async () => {
    db = await replicas();
    const stores = [await db.store(0), await db.store(1)];
    const spies = [...new Set(stores)].map((store) => vi.spyOn(store, 'completeExecution'));
    // A's clock stopped 10 s ago: its leases (1.5 s) end as soon as it takes them and its heartbeats cannot
    // help, while its runs' deadlines (60 s) are still ahead, so B requeues them rather than failing them.
    const a = await db.engine(0, { clock: manualClock(Date.now() - 10_000), timeScale: 0.25 });
    const workflowId = await db.addWorkflow([reportStep()]); // 0.5 s at scale 0.25
    const ids = (await queue(stores[0]!, workflowId, 3)).map((e) => e.id);
    a.enqueued(workflowId);
    await expect.poll(async () => (await stores[0]!.executions.countByStatus(workflowId)).processing).toBe(3);
    const b = await db.engine(1, { timeScale: 0.25 });
    await expect
      .poll(async () => (await stores[1]!.executions.countByStatus(workflowId)).finished, { timeout: 10_000 })
      .toBe(3);
    await a.idle(); // A's runs ran to their end and tried to complete
    // Every run of A tried to complete (A may even have claimed some again before B's tick took them back),
    // and each execution was completed exactly once: by B, at a later attempt.
    const calls = spies.flatMap((spy) => spy.mock.calls.map((call) => call[0]));
    expect(calls.filter((id) => ids.includes(id)).length).toBeGreaterThanOrEqual(6);
    expect([...(await completions(spies)).entries()].sort()).toEqual(ids.map((id) => [id, 1]).sort());
    const after = await rows(stores[1]!, ids);
    expect(after.map((row) => [row.status, row.owner])).toEqual(ids.map(() => ['finished', b.owner]));
    expect(after.every((row) => row.attempt >= 2)).toBe(true);
    for (const id of ids) expect(await stores[1]!.files.summaries(id)).toHaveLength(1);
  });
});

describe('planning shared between engines', () => {
  it('plans a new workflow once, whichever engine claims it', async () => {
    db = await replicas();
    const stores = [...new Set([await db.store(0), await db.store(1)])];
    const claims = stores.map((store) => vi.spyOn(store.workflows, 'claimPlanning'));
    const writes = stores.map((store) => vi.spyOn(store.workflows, 'markReady'));
    const engines = [await db.engine(0), await db.engine(1)];
    const workflowId = await db.addPlanning('Summarize meeting notes into a report');
    const workflow = (await stores[0]!.workflows.byId(workflowId))!;
    engines.forEach((engine) => engine.planLater(workflow));
    await Promise.all(engines.map((engine) => engine.idle()));
    expect((await stores[0]!.workflows.byId(workflowId))!.status).toBe('ready');
    const settled = async (spies: typeof claims | typeof writes) =>
      (await Promise.all(spies.flatMap((spy) => spy.mock.results.map((r) => r.value as Promise<boolean>)))).filter(
        Boolean,
      ).length;
    // A slow plan renews its claim (claimPlanning again, by the same owner), so count who held it.
    const holders = new Set<unknown>();
    for (const spy of claims) {
      const held = await Promise.all(spy.mock.results.map((r) => r.value as Promise<boolean>));
      spy.mock.calls.forEach((call, i) => held[i] && holders.add(call[1]));
    }
    expect(holders.size).toBe(1);
    expect(await settled(writes)).toBe(1);
  });

  it('plans a workflow whose planner died holding the claim, once that claim ends', async () => {
    db = await replicas();
    const store = await db.store(1);
    const workflowId = await db.addPlanning('Summarize meeting notes into a report');
    const now = Date.now();
    expect(await store.workflows.claimPlanning(workflowId, 'a-dead-replica', now + 500, now)).toBe(true);
    await db.engine(1);
    await sleep(250);
    expect((await store.workflows.byId(workflowId))!.status).toBe('planning');
    await expect.poll(async () => (await store.workflows.byId(workflowId))!.status, { timeout: 5_000 }).toBe('ready');
  });
});
