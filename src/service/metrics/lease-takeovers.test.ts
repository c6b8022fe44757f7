import { afterEach, describe, expect, it } from 'vitest';
import { freezable, replicas, type Replicas } from '../engine/test-support/in-process-replicas';
import { parseSamples, sampleValue } from '../test-support/prometheus-text';
import { reportStep } from '../test-support/test-service';
import { PrometheusMetrics } from './prometheus';

let db: Replicas;
afterEach(async () => {
  await db?.close();
});

const takeOvers = async (metrics: PrometheusMetrics) =>
  sampleValue(parseSamples(await metrics.scrape()), 'workflow_lease_takeovers_total');

describe('lease take-overs on /metrics', () => {
  it('counts the runs a replica takes over once the lease of the replica running them ends', async () => {
    db = await replicas();
    const victim = freezable(await db.store(0));
    const a = await db.engine(0, { store: victim.store, timeScale: 1, leaseMs: 600 });
    const store = await db.store(1);
    const metrics = new PrometheusMetrics(store.executions);
    // Started before A claims: on SQLite a starting engine takes every processing row as its own process's.
    await db.engine(1, { timeScale: 0, leaseMs: 600, metrics });
    const workflowId = await db.addWorkflow([reportStep(), reportStep('b.md')]); // 4 s at scale 1
    await store.createExecutions(
      db.accountId,
      workflowId,
      ['a', 'b', 'c'].map((name) => ({ name })),
      null,
    );
    a.enqueued(workflowId);
    await expect.poll(async () => (await store.executions.countByStatus(workflowId)).processing).toBe(3);
    expect(await takeOvers(metrics)).toBe(0);
    victim.freeze(); // kill -9
    db.died(a);
    await expect
      .poll(async () => (await store.executions.countByStatus(workflowId)).finished, { timeout: 10_000 })
      .toBe(3);
    expect(await takeOvers(metrics)).toBe(3);
  });

  it('does not count a run its own replica stopped and put back', async () => {
    db = await replicas();
    const store = await db.store(0);
    const metrics = new PrometheusMetrics(store.executions);
    const a = await db.engine(0, { timeScale: 1, metrics });
    const workflowId = await db.addWorkflow([reportStep()]);
    await store.createExecutions(db.accountId, workflowId, [{ name: 'x' }], null);
    a.enqueued(workflowId);
    await expect.poll(async () => (await store.executions.countByStatus(workflowId)).processing).toBe(1);
    await a.stop();
    expect(await store.executions.countByStatus(workflowId)).toEqual({ initial: 1 });
    expect(await takeOvers(metrics)).toBe(0);
  });
});
