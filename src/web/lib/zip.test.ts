import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { safeEntryPath, uniqueEntryPaths, zipFiles } from './zip';

const bytes = (text: string) => new TextEncoder().encode(text);
const unzip = async (blob: Blob) => unzipSync(new Uint8Array(await blob.arrayBuffer()));

describe('entry paths', () => {
  it.each([
    ['/etc/passwd', 'etc/passwd'],
    ['../../evil.sh', 'evil.sh'],
    ['a\\..\\b.txt', 'a/b.txt'],
    ['..', 'file'],
    ['a\u0000b\n.txt', 'ab.txt'],
  ])('removes absolute paths and parent-directory escapes: %j becomes %j', (path, safe) => {
    expect(safeEntryPath(path)).toBe(safe);
  });

  it('keeps subfolders and de-duplicates names case-insensitively', () => {
    expect(uniqueEntryPaths(['charts/a.png', 'r.csv', 'R.csv', 'r.csv', 'notes'])).toEqual([
      'charts/a.png',
      'r.csv',
      'R (2).csv',
      'r (3).csv',
      'notes',
    ]);
  });

  it('adds the counter before the extension of the file, not of a folder', () => {
    expect(uniqueEntryPaths(['v1.2/out', 'v1.2/out'])).toEqual(['v1.2/out', 'v1.2/out (2)']);
  });
});

describe('zipFiles', () => {
  it('produces a zip whose files unzip to the same bytes, in the given order', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255]);
    const outcome = await zipFiles([
      { path: 'run/report.md', load: async () => bytes('# Title\n\nhéllo') },
      { path: 'run/chart.png', load: async () => png },
    ]);
    const files = await unzip(outcome.blob);
    expect(Object.keys(files)).toEqual(['run/report.md', 'run/chart.png']);
    expect(strFromU8(files['run/report.md']!)).toBe('# Title\n\nhéllo');
    expect([...files['run/chart.png']!]).toEqual([...png]);
    expect(outcome).toMatchObject({ files: 2, missing: [] });
  });

  it('lists files it could not load in MISSING-FILES.txt and keeps the rest', async () => {
    const outcome = await zipFiles(
      [
        { path: 'x/ok.txt', load: async () => bytes('fine') },
        { path: 'x/gone.pdf', load: () => Promise.reject(new Error('HTTP 404')) },
      ],
      { missingFolder: 'x' },
    );
    expect(outcome.missing).toEqual([{ path: 'x/gone.pdf', reason: 'HTTP 404' }]);
    expect(outcome.files).toBe(1);
    const files = await unzip(outcome.blob);
    expect(Object.keys(files).sort()).toEqual(['x/MISSING-FILES.txt', 'x/ok.txt']);
    expect(strFromU8(files['x/MISSING-FILES.txt']!)).toContain('x/gone.pdf: HTTP 404');
  });

  it('reports progress for every file and never runs more loads at once than asked', async () => {
    let running = 0;
    let peak = 0;
    const progress = vi.fn();
    const sources = Array.from({ length: 9 }, (_, i) => ({
      path: `f${i}.txt`,
      load: async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 1));
        running -= 1;
        return bytes(`f${i}`);
      },
    }));
    const outcome = await zipFiles(sources, { concurrency: 3, onProgress: progress });
    expect(peak).toBeLessThanOrEqual(3);
    expect(progress).toHaveBeenCalledTimes(9);
    expect(progress).toHaveBeenLastCalledWith(9, 9);
    expect(Object.keys(await unzip(outcome.blob))).toEqual(sources.map((s) => s.path));
  });

  it('builds a valid empty archive when there is nothing to add', async () => {
    const outcome = await zipFiles([]);
    expect(Object.keys(await unzip(outcome.blob))).toEqual([]);
    expect(outcome.files).toBe(0);
  });
});
