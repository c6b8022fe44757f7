/** The service's notion of "now", injectable so tests can move time (link expiry, rate windows). */
export interface Clock {
  /** Milliseconds since the epoch; may carry a fraction for sub-millisecond precision. */
  now(): number;
}

/**
 * The wall clock with the microseconds performance.now() adds (created_at uses them). The monotonic
 * clock alone, from the process's start (performance.timeOrigin + performance.now()), drifts from the
 * wall clock as NTP slews or steps it, so stamps could lie ahead of every browser's "now"; it is
 * re-anchored whenever it leaves the wall clock's current millisecond.
 */
export function wallClock(wallMs: () => number = Date.now, monotonicMs: () => number = () => performance.now()): Clock {
  let anchorWall = wallMs();
  let anchorMonotonic = monotonicMs();
  return {
    now: () => {
      const wall = wallMs();
      const monotonic = monotonicMs();
      const precise = anchorWall + (monotonic - anchorMonotonic);
      if (precise >= wall && precise < wall + 1) return precise;
      anchorWall = wall;
      anchorMonotonic = monotonic;
      return wall;
    },
  };
}

export const systemClock: Clock = wallClock();

/** A clock that stands still until a test moves it. */
export function manualClock(
  startMs = Date.UTC(2026, 0, 1),
): Clock & { advance(ms: number): void; set(ms: number): void } {
  let current = startMs;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}
