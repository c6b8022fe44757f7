import { describe, expect, it } from 'vitest';
import { wallClock } from './clock';

describe('wallClock', () => {
  it('adds the monotonic clock’s microseconds within the wall clock’s millisecond', () => {
    let wall = 1_000;
    let monotonic = 50;
    const clock = wallClock(
      () => wall,
      () => monotonic,
    );
    monotonic += 0.25;
    expect(clock.now()).toBe(1_000.25);
    wall = 1_001;
    monotonic += 1;
    expect(clock.now()).toBe(1_001.25);
  });

  it('never runs ahead of the wall clock when the monotonic clock gains on it', () => {
    let wall = 1_000;
    let monotonic = 0;
    const clock = wallClock(
      () => wall,
      () => monotonic,
    );
    // The wall clock was stepped back 13 s (NTP) while 20 s passed on the monotonic clock.
    monotonic += 20_000;
    wall += 7_000;
    expect(clock.now()).toBe(8_000);
    monotonic += 0.5;
    expect(clock.now()).toBe(8_000.5);
  });

  it('follows the wall clock when the monotonic clock falls behind it (a suspend)', () => {
    let wall = 1_000;
    let monotonic = 0;
    const clock = wallClock(
      () => wall,
      () => monotonic,
    );
    wall += 60_000;
    monotonic += 10;
    expect(clock.now()).toBe(61_000);
  });
});
