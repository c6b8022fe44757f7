import { cpus, loadavg } from 'node:os';

/**
 * How far past a goal a timed figure may land before a bench gate fails: 10 % on a quiet machine,
 * growing by 10 % for each unit of load per core past one, up to 50 % (eight engineers on two cores
 * is the usual day here).
 */
export function tolerance(loadPerCore = loadavg()[0]! / cpus().length): number {
  return 1.1 + Math.min(0.4, Math.max(0, loadPerCore - 1) * 0.1);
}
