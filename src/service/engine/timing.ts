import { LIMITS } from '../../contract/limits';

export const TIME_LIMIT_MESSAGE = `execution exceeded the ${LIMITS.maxRunSeconds / 60}-minute run time limit`;

/** Smallest scaled time limit, so a tiny time scale cannot fail runs before their first step. */
const MIN_SCALED_LIMIT_MS = 50;

/**
 * The run time limit in milliseconds: 15 minutes scaled like every other duration. At scale 0
 * steps take no time, so the full unscaled limit only guards against a hung step.
 */
export function runTimeLimitMs(timeScale: number, override?: number): number {
  if (override !== undefined) return override;
  const full = LIMITS.maxRunSeconds * 1000;
  return timeScale > 0 ? Math.max(MIN_SCALED_LIMIT_MS, full * timeScale) : full;
}

/** retry_after_seconds is a whole number of seconds from 1 to 30. */
export function clampRetryAfter(seconds: number): number {
  return Math.min(30, Math.max(1, Math.ceil(seconds)));
}
