import { afterAll, describe, expect, it } from 'vitest';
import { freshSchema, type TestDatabase } from '../test-support/test-database';
import { startReplica, stopReplicas } from './test-support/replica';

const KEY = 'replicas-rate-limit-key-0123456789ab';
const BURST_KEY = 'replicas-rate-limit-burst-key-0123456789';
const BASE_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!BASE_URL)('the rate limit across two replicas on one PostgreSQL', () => {
  let database: TestDatabase | undefined;
  let replicas: Array<Awaited<ReturnType<typeof startReplica>>> = [];
  afterAll(async () => {
    await stopReplicas();
    await database?.drop();
  });

  it('answers 150 requests of one key, spread over both within one window, with exactly 100 × 2xx and 50 × 429', async () => {
    database = await freshSchema(BASE_URL!);
    // The burst opens 75 connections to each replica at once, above the default per-address cap.
    const env = {
      WORKFLOW_API_KEYS: `${KEY},${BURST_KEY}`,
      WORKFLOW_RATE_LIMIT: '100',
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '200',
    };
    // Both start at once on the empty schema, so migrations and key provisioning run side by side too.
    replicas = await Promise.all([
      startReplica('a', database.databaseUrl!, env),
      startReplica('b', database.databaseUrl!, env),
    ]);
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    const byReplica = new Map<string, number[]>([
      ['a', []],
      ['b', []],
    ]);
    // 15 rounds of 10 requests at once, alternating replicas: the first 10 rounds fit in the limit whatever
    // order each round's requests are counted in, and every request of the last 5 is over it.
    for (let round = 0; round < 15; round++) {
      const replies = await Promise.all(
        Array.from({ length: 10 }, async (_, n) => {
          const replica = n % 2 === 0 ? a : b;
          const reply = await fetch(replica.url('/api/v1/workflows'), { headers: { 'x-api-key': KEY } });
          await reply.arrayBuffer();
          byReplica.get(replica.name)!.push(reply.status);
          return reply.status;
        }),
      );
      const expected = round < 10 ? 'ok' : 429;
      expect(
        replies.map((status) => (status >= 200 && status < 300 ? 'ok' : status)),
        `round ${round + 1}`,
      ).toEqual(Array(10).fill(expected));
    }
    const all = [...byReplica.values()].flat();
    expect(all.filter((status) => status >= 200 && status < 300)).toHaveLength(100);
    expect(all.filter((status) => status === 429)).toHaveLength(50);
    // Each replica refused its share: it saw the other's requests, not only its own 75.
    for (const [name, statuses] of byReplica) {
      expect(
        statuses.filter((status) => status === 429),
        name,
      ).toHaveLength(25);
    }
  });

  it('answers 150 requests of one key sent all at once, spread over both, with exactly 100 × 2xx and 50 × 429', async () => {
    // Each replica counts the hits that arrive together in one write; the positions must still be unique.
    const statuses = await Promise.all(
      Array.from({ length: 150 }, async (_, n) => {
        const reply = await fetch(replicas[n % 2]!.url('/api/v1/workflows'), { headers: { 'x-api-key': BURST_KEY } });
        await reply.arrayBuffer();
        return reply.status;
      }),
    );
    expect(statuses.filter((status) => status >= 200 && status < 300)).toHaveLength(100);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
  });
});
