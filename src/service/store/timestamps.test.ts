import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMicros, normalizeTimestamp, parseMicros, TimestampIssuer } from './timestamps';

describe('formatMicros and parseMicros', () => {
  it('format microseconds as a fixed-width ISO string', () => {
    expect(formatMicros(Date.UTC(2026, 10, 21, 23, 6, 29) * 1000 + 123456)).toBe('2026-11-21T23:06:29.123456Z');
    expect(formatMicros(Date.UTC(2026, 0, 1) * 1000 + 7)).toBe('2026-01-01T00:00:00.000007Z');
  });

  it('round-trip any instant, and string order equals time order', () => {
    const micros = fc
      .tuple(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 999_999 }))
      .map(([seconds, fraction]) => seconds * 1_000_000 + fraction);
    fc.assert(
      fc.property(micros, micros, (a, b) => {
        expect(parseMicros(formatMicros(a))).toBe(a);
        expect(Math.sign(formatMicros(a).localeCompare(formatMicros(b)))).toBe(Math.sign(a - b));
      }),
    );
  });

  it('accept other RFC 3339 spellings of the same instant', () => {
    expect(normalizeTimestamp('2026-11-21T23:06:29Z')).toBe('2026-11-21T23:06:29.000000Z');
    expect(normalizeTimestamp('2026-11-21T23:06:29.5Z')).toBe('2026-11-21T23:06:29.500000Z');
    expect(normalizeTimestamp('2026-11-22T01:06:29.123456+02:00')).toBe('2026-11-21T23:06:29.123456Z');
    expect(normalizeTimestamp('2026-11-21t23:06:29.123456z')).toBe('2026-11-21T23:06:29.123456Z');
  });

  it('round digits past the sixth up, so "strictly older" never includes the cursor instant', () => {
    expect(normalizeTimestamp('2026-11-21T23:06:29.1234561Z')).toBe('2026-11-21T23:06:29.123457Z');
    expect(normalizeTimestamp('2026-11-21T23:06:29.1234560Z')).toBe('2026-11-21T23:06:29.123456Z');
  });

  it('keep microseconds exact in any year and clamp instants an offset pushes past 0000-9999', () => {
    expect(normalizeTimestamp('9999-12-31T23:59:59.999999Z')).toBe('9999-12-31T23:59:59.999999Z');
    expect(normalizeTimestamp('9999-12-31T23:59:59-01:00')).toBe('9999-12-31T23:59:59.999999Z');
    expect(normalizeTimestamp('0000-01-01T00:00:00+01:00')).toBe('0000-01-01T00:00:00.000000Z');
    expect(normalizeTimestamp('0099-05-01T12:00:00.5Z')).toBe('0099-05-01T12:00:00.500000Z');
    expect(normalizeTimestamp('2026-12-31T23:59:59.9999991Z')).toBe('2027-01-01T00:00:00.000000Z');
  });

  it.each([
    '',
    'yesterday',
    '2026-11-21',
    '2026-13-01T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-11-21T24:00:00Z',
    '2026-11-21T23:06:29',
  ])('reject %j', (text) => expect(normalizeTimestamp(text)).toBeNull());
});

describe('TimestampIssuer', () => {
  /** An in-memory stand-in for the atomic UPDATE … RETURNING on accounts.last_created_us. */
  const issuer = (now: () => number) => {
    const saved = new Map<string, number>();
    const reserve = async (id: string, count: number, nowMicros: number) => {
      const newest = Math.max((saved.get(id) ?? 0) + count, nowMicros + count - 1);
      saved.set(id, newest);
      return newest;
    };
    return new TimestampIssuer(now, reserve);
  };

  it('bumps by one microsecond when the clock has not moved', async () => {
    const instance = issuer(() => 1_000_000);
    expect(await instance.issue('a')).toEqual([1_000_000]);
    expect(await instance.issue('a')).toEqual([1_000_001]);
    expect(await instance.issue('a', 3)).toEqual([1_000_002, 1_000_003, 1_000_004]);
  });

  it('keeps accounts independent', async () => {
    const instance = issuer(() => 500);
    expect(await instance.issue('a')).toEqual([500]);
    expect(await instance.issue('b')).toEqual([500]);
  });

  it('never goes backwards when the clock does', async () => {
    let now = 2_000_000;
    const instance = issuer(() => now);
    await instance.issue('a', 10);
    now = 1_000_000;
    expect(await instance.issue('a')).toEqual([2_000_010]);
  });

  it('falls back to the clock for an account without a row', async () => {
    const instance = new TimestampIssuer(
      () => 42.7,
      async () => undefined,
    );
    expect(await instance.issue('x', 2)).toEqual([42, 43]);
  });
});
