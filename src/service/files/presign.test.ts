import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { filePath, LinkSigner } from './presign';

const fileId = '0d9c1f5e-8f3a-4c1e-9f59-3b9a2d1c7e40';

function parts(url: string) {
  const parsed = new URL(url);
  return {
    path: parsed.pathname,
    expires: parsed.searchParams.get('expires') ?? undefined,
    signature: parsed.searchParams.get('signature') ?? undefined,
  };
}

describe('LinkSigner', () => {
  it('issues absolute links under PUBLIC_URL with the encoded file name', () => {
    const clock = manualClock(Date.UTC(2026, 0, 1));
    const url = new LinkSigner('secret', 'https://flows.example.com', clock).url(fileId, 'rapport été.md');
    expect(url).toMatch(
      new RegExp(
        `^https://flows\\.example\\.com/files/${fileId}/rapport%20%C3%A9t%C3%A9\\.md\\?expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );
    expect(parts(url).expires).toBe(String(Date.UTC(2026, 0, 1) / 1000 + 3600));
  });

  it('accepts its own link until it expires, then calls it expired', () => {
    const clock = manualClock();
    const signer = new LinkSigner('secret', 'http://x', clock);
    const { path, expires, signature } = parts(signer.url(fileId, 'a.csv'));
    expect(signer.check(path, expires, signature)).toBe('ok');
    clock.advance(3600 * 1000);
    expect(signer.check(path, expires, signature)).toBe('ok');
    clock.advance(1000);
    expect(signer.check(path, expires, signature)).toBe('expired');
  });

  it('hands out the same link within a second and a fresh one after', () => {
    const clock = manualClock(Date.UTC(2026, 0, 1));
    const signer = new LinkSigner('secret', 'http://x', clock);
    const first = signer.url(fileId, 'a.csv');
    clock.advance(999);
    expect(signer.url(fileId, 'a.csv')).toBe(first);
    clock.advance(1);
    const later = signer.url(fileId, 'a.csv');
    expect(later).not.toBe(first);
    expect(signer.check(...(Object.values(parts(later)) as [string, string, string]))).toBe('ok');
  });

  it('rejects a changed path, expiry or signature, and links signed with another secret', () => {
    const clock = manualClock();
    const signer = new LinkSigner('secret', 'http://x', clock);
    const { path, expires, signature } = parts(signer.url(fileId, 'a.csv'));
    expect(signer.check(filePath(fileId, 'b.csv'), expires, signature)).toBe('invalid');
    expect(signer.check(path, String(Number(expires) + 3600), signature)).toBe('invalid');
    expect(signer.check(path, expires, `${signature!.slice(0, 63)}${signature!.endsWith('0') ? '1' : '0'}`)).toBe(
      'invalid',
    );
    expect(signer.check(path, expires, 'short')).toBe('invalid');
    expect(signer.check(path, undefined, signature)).toBe('invalid');
    expect(signer.check(path, 'soon', signature)).toBe('invalid');
    expect(new LinkSigner('other', 'http://x', clock).check(path, expires, signature)).toBe('invalid');
  });
});
