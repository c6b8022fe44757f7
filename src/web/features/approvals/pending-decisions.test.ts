import { describe, expect, it } from 'vitest';
import { secondsLeft, UNDO_SECONDS } from './pending-decisions';

describe('secondsLeft', () => {
  const sendAt = 10_000 + UNDO_SECONDS * 1000;

  it('counts the whole window at the moment of deciding', () => {
    expect(secondsLeft(sendAt, 10_000)).toBe(UNDO_SECONDS);
  });

  it('rounds a part second up, so the count reaches 1 and not 0 while queued', () => {
    expect(secondsLeft(sendAt, sendAt - 4_200)).toBe(5);
    expect(secondsLeft(sendAt, sendAt - 1_000)).toBe(1);
    expect(secondsLeft(sendAt, sendAt - 10)).toBe(1);
  });

  it('never shows less than 1 s, even if the timer is late', () => {
    expect(secondsLeft(sendAt, sendAt + 300)).toBe(1);
  });
});
