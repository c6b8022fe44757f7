import { describe, expect, it } from 'vitest';
import { wallClock } from './clock';

/** A wall clock and a monotonic clock that the test moves by hand, and the clock read from them. */
const clocksAt = (wall: number, monotonic: number) => {
  const at = { wall, monotonic };
  const clock = wallClock(
    () => at.wall,
    () => at.monotonic,
  );
  return { at, clock };
};

describe('wallClock', () => {
  it('adds the monotonic clock’s microseconds within the wall clock’s millisecond', () => {
    const { at, clock } = clocksAt(1_000, 50);
    at.monotonic += 0.25;
    expect(clock.now()).toBe(1_000.25);
    at.wall = 1_001;
    at.monotonic += 1;
    expect(clock.now()).toBe(1_001.25);
  });

  it('never runs ahead of the wall clock when the monotonic clock gains on it', () => {
    const { at, clock } = clocksAt(1_000, 0);
    // The wall clock was stepped back 13 s (NTP) while 20 s passed on the monotonic clock.
    at.monotonic += 20_000;
    at.wall += 7_000;
    expect(clock.now()).toBe(8_000);
    at.monotonic += 0.5;
    expect(clock.now()).toBe(8_000.5);
  });

  it('follows the wall clock when the monotonic clock falls behind it (a suspend)', () => {
    const { at, clock } = clocksAt(1_000, 0);
    at.wall += 60_000;
    at.monotonic += 10;
    expect(clock.now()).toBe(61_000);
  });
});
