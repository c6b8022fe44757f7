import { describe, expect, it } from 'vitest';
import { readDelimited } from './read-delimited';

// Node has no Worker, so these run the same split on this thread that browsers without workers use.
describe('readDelimited without a worker', () => {
  it('splits text in memory', async () => {
    expect(await readDelimited('a;b\n1;2\n')).toEqual({
      ok: true,
      delimiter: ';',
      rows: [
        ['a', 'b'],
        ['1', '2'],
      ],
      problems: [],
    });
  });

  it('decodes a file before splitting it, and refuses one that is not text', async () => {
    const r = await readDelimited(new Blob([new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x0a, 0x00])]));
    expect(r).toMatchObject({ ok: true, rows: [['a']] });
    const binary = await readDelimited(new Blob([new Uint8Array([0x00, 0x01, 0x41])]));
    expect(binary).toMatchObject({ ok: false, error: expect.stringMatching(/not text/) });
  });

  it('reports progress only to a caller that asks for it', async () => {
    const seen: number[] = [];
    await readDelimited('a,b\n1,2\n', { onProgress: (f) => seen.push(f) });
    expect(seen).toEqual([1]);
  });
});
