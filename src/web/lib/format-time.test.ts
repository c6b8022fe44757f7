import { describe, expect, it } from 'vitest';
import { formatDuration, formatExact, formatPast, formatRelative } from './format-time';

const now = Date.parse('2026-11-21T12:00:00Z');

describe('formatRelative', () => {
  it('says just now for the last few seconds', () => {
    expect(formatRelative('2026-11-21T11:59:55Z', now)).toBe('just now');
  });
  it('uses the largest whole unit', () => {
    expect(formatRelative('2026-11-21T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelative('2026-11-21T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelative('2026-11-20T12:00:00Z', now)).toBe('yesterday');
    expect(formatRelative('2026-11-21T14:00:00Z', now)).toBe('in 2 hours');
  });
  it('does not crash on a malformed timestamp', () => {
    expect(formatRelative('not a date', now)).toBe('unknown time');
    expect(formatExact('not a date')).toBe('not a date');
  });
});

describe('formatPast', () => {
  it('says just now for a time a little ahead of the clock instead of a future time', () => {
    expect(formatPast('2026-11-21T12:00:13Z', now)).toBe('just now');
    expect(formatPast('2026-11-21T12:05:00Z', now)).toBe('just now');
  });
  it('reads like formatRelative for past times', () => {
    expect(formatPast('2026-11-21T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatPast('not a date', now)).toBe('unknown time');
  });
});

describe('formatExact', () => {
  it('keeps the server timestamp with its microseconds', () => {
    expect(formatExact('2026-11-21T23:06:29.123456Z')).toContain('2026-11-21T23:06:29.123456Z');
  });
});

describe('formatDuration', () => {
  it('picks seconds, minutes or hours', () => {
    expect(formatDuration(42_000)).toBe('42 s');
    expect(formatDuration(180_000)).toBe('3 min');
    expect(formatDuration(7_200_000)).toBe('2 h');
  });
});
