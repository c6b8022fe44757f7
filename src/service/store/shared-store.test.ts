import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { MIGRATIONS } from './db/migrations';
import type { Claimed } from './executions/executions-repo';
import { QuotaExceeded } from './quota-exceeded';
import type { Store } from './store';
import { addAccountWorkflow, testDialect, testStoreHome, type TestStoreHome } from './test-support/store-home';

/*
 * On PostgreSQL two Store instances (two pools) on one schema stand for two replicas: the rules
 * must hold in the database, not in one process. SQLite serves one process, and a second
 * connection in the same thread would wait synchronously on the first one's write lock, so there
 * both "replicas" are one Store and the same calls interleave on its one connection.
 */

const clock = manualClock(Date.UTC(2026, 10, 21, 23, 6, 29, 123));
let home: TestStoreHome;
let a: Store;
let b: Store;
let workflowId: string;

beforeEach(async () => {
  home = await testStoreHome();
  a = await home.open(clock);
  b = home.dialect === 'postgres' ? await home.open(clock) : a;
  workflowId = await addAccountWorkflow(a, 'high');
});
afterEach(async () => {
  await home.cleanup();
});

const claim = (store: Store, owner: string) =>
  store.executions.claimNext(workflowId, {
    now: clock.now(),
    limitMs: 60_000,
    owner,
    leaseUntil: clock.now() + 30_000,
    maxPerWorkflow: 10,
  });

async function processingCounts(store: Store): Promise<{ all: number; batch: number }> {
  const rows = await store.kysely
    .selectFrom('executions')
    .select(['batch_id'])
    .where('workflow_id', '=', workflowId)
    .where('status', '=', 'processing')
    .execute();
  return { all: rows.length, batch: rows.filter((row) => row.batch_id === 'b').length };
}

describe('claimNext', () => {
  it('takes the oldest waiting runs in creation order, within the batch cap and 10 per workflow', async () => {
    const first = await a.createExecutions('acc', workflowId, [{}, {}], null);
    const batch = await a.createExecutions('acc', workflowId, [{}, {}, {}, {}, {}], { batchId: 'b', cap: 2 });
    const last = await a.createExecutions(
      'acc',
      workflowId,
      Array.from({ length: 10 }, () => ({})),
      null,
    );
    const claimed = await claim(a, 'a');
    expect(claimed.map((row) => row.id)).toEqual(
      [...first, ...batch.slice(0, 2), ...last.slice(0, 6)].map((e) => e.id),
    );
    expect(claimed.every((row) => row.attempt === 1 && row.workflow_id === workflowId)).toBe(true);
    expect(await claim(b, 'b')).toEqual([]);
    const row = await a.executions.byId(claimed[0]!.id);
    expect(row).toMatchObject({ status: 'processing', owner: 'a', lease_until: clock.now() + 30_000 });
    expect(row!.deadline).toBe(Math.floor(clock.now()) + 60_000);
  });

  it('never lets two replicas claiming at once exceed 10 per workflow or the batch cap, nor claim a run twice', async () => {
    await a.createExecutions(
      'acc',
      workflowId,
      Array.from({ length: 60 }, () => ({})),
      { batchId: 'b', cap: 3 },
    );
    await b.createExecutions(
      'acc',
      workflowId,
      Array.from({ length: 40 }, () => ({})),
      null,
    );
    const seen = new Set<string>();
    let peak = 0;
    const replica = async (store: Store, owner: string) => {
      const mine: Claimed[] = [];
      for (let round = 0; round < 40; round++) {
        for (const row of await claim(store, owner)) {
          expect(seen.has(row.id)).toBe(false);
          seen.add(row.id);
          mine.push(row);
        }
        const counts = await processingCounts(store);
        peak = Math.max(peak, counts.all);
        expect(counts.all).toBeLessThanOrEqual(10);
        expect(counts.batch).toBeLessThanOrEqual(3);
        // Finish some of this replica's runs so the other one finds free slots.
        for (const row of mine.splice(0, 1 + (round % 3))) {
          expect(await store.completeExecution(row.id, row.attempt, [])).toBe(true);
        }
      }
    };
    await Promise.all([replica(a, 'a'), replica(b, 'b')]);
    expect(peak).toBe(10);
    expect(seen.size).toBeGreaterThan(50);
  });
});

