import { describe, expect, it } from 'vitest';
import { REPEAT_WINDOW_MS, StopSignals, type StopAction, type StopSignal } from './stop-signals';

/** The actions for signals received at the given times (ms after the first). */
function actions(drainMs: number, signals: Array<[StopSignal, number]>): StopAction[] {
  const stops = new StopSignals(drainMs);
  return signals.map(([signal, at]) => stops.receive(signal, 1_000_000 + at));
}

describe('stop signals', () => {
  it('drains once for the two or three copies of one SIGTERM that npm, tsx and the process group deliver', () => {
    expect(
      actions(10_000, [
        ['SIGTERM', 0],
        ['SIGTERM', 3],
        ['SIGTERM', 40],
      ]),
    ).toEqual(['drain', 'ignore', 'ignore']);
  });

  it('ignores a SIGTERM at any time during the drain, and stops at once for one after it', () => {
    expect(
      actions(10_000, [
        ['SIGTERM', 0],
        ['SIGTERM', 9_900],
        ['SIGTERM', 10_100],
      ]),
    ).toEqual(['drain', 'ignore', 'exit']);
  });

  it('without a drain (SQLite), still takes copies of the signal as one, and a later one as stop now', () => {
    expect(
      actions(0, [
        ['SIGTERM', 0],
        ['SIGTERM', REPEAT_WINDOW_MS - 1],
        ['SIGTERM', REPEAT_WINDOW_MS + 1],
      ]),
    ).toEqual(['close', 'ignore', 'exit']);
  });

  it('closes without the drain on SIGINT, and ends a drain under way on SIGINT', () => {
    expect(actions(10_000, [['SIGINT', 0]])).toEqual(['close']);
    expect(
      actions(10_000, [
        ['SIGTERM', 0],
        ['SIGINT', 3_000],
        ['SIGINT', 3_010],
        ['SIGINT', 3_000 + REPEAT_WINDOW_MS + 1],
      ]),
    ).toEqual(['drain', 'close', 'ignore', 'exit']);
  });
});
