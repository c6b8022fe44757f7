import type { ExecutionStatus } from '@contract/openapi-document';

const FALLBACK_POLL_MS = 2_000;
const MIN_POLL_MS = 1_000;
const MAX_POLL_MS = 60_000;
/** A person decides a human_in_the_loop step; checking every few seconds would only spend budget. */
const WAITING_POLL_MS = 15_000;

interface Pollable {
  status: ExecutionStatus;
  retry_after_seconds?: number;
}

/**
 * How long to wait before asking for an execution again: the server's retry_after_seconds
 * (2 s when it sends none) bounded to 1–60 s, slower while waiting for a person, never once
 * the execution is finished or failed.
 */
export function pollInterval(execution: Pollable | undefined): number | false {
  if (!execution) return FALLBACK_POLL_MS;
  switch (execution.status) {
    case 'finished':
    case 'error':
      return false;
    case 'human_in_the_loop':
      return WAITING_POLL_MS;
    default: {
      const seconds = execution.retry_after_seconds;
      if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return FALLBACK_POLL_MS;
      return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, Math.round(seconds * 1000)));
    }
  }
}
