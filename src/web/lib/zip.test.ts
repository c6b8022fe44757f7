import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { buildZip, safeEntryPath, uniqueEntryPaths, zipResults } from './build-zip';

const EXECUTION = '0b6f1c1e-8f1a-4c1e-9a57-3f0e2d9c1a11';
const bytes = (text: string) => new TextEncoder().encode(text);

describe('entry paths', () => {
  it('removes absolute paths and parent-directory escapes', () => {
    expect(safeEntryPath('/etc/passwd')).toBe('etc/passwd');
    expect(safeEntryPath('../../evil.sh')).toBe('evil.sh');
    expect(safeEntryPath('a\\..\\b.txt')).toBe('a/b.txt');
    expect(safeEntryPath('..')).toBe('file');
    expect(safeEntryPath('a\u0000b\n.txt')).toBe('ab.txt');
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

describe('buildZip', () => {
  it('produces a zip whose files unzip to the same bytes inside the execution folder', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255]);
    const archive = await buildZip(EXECUTION, [
      { filename: 'report.md', data: bytes('# Title\n\nhéllo') },
      { filename: 'chart.png', data: png },
    ]);
    const files = unzipSync(archive);
    expect(Object.keys(files).sort()).toEqual([`${EXECUTION}/chart.png`, `${EXECUTION}/report.md`]);
    expect(strFromU8(files[`${EXECUTION}/report.md`]!)).toBe('# Title\n\nhéllo');
    expect([...files[`${EXECUTION}/chart.png`]!]).toEqual([...png]);
  });

  it('builds a valid empty archive when there are no entries', async () => {
    expect(Object.keys(unzipSync(await buildZip(EXECUTION, [])))).toEqual([]);
  });
});

describe('zipResults', () => {
  it('uses inline content without fetching and fetches only files without it', async () => {
    const load = vi.fn(async () => new Uint8Array([7, 7]));
    const outcome = await zipResults(
      EXECUTION,
      [
        { filename: 'a.txt', url: 'https://f.test/a', content: 'inline ✓' },
        { filename: 'b.bin', url: 'https://f.test/b' },
      ],
      load,
    );
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ filename: 'b.bin' }));
    const files = unzipSync(outcome.zip);
    expect(strFromU8(files[`${EXECUTION}/a.txt`]!)).toBe('inline ✓');
    expect([...files[`${EXECUTION}/b.bin`]!]).toEqual([7, 7]);
    expect(outcome.missing).toEqual([]);
  });

  it('lists files it could not fetch in MISSING-FILES.txt and keeps the rest', async () => {
    const outcome = await zipResults(
      EXECUTION,
      [
        { filename: 'ok.txt', url: 'u', content: 'fine' },
        { filename: 'gone.pdf', url: 'u2' },
      ],
      async () => {
        throw new Error('HTTP 404');
      },
    );
    expect(outcome.missing).toEqual([{ filename: 'gone.pdf', reason: 'HTTP 404' }]);
    const files = unzipSync(outcome.zip);
    expect(Object.keys(files).sort()).toEqual([`${EXECUTION}/MISSING-FILES.txt`, `${EXECUTION}/ok.txt`]);
    expect(strFromU8(files[`${EXECUTION}/MISSING-FILES.txt`]!)).toContain('gone.pdf: HTTP 404');
  });

  it('reports progress for every file and keeps the original order', async () => {
    const progress = vi.fn();
    const files = Array.from({ length: 7 }, (_, i) => ({ filename: `f${i}.txt`, url: `u${i}` }));
    const outcome = await zipResults(EXECUTION, files, async (f) => bytes(f.filename), progress);
    expect(progress).toHaveBeenCalledTimes(7);
    expect(progress).toHaveBeenLastCalledWith({ done: 7, total: 7 });
    expect(Object.keys(unzipSync(outcome.zip))).toEqual(files.map((f) => `${EXECUTION}/${f.filename}`));
  });
});
