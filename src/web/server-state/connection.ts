/**
 * The connection as the pages see it: the active profile and the saved ones, the request budget,
 * and whether an address is another origin. The client and the scheduler behind them stay in api/.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getScheduler, type BudgetSnapshot } from '@/api/scheduler';
import { getServerReachability } from '@/lib/server-reachability';

export { followActiveProfile, useActiveProfile, useConnection } from '@/api/active-client';
export { isCrossOrigin } from '@/api/transport';
import type { ConnectionVerdict, testConnection as checkConnection } from './connection-check';

export type { ConnectionVerdict };

/** Tries a URL and key (./connection-check); loaded when first asked, so the first page stays light. */
export async function testConnection(...args: Parameters<typeof checkConnection>): Promise<ConnectionVerdict> {
  const check = await import('./connection-check');
  return check.testConnection(...args);
}
export type { BudgetSnapshot };

/** This browser's request budget: its use in the last minute, followed as it changes, and its size. */
export const requestBudget = {
  subscribe: (listener: () => void): (() => void) => getScheduler().subscribe(listener),
  getSnapshot: (): BudgetSnapshot => getScheduler().getSnapshot(),
  /** Lets `used` drop as old requests leave the one-minute window. */
  refresh: (): void => getScheduler().refresh(),
  setPerMinute: (n: number): void => getScheduler().setBudget(n),
};

/**
 * Another account (URL or key): its data replaces the previous one's. Reset, not clear: pages on
 * screen keep their observers, drop the old account's data and read again with the new key.
 */
export const forgetPreviousAccount = (queryClient: QueryClient) =>
  queryClient.cancelQueries().then(() => void queryClient.resetQueries());

/**
 * The second look after an outage: the writes other people held meanwhile land in the first seconds
 * after the server's return (their pages notice it within a probe interval, then send), after the
 * first look was already answered, and a page that does not poll would miss them until a reload.
 */
const SECOND_LOOK_MS = 4_000;

/**
 * The server answers again after an outage: everything on screen reads again, now and once more
 * shortly after, unless it is down again by then (its own return reads again anyway).
 */
export function refreshEverything(queryClient: QueryClient): void {
  const look = () => void (getServerReachability().getSnapshot().down || queryClient.invalidateQueries());
  look();
  setTimeout(look, SECOND_LOOK_MS);
}