describe('claimNext with a per-account cap', () => {
  it("never lets two replicas claiming different workflows at once exceed the account's cap", async () => {
    const other = (
      await a.createWorkflow(
        { accountId: 'acc', prompt: 'p', name: 'm', description: '', nameGiven: true, descriptionGiven: false },
        { status: 'ready', input_schema: null, steps: '[]', concurrency: 'high' },
      )
    ).id;
    const many = Array.from({ length: 40 }, () => ({}));
    await a.createExecutions('acc', workflowId, many, null);
    await b.createExecutions('acc', other, many, null);
    const full: string[] = [];
    const claimCapped = (store: Store, owner: string, workflow: string) =>
      store.executions.claimNext(workflow, {
        now: clock.now(),
        limitMs: 60_000,
        owner,
        leaseUntil: clock.now() + 30_000,
        maxPerWorkflow: 10,
        maxPerAccount: 12,
        onAccountFull: (accountId) => full.push(accountId),
      });
    let peak = 0;
    const replica = async (store: Store, owner: string, workflow: string) => {
      const mine: Claimed[] = [];
      for (let round = 0; round < 30; round++) {
        mine.push(...(await claimCapped(store, owner, workflow)));
        const row = await store.kysely
          .selectFrom('executions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', 'acc')
          .where('status', '=', 'processing')
          .executeTakeFirstOrThrow();
        peak = Math.max(peak, Number(row.n));
        expect(Number(row.n)).toBeLessThanOrEqual(12);
        for (const run of mine.splice(0, 1 + (round % 2))) {
          expect(await store.completeExecution(run.id, run.attempt, [])).toBe(true);
        }
      }
    };
    await Promise.all([replica(a, 'a', workflowId), replica(b, 'b', other)]);
    expect(peak).toBe(12);
    expect(new Set(full)).toEqual(new Set(['acc']));
  });
});

describe('shared counters', () => {
  it('stamps created_at strictly increasing per account across replicas writing at once', async () => {
    const write = (store: Store) =>
      Promise.all(Array.from({ length: 20 }, () => store.createExecutions('acc', workflowId, [{}, {}, {}], null)));
    await Promise.all([write(a), write(b)]);
    const rows = await a.kysely
      .selectFrom('executions')
      .select('created_at')
      .where('account_id', '=', 'acc')
      .orderBy('created_at')
      .execute();
    expect(rows).toHaveLength(120);
    expect(new Set(rows.map((row) => row.created_at)).size).toBe(120);
    // The clock stood still: the stamps are consecutive microseconds after the workflow's.
    expect(rows.at(-1)!.created_at).toBe('2026-11-21T23:06:29.123120Z');
  });

  it("never lets replicas submitting at once pass the account's quota of waiting runs", async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? a : b).createExecutions('acc', workflowId, [{}], null, 50)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(50);
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(refusals).toHaveLength(10);
    expect(refusals.every((r) => r instanceof QuotaExceeded && r.kind === 'queued' && r.current === 50)).toBe(true);
  });

  it('counts rate-limit hits exactly under concurrency, and opens a new window once one ended', async () => {
    const now = clock.now();
    const hits = await Promise.all(
      Array.from({ length: 150 }, (_, i) => (i % 2 === 0 ? a : b).rateWindows.hit('key', now, 60_000)),
    );
    expect(hits.map((hit) => hit.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(new Set(hits.map((hit) => hit.windowStart))).toEqual(new Set([Math.floor(now)]));
    expect(await a.rateWindows.hit('key', now + 59_999, 60_000)).toEqual({ count: 151, windowStart: Math.floor(now) });
    expect(await b.rateWindows.hit('key', now + 60_000, 60_000)).toEqual({
      count: 1,
      windowStart: Math.floor(now) + 60_000,
    });
  });
});

describe('leases', () => {
  it('renews the owner\u2019s leases, reports expired ones, and requeue releases them', async () => {
    const [e1, e2] = await a.createExecutions('acc', workflowId, [{}, {}], null);
    await claim(a, 'a');
    expect(await b.executions.heartbeat('a', clock.now() + 90_000)).toBe(2);
    expect(await b.executions.expired(clock.now() + 60_000)).toEqual([]);
    const expired = await b.executions.expired(clock.now() + 100_000, 'b');
    expect(expired.map((row) => row.id)).toEqual([e1!.id, e2!.id]);
    expect(await b.executions.expired(clock.now() + 100_000, 'a')).toEqual([]);
    expect(await b.executions.requeue(e1!.id, 1, 1234)).toBe(true);
    expect(await b.executions.byId(e1!.id)).toMatchObject({
      status: 'initial',
      owner: null,
      lease_until: null,
      elapsed_ms: 1234,
    });
  });

  it('lets one replica at a time plan a workflow', async () => {
    const planning = await a.createWorkflow({
      accountId: 'acc',
      prompt: 'p',
      name: 'n',
      description: '',
      nameGiven: false,
      descriptionGiven: false,
    });
    const now = clock.now();
    expect((await b.workflows.planningDue(now)).map((w) => w.id)).toEqual([planning.id]);
    const claims = await Promise.all([
      a.workflows.claimPlanning(planning.id, 'a', now + 30_000, now),
      b.workflows.claimPlanning(planning.id, 'b', now + 30_000, now),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await a.workflows.planningDue(now)).toEqual([]);
    expect((await a.workflows.planningDue(now + 30_001)).map((w) => w.id)).toEqual([planning.id]);
  });
});

describe.runIf(testDialect === 'postgres')('migrations on PostgreSQL', () => {
  it('let replicas start together on an empty database: one migrates, the others wait and find it done', async () => {
    const fresh = await testStoreHome();
    try {
      const stores = await Promise.all([fresh.open(clock), fresh.open(clock), fresh.open(clock)]);
      const versions = await stores[2]!.kysely.selectFrom('migrations').select('version').orderBy('version').execute();
      expect(versions.map((row) => row.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    } finally {
      await fresh.cleanup();
    }
  });
});
