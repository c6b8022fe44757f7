import { describe, expect, it } from 'vitest';
import { LINK_MAX_AGE_MS, needsRefresh } from './needs-refresh';

const MINUTE = 60_000;
const now = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('needsRefresh', () => {
  it('refreshes links at 55 minutes, five minutes before the one-hour expiry', () => {
    expect(LINK_MAX_AGE_MS).toBe(55 * MINUTE);
  });

  it('keeps links fetched less than 55 minutes ago', () => {
    expect(needsRefresh(now, now)).toBe(false);
    expect(needsRefresh(now - 54 * MINUTE, now)).toBe(false);
    expect(needsRefresh(now - 55 * MINUTE + 1, now)).toBe(false);
  });

  it('refreshes links fetched 55 minutes ago or earlier', () => {
    expect(needsRefresh(now - 55 * MINUTE, now)).toBe(true);
    expect(needsRefresh(now - 3 * 60 * MINUTE, now)).toBe(true);
  });

  it('refreshes when the fetch time is unknown (React Query reports 0 before data)', () => {
    expect(needsRefresh(0, now)).toBe(true);
    expect(needsRefresh(Number.NaN, now)).toBe(true);
  });

  it('honours a custom maximum age', () => {
    expect(needsRefresh(now - 2 * MINUTE, now, MINUTE)).toBe(true);
  });
});
