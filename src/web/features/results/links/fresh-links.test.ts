import { describe, expect, it, vi } from 'vitest';
import type { ResultFile } from '@contract/openapi-document';
import { createLinkResolver } from './fresh-links';

const MINUTE = 60_000;
const file = (name: string, version: number): ResultFile => ({
  filename: name,
  url: `https://files.test/${name}?v=${version}`,
});

function setup(ageMinutes: number) {
  let now = 1_000 * MINUTE;
  let version = 1;
  const refreshFiles = vi.fn(async () => {
    version += 1;
    return [file('a.csv', version), file('b.png', version)];
  });
  const resolver = createLinkResolver(
    { files: [file('a.csv', 1), file('b.png', 1)], fetchedAt: now - ageMinutes * MINUTE },
    refreshFiles,
    () => now,
  );
  return { resolver, refreshFiles, advance: (minutes: number) => (now += minutes * MINUTE) };
}

describe('createLinkResolver', () => {
  it('uses the current link while it is younger than 55 minutes', async () => {
    const { resolver, refreshFiles } = setup(10);
    expect((await resolver.fresh('a.csv')).url).toContain('v=1');
    expect(refreshFiles).not.toHaveBeenCalled();
  });

  it('refetches the detail and uses the fresh link once the link is 55 minutes old', async () => {
    const { resolver, refreshFiles } = setup(56);
    expect((await resolver.fresh('a.csv')).url).toContain('v=2');
    expect(refreshFiles).toHaveBeenCalledTimes(1);
  });

  it('reuses a refreshed link for later calls until it ages again', async () => {
    const { resolver, refreshFiles, advance } = setup(56);
    await resolver.fresh('a.csv');
    expect((await resolver.fresh('b.png')).url).toContain('v=2');
    expect(refreshFiles).toHaveBeenCalledTimes(1);
    advance(55);
    expect((await resolver.fresh('b.png')).url).toContain('v=3');
    expect(refreshFiles).toHaveBeenCalledTimes(2);
  });

  it('shares one refetch between concurrent callers (Download all)', async () => {
    const { resolver, refreshFiles } = setup(60);
    const [a, b] = await Promise.all([resolver.fresh('a.csv'), resolver.fresh('b.png')]);
    expect(refreshFiles).toHaveBeenCalledTimes(1);
    expect(a.url).toContain('v=2');
    expect(b.url).toContain('v=2');
  });

  it('refreshes on demand when a link was rejected early', async () => {
    const { resolver, refreshFiles } = setup(1);
    expect((await resolver.fresh('a.csv', { force: true })).url).toContain('v=2');
    expect(refreshFiles).toHaveBeenCalledTimes(1);
  });

  it('takes newer props so a refetch by the page avoids another one', async () => {
    const { resolver, refreshFiles } = setup(58);
    resolver.update({ files: [file('a.csv', 9)], fetchedAt: 1_000 * MINUTE });
    expect((await resolver.fresh('a.csv')).url).toContain('v=9');
    expect(refreshFiles).not.toHaveBeenCalled();
  });

  it('ignores older props than what it already refreshed', async () => {
    const { resolver } = setup(58);
    await resolver.fresh('a.csv');
    resolver.update({ files: [file('a.csv', 1)], fetchedAt: 1_000 * MINUTE - 58 * MINUTE });
    expect((await resolver.fresh('a.csv')).url).toContain('v=2');
  });

  it('peeks at a fresh link synchronously, and declines once it is stale', async () => {
    const { resolver, advance } = setup(10);
    expect(resolver.peek('a.csv')?.url).toContain('v=1');
    expect(resolver.peek('missing')).toBeNull();
    advance(50);
    expect(resolver.peek('a.csv')).toBeNull();
    await resolver.fresh('a.csv');
    expect(resolver.peek('a.csv')?.url).toContain('v=2');
  });

  it('says clearly when the file vanished from the fresh results', async () => {
    const { resolver } = setup(60);
    await expect(resolver.fresh('gone.txt')).rejects.toThrow('"gone.txt" is no longer among');
  });

  it('lets a failed refetch surface and tries again next time', async () => {
    const refreshFiles = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce([file('a.csv', 5)]);
    const resolver = createLinkResolver({ files: [file('a.csv', 1)], fetchedAt: 0 }, refreshFiles);
    await expect(resolver.fresh('a.csv')).rejects.toThrow('offline');
    expect((await resolver.fresh('a.csv')).url).toContain('v=5');
  });
});
