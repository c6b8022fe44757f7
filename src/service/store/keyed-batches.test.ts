import { describe, expect, it } from 'vitest';
import { KeyedBatches } from './keyed-batches';

/** A batch runner whose round trips end when the test says, recording each batch it was given. */
function controlled() {
  const batches: Array<{ key: string; items: readonly number[] }> = [];
  const ends: Array<() => void> = [];
  const runs = new KeyedBatches<number, string>(
    (key, items) =>
      new Promise((resolve) => {
        batches.push({ key, items });
        ends.push(() => resolve(items.map((item, i) => `${key}:${item}@${i}`)));
      }),
  );
  return { runs, batches, endNext: () => ends.shift()!() };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedBatches', () => {
  it('gives items asked for in one turn one round trip, and those asked for during it the next one, in order', async () => {
    const { runs, batches, endNext } = controlled();
    const first = [runs.add('k', 1), runs.add('k', 2)];
    await turn();
    const second = [runs.add('k', 3), runs.add('k', 4), runs.add('k', 5)];
    await turn();
    // The second batch waits for the first round trip to end.
    expect(batches).toEqual([{ key: 'k', items: [1, 2] }]);
    endNext();
    expect(await Promise.all(first)).toEqual(['k:1@0', 'k:2@1']);
    await turn();
    expect(batches[1]).toEqual({ key: 'k', items: [3, 4, 5] });
    endNext();
    expect(await Promise.all(second)).toEqual(['k:3@0', 'k:4@1', 'k:5@2']);
  });

  it('runs different keys side by side', async () => {
    const { runs, batches, endNext } = controlled();
    const answers = Promise.all([runs.add('a', 1), runs.add('b', 2)]);
    await turn();
    expect(batches.map((batch) => batch.key)).toEqual(['a', 'b']);
    endNext();
    endNext();
    expect(await answers).toEqual(['a:1@0', 'b:2@0']);
  });

  it('fails every item of a failed round trip and goes on with the next batch', async () => {
    let calls = 0;
    const runs = new KeyedBatches<number, number>(async (_, items) => {
      calls += 1;
      await turn();
      if (calls === 1) throw new Error('database away');
      return items.map((item) => item * 10);
    });
    const failed = [runs.add('k', 1), runs.add('k', 2)].map((p) => p.catch((error: Error) => error.message));
    await turn();
    const later = runs.add('k', 3);
    expect(await Promise.all(failed)).toEqual(['database away', 'database away']);
    expect(await later).toBe(30);
    expect(calls).toBe(2);
  });
});
