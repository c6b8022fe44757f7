import { describe, expect, it } from 'vitest';
import { findHaproxy, startHaproxy, type Balancer } from './test-support/haproxy';
import { notFinishedOnce, processingNow, runRows, startBatch } from './test-support/report-runs';
import { sleep, startReplica, type Replica } from './test-support/replica';
import { useSharedDatabase } from './test-support/shared-database';

const KEY = 'replicas-rolling-key-0123456789abcdef';
const BASE_URL = process.env.TEST_DATABASE_URL;
const HAPROXY = findHaproxy();
const ITEMS = 1_000;
// Far beyond the test's time: a run left waiting for its lease to expire could not end in time.
const LEASE_SECONDS = 120;

if (BASE_URL && !HAPROXY) {
  console.log('rolling-restart test skipped: HAProxy is not installed (apt-get install haproxy; .ci/run installs it)');
}

interface Poller {
  stop(): Promise<{ requests: number; failures: string[] }>;
}

/** Lists the workflow's executions and reads one of them through the balancer, over and over, noting every failed answer. */
function pollThrough(base: string, workflowId: string, ids: string[]): Poller {
  let requests = 0;
  let stopped = false;
  const failures: string[] = [];
  const ask = async (path: string) => {
    requests += 1;
    try {
      const res = await fetch(`${base}/api/v1/workflows/${workflowId}${path}`, { headers: { 'x-api-key': KEY } });
      const body = await res.text();
      if (res.status !== 200) failures.push(`${res.status} ${path}: ${body.slice(0, 200)}`);
    } catch (error) {
      failures.push(`${path}: ${String((error as Error).cause ?? error)}`);
    }
  };
  const loops = [
    (async () => {
      while (!stopped) await ask('/executions?limit=20');
    })(),
    (async () => {
      for (let n = 0; !stopped; n++) await ask(`/executions/${ids[(n * 7919) % ids.length]}`);
    })(),
  ];
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return { requests, failures };
    },
  };
}

describe.skipIf(!BASE_URL || !HAPROXY)('a rolling restart of two replicas behind HAProxy', () => {
  let balancer: Balancer | undefined;
  let poller: Poller | undefined;
  const setUp = useSharedDatabase(BASE_URL, KEY, 'Rolling restart test', async () => {
    await poller?.stop();
    await balancer?.stop();
  });

  it(
    'loses no run, runs none twice, fails no client request and leaves no run to wait for a lease, over a 1,000-item batch',
    { timeout: 150_000 },
    async () => {
      const { url, workflowId, client, watch: startWatch } = await setUp();
      const env = {
        WORKFLOW_API_KEYS: KEY,
        WORKFLOW_TIME_SCALE: '0.07',
        WORKFLOW_RATE_LIMIT: '1000000',
        LEASE_SECONDS: String(LEASE_SECONDS),
        // Several of HAProxy's checks (every 200 ms, 2 failures to go down) fit in it.
        WORKFLOW_DRAIN_SECONDS: '1.5',
      };
      const replicas: Record<string, Replica> = Object.fromEntries(
        await Promise.all(['a', 'b'].map(async (name) => [name, await startReplica(name, url, env)] as const)),
      );
      balancer = await startHaproxy(HAPROXY!, { a: replicas.a!.port, b: replicas.b!.port });
      await balancer.until('a', 'UP');
      await balancer.until('b', 'UP');

      const watch = startWatch();
      const ids = await startBatch(balancer.base, KEY, workflowId, ITEMS);
      poller = pollThrough(balancer.base, workflowId, ids);
      // Both replicas seen running executions, or enough done that waiting longer would end the batch first
      // (on a loaded machine a snapshot may never catch both at once).
      await watch.until((s) => s.finished >= 20 && (s.owners.size >= 2 || s.finished >= 100), 40_000);

      /** SIGTERM, wait for the exit, start again on the same port and wait until HAProxy sends it traffic. */
      const restart = async (name: string) => {
        const old = replicas[name]!;
        expect(watch.latest().finished).toBeLessThan(ITEMS); // the batch is still running
        old.terminate();
        await balancer!.until(name, 'DOWN', 10_000);
        expect(await old.exited).toBe(0);
        const processing = await processingNow(client, workflowId);
        const exitedAt = Date.now();
        replicas[name] = await startReplica(name, url, env, { port: old.port });
        await balancer!.until(name, 'UP');
        return { processing, exitedAt };
      };
      const first = await restart('a');
      // What was processing when A exited was B's and moves on; a run A left behind would wait 120 s.
      await sleep(Math.max(0, 5_000 - (Date.now() - first.exitedAt)));
      const stillProcessing = await processingNow(client, workflowId);
      expect([...first.processing].filter((run) => stillProcessing.has(run))).toEqual([]);
      const second = await restart('b');

      await watch.until((s) => s.finished + s.error >= ITEMS, 60_000);
      const finishedAfterSecondExit = Date.now() - second.exitedAt;
      await sleep(200); // nothing more may happen: e.g. no second completion of a handed-over execution
      const final = await watch.stop();
      const polled = await poller.stop();
      poller = undefined;

      expect(polled.failures).toEqual([]);
      expect(polled.requests).toBeGreaterThan(100);
      expect(final.counts).toEqual({ finished: ITEMS });
      const rows = await runRows(client, workflowId);
      expect(new Set(rows.map((row) => row.id))).toEqual(new Set(ids));
      expect(notFinishedOnce(rows)).toEqual([]);
      expect(finishedAfterSecondExit).toBeLessThan(LEASE_SECONDS * 1000);
      console.log(
        `replicas rolling-restart test: ${polled.requests} client requests through HAProxy, none failed; ` +
          `all ${ITEMS} runs finished once, the last ${Math.round(finishedAfterSecondExit / 1000)} s after B's restart`,
      );
    },
  );
});
