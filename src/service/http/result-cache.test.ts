import { describe, expect, it } from 'vitest';
import type { FileSummary } from '../store/records';
import { ResultCache } from './result-cache';

const file = (id: string, text: string | null): FileSummary => ({
  id,
  filename: `${id}.md`,
  inline_data: text === null ? null : Buffer.from(text),
});

describe('ResultCache', () => {
  it('loads an execution’s files once and decodes inline text', async () => {
    const cache = new ResultCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return [file('a', 'héllo'), file('b', null)];
    };
    expect(await cache.get('e1', load)).toEqual([
      { id: 'a', filename: 'a.md', content: 'héllo' },
      { id: 'b', filename: 'b.md', content: null },
    ]);
    await cache.get('e1', load);
    expect(loads).toBe(1);
  });

  it('forgets the least recently used executions beyond its size', async () => {
    const cache = new ResultCache(700);
    const loads: string[] = [];
    const load = (id: string) => async () => {
      loads.push(id);
      return [file(id, 'x'.repeat(200))];
    };
    await cache.get('e1', load('e1'));
    await cache.get('e2', load('e2'));
    await cache.get('e1', load('e1'));
    await cache.get('e3', load('e3'));
    await cache.get('e1', load('e1'));
    await cache.get('e2', load('e2'));
    expect(loads).toEqual(['e1', 'e2', 'e3', 'e2']);
  });
});
