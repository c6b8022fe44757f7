import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { connectModel } from '../model/model-client';
import { startFakeModel } from '../test-support/fake-model';
import { freezable, replicas, type Replicas } from './test-support/in-process-replicas';

const fake = await startFakeModel({ hang: true });
afterAll(() => fake.close());

let db: Replicas;
afterEach(async () => {
  fake.requests.length = 0;
  await db?.close();
});

const LEASE_MS = 300;
const model = (timeoutMs: number) =>
  connectModel({
    baseUrl: fake.url,
    model: 'slow-llm',
    apiKey: null,
    timeoutMs,
    concurrency: 2,
    maxTokens: 1000,
    planningTimeoutMs: 120_000,
  });
const plannerNotes = (notes: string | null | undefined) =>
  (JSON.parse(notes ?? '[]') as Array<{ kind: string }>).filter((note) => note.kind === 'planner');

describe('planning with a slow model, between replicas', () => {
  it('keeps the claim while the model thinks several leases long, so no other replica plans it meanwhile', async () => {
    db = await replicas();
    const store = await db.store(1);
    // One call and its retry, both unanswered: about 2 s, several leases of 300 ms.
    await db.engine(0, { model: model(900), leaseMs: LEASE_MS });
    const workflowId = await db.addPlanning('Write a short sales intro email to a prospect from their name');
    await expect.poll(() => fake.requests.length).toBeGreaterThan(0);
    // A replica without a model would plan it at once by rules, without the note, if it could claim it.
    await db.engine(1, { leaseMs: LEASE_MS });
    await expect.poll(async () => (await store.workflows.byId(workflowId))!.status, { timeout: 10_000 }).toBe('ready');
    expect(plannerNotes((await store.workflows.byId(workflowId))!.planning_notes)).toHaveLength(1);
  });

  it('leaves a workflow whose planner died mid-call to another replica, once its lease ends', async () => {
    db = await replicas();
    const victim = freezable(await db.store(0));
    const a = await db.engine(0, { store: victim.store, model: model(60_000), leaseMs: LEASE_MS });
    const workflowId = await db.addPlanning('Write a short sales intro email to a prospect from their name');
    await expect.poll(() => fake.requests.length).toBeGreaterThan(0);
    victim.freeze(); // kill -9: no renewal reaches the database again
    db.died(a);
    const store = await db.store(1);
    await db.engine(1, { leaseMs: LEASE_MS });
    await expect.poll(async () => (await store.workflows.byId(workflowId))!.status, { timeout: 10_000 }).toBe('ready');
    // Planned by the live replica's rules: no note from a model that never answered.
    expect(plannerNotes((await store.workflows.byId(workflowId))!.planning_notes)).toHaveLength(0);
  });
});
