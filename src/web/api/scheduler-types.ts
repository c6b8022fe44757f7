import type { ChannelLike, SchedulerClock } from './shared-window';

export type Priority = 'user' | 'visible' | 'background';

export const RANK: Record<Priority, number> = { user: 0, visible: 1, background: 2 };

export interface SchedulerOptions {
  /** Requests allowed per window (default 100). */
  budget?: number;
  /** Window length in ms (default 60 s). */
  windowMs?: number;
  /** Requests in flight at once while healthy (default 6, a browser's per-host limit). */
  maxInFlight?: number;
  /** How often a 429 is retried before the caller sees it (default 4). */
  maxRetries?: number;
  /** Requests per window background work leaves for people (default 20, at most a fifth of the budget). */
  backgroundReserve?: number;
  /**
   * How much longer than the window an issued request still counts (default 0). A request is
   * stamped when issued but counted by the server when it arrives; with a margin, jitter between
   * the two cannot put budget + 1 requests into one of the server's windows.
   */
  windowMarginMs?: number;
  clock?: SchedulerClock;
  random?: () => number;
  channel?: ChannelLike | null;
  tabId?: string;
}

export interface BudgetSnapshot {
  used: number;
  budget: number;
  queued: number;
  inFlight: number;
  /** Epoch ms until which nothing is sent (after a 429 or RateLimit-Remaining: 0), else null. */
  holdUntil: number | null;
  /** Background requests that may go out now without touching the reserve kept for people. */
  spare: number;
}

export interface ScheduleOptions {
  signal?: AbortSignal;
}

export interface Task {
  rank: number;
  seq: number;
  attempts: number;
  issuedAt: number;
  /** The budget window's stamp of the last issue, to give back if the request never reached the server. */
  stamp?: string;
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}
