import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseRejection, rejectionOf, rejectionSentence, rememberRejection } from './rejections';

describe('parseRejection', () => {
  it('reads who rejected and why from the wording that names the key', () => {
    expect(parseRejection('Rejected by Dev key: the tone is too formal')).toEqual({
      by: 'Dev key',
      comment: 'the tone is too formal',
    });
  });

  it('reads the older wording, which names no one', () => {
    expect(parseRejection('rejected by reviewer: too long')).toEqual({ by: undefined, comment: 'too long' });
    expect(parseRejection('rejected by reviewer')).toEqual({ by: undefined, comment: undefined });
  });

  it('keeps a comment that itself holds colons and lines', () => {
    expect(parseRejection('Rejected by Ada: see: line one\nline two')?.comment).toBe('see: line one\nline two');
  });

  it('does not take a failure for a rejection', () => {
    expect(parseRejection('amount must be positive')).toBeNull();
    expect(parseRejection('The payment provider rejected the card')).toBeNull();
    expect(parseRejection(null)).toBeNull();
  });
});

describe('rejectionOf', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('knows a rejection decided in this browser where the server says only "error"', () => {
    rememberRejection('run-1', '  needs a greeting ');
    expect(rejectionOf({ id: 'run-1', status: 'error' }, 'execution failed')).toEqual({
      by: undefined,
      comment: 'needs a greeting',
    });
    expect(rejectionOf({ id: 'run-2', status: 'error' }, 'execution failed')).toBeNull();
  });

  it('takes the server’s words over this browser’s, and ignores runs that did not end in error', () => {
    rememberRejection('run-3', 'mine');
    expect(rejectionOf({ id: 'run-3', status: 'error' }, 'Rejected by Ops: theirs')).toEqual({
      by: 'Ops',
      comment: 'theirs',
    });
    expect(rejectionOf({ id: 'run-3', status: 'finished' }, null)).toBeNull();
  });
});

describe('rejectionSentence', () => {
  it('says who and why where known, else that a reviewer did it', () => {
    expect(rejectionSentence({ by: 'Dev key', comment: 'too long' })).toBe('Rejected by Dev key: too long');
    expect(rejectionSentence({})).toBe('Rejected by a reviewer');
  });
});
