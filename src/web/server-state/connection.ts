/**
 * The connection as the pages see it: the active profile and the saved ones, the request budget,
 * and whether an address is another origin. The client and the scheduler behind them stay in api/.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getScheduler, type BudgetSnapshot } from '@/api/scheduler';

export { followActiveProfile, useActiveProfile, useConnection } from '@/api/active-client';
export { isCrossOrigin } from '@/api/transport';
export { testConnection, type ConnectionVerdict } from './connection-check';
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

/** The server answers again after an outage: everything on screen reads again. */
export const refreshEverything = (queryClient: QueryClient) => void queryClient.invalidateQueries();
