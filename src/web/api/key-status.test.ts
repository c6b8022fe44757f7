import { describe, expect, it } from 'vitest';
import { keyStatus, revocationIn } from './key-status';

describe('revocationIn', () => {
  it('reads when the local service says the key was revoked', () => {
    expect(
      revocationIn("this API key was revoked on 2026-11-28 at 10:45:12 UTC; ask the account's owner for a new key"),
    ).toEqual({ revokedAt: '2026-11-28T10:45:12Z' });
  });

  it('knows a revocation without a time, and a plain rejection is none', () => {
    expect(revocationIn('API key revoked')).toEqual({ revokedAt: null });
    expect(revocationIn('invalid API key')).toBeNull();
  });
});

describe('keyStatus', () => {
  it('marks a key refused on a 401 and clears it on the next answer to the same key only', () => {
    const seen: unknown[] = [];
    const stop = keyStatus.subscribe(() => seen.push(keyStatus.getSnapshot()));
    keyStatus.answered('k1', 401, 'this API key was revoked on 2026-11-28 at 10:45:12 UTC; ask for a new key');
    expect(keyStatus.getSnapshot()).toMatchObject({ key: 'k1', revoked: true, revokedAt: '2026-11-28T10:45:12Z' });

    keyStatus.answered('k2', 200, null);
    expect(keyStatus.getSnapshot()?.key).toBe('k1');
    keyStatus.answered('k1', 200, null);
    expect(keyStatus.getSnapshot()).toBeNull();
    expect(seen).toHaveLength(2);
    stop();
  });
});
