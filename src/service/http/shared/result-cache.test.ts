import { describe, expect, it } from 'vitest';
import type { FileSummary } from '../../store/records';
import { ResultCache } from './result-cache';

const file = (id: string, text: string | null): FileSummary => ({
  id,
  filename: `${id}.md`,
  inline_data: text === null ? null : Buffer.from(text),
});

/** A cache and a loader that counts, per execution, how often the store was read. */
function counted(limits?: ConstructorParameters<typeof ResultCache>[0]) {
  const cache = new ResultCache(limits);
  const loads: string[] = [];
  const read = (id: string, text = 'x'.repeat(200), workflowId = 'w1') =>
    cache.get(id, workflowId, async () => {
      loads.push(id);
      return [file(id, text)];
    });
  return { cache, loads, read };
}

describe('ResultCache', () => {
  it('loads an execution’s files once and decodes inline text', async () => {
    const { cache, loads } = counted();
    const load = async () => {
      loads.push('e1');
      return [file('a', 'héllo'), file('b', null)];
    };
    expect(await cache.get('e1', 'w1', load)).toEqual([
      { id: 'a', filename: 'a.md', content: 'héllo' },
      { id: 'b', filename: 'b.md', content: null },
    ]);
    await cache.get('e1', 'w1', load);
    expect(loads).toEqual(['e1']);
  });

  it('forgets the least recently used executions beyond its size', async () => {
    const { loads, read } = counted({ maxBytes: 1600, maxEntryBytes: 1600, maxEntries: 100 });
    for (const id of ['e1', 'e2', 'e1', 'e3', 'e1', 'e2']) await read(id);
    expect(loads).toEqual(['e1', 'e2', 'e3', 'e2']);
  });

  it('stays under its byte limit however many executions are read', async () => {
    const limits = { maxBytes: 100_000, maxEntryBytes: 50_000, maxEntries: 1000 };
    const { cache, read } = counted(limits);
    for (let i = 0; i < 500; i++) await read(`e${i}`, 'é'.repeat(1000 + i));
    expect(cache.bytes).toBeGreaterThan(limits.maxBytes / 2);
    expect(cache.bytes).toBeLessThanOrEqual(limits.maxBytes);
  });

  it('keeps at most its number of executions, however small', async () => {
    const { cache, loads, read } = counted({ maxBytes: 1_000_000, maxEntryBytes: 1_000_000, maxEntries: 3 });
    for (const id of ['e1', 'e2', 'e3', 'e4']) await read(id, '');
    expect(cache.peek('e1')).toBeUndefined();
    await read('e4', '');
    expect(loads).toEqual(['e1', 'e2', 'e3', 'e4']);
  });

  it('serves results bigger than one entry may be without keeping them or dropping the others', async () => {
    const { loads, read } = counted({ maxBytes: 100_000, maxEntryBytes: 10_000, maxEntries: 100 });
    await read('small');
    const big = 'b'.repeat(20_000);
    expect((await read('big', big))[0]!.content).toBe(big);
    expect((await read('big', big))[0]!.content).toBe(big);
    await read('small');
    expect(loads).toEqual(['small', 'big', 'big']);
  });

  it('forgets the results of a deleted workflow’s executions only', async () => {
    const { cache, read } = counted();
    await read('e1', 'one', 'w1');
    await read('e2', 'two', 'w2');
    cache.forgetWorkflow('w1');
    expect(cache.peek('e1')).toBeUndefined();
    expect(cache.peek('e2')?.[0]?.content).toBe('two');
  });
});
