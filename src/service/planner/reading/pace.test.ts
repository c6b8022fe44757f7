import { describe, expect, it } from 'vitest';
import { readConcurrency } from './pace';
import { stateAfter } from './test-support/it-reads';

const paceOf = (prompt: string) => stateAfter(readConcurrency, prompt).concurrency;

describe('readConcurrency', () => {
  it('reads low, high and the default', () => {
    expect(paceOf('Resize images one by one')).toBe('low');
    expect(paceOf('Tag thousands of photos')).toBe('high');
    expect(paceOf('Tag a photo')).toBe('medium');
  });

  it('lets "one at a time" win over words of speed', () => {
    expect(paceOf('Process many orders, one at a time')).toBe('low');
  });
});
