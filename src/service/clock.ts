/** The service's notion of "now", injectable so tests can move time (link expiry, rate windows). */
export interface Clock {
  /** Milliseconds since the epoch; may carry a fraction for sub-millisecond precision. */
  now(): number;
}

export const systemClock: Clock = {
  // performance.now() adds microseconds that Date.now() lacks; created_at uses them.
  now: () => performance.timeOrigin + performance.now(),
};

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
