/**
 * The one request scheduler: every API call of the dashboard goes through it (the batch tracker's
 * and the result gathering's too), so the key stays under its per-minute budget however many
 * pages, polls and tabs are open. Result files are downloaded from their presigned links, which
 * are not API calls and do not go through it.
 *
 * API
 * - `schedule(priority, fn, { signal })` runs `fn` when the budget allows and resolves with its
 *   result. Priorities: 'user' (a click) > 'visible' (what is on screen) > 'background' (watchers).
 *   When `fn` resolves with a Response (anything with a numeric `status` and `headers.get`), the
 *   scheduler reads `Retry-After` and `RateLimit-*`; a 429 holds every request until the server's
 *   time and then calls `fn` again (up to `maxRetries`), so callers see a 429 only after that.
 *   A queued task whose signal aborts is dropped with an AbortError. This is the only place a 429
 *   is retried (the rule is written in retry-policy.ts).
 * - `getScheduler()` is the app-wide instance; `setSchedulerScope(scope)` points it at another
 *   origin+key (a new budget history and BroadcastChannel); `setBudget(n)` changes the budget.
 *   Both are set by `followActiveProfile()` (./active-client), at start-up and on a profile switch.
 * - `subscribe(listener)` / `getSnapshot()` expose {used, budget, queued, inFlight, holdUntil,
 *   spare} for the header meter; `used` counts requests issued by every tab in the last window.
 * - Background work (batch tracking, result gathering) takes what people leave: a background
 *   request goes out only while fewer than `budget - reserve` requests of all tabs are in the
 *   window, so `reserve` (20 of 100) always stays for clicks and on-screen reads, and
 *   `backgroundIntervalMs()` is the pace at which background work spreads its share over a window.
 *
 * Design
 * - The budget is a sliding window of issue timestamps, shared with the other tabs of the same
 *   scope (./shared-window).
 * - A request that got no answer at all (fetch's TypeError: the server is unreachable) is given
 *   back to the budget, as the server never counted it.
 * - A 429 storm causes one backoff: 429s of requests sent before the hold began do not lengthen
 *   it, and after the hold a single probe request goes first; the rest follow only once it
 *   succeeds, so the queue never stampedes the server.
 * - Time, timers, randomness and the channel are injected so the unit tests run on a fake clock.
 */
import { abortError } from './errors';
import { isResponseLike, RateLimitHold } from './rate-limit-hold';
import {
  RANK,
  type BudgetSnapshot,
  type Priority,
  type ScheduleOptions,
  type SchedulerOptions,
  type Task,
} from './scheduler-types';
import { realClock, SharedWindow, type ChannelLike, type SchedulerClock } from './shared-window';
import { insertInOrder } from './task-queue';

export type { BudgetSnapshot, Priority, ScheduleOptions, SchedulerOptions } from './scheduler-types';
export type { ChannelLike, SchedulerClock } from './shared-window';

export class RequestScheduler {
  private budget: number;
  private readonly windowMs: number;
  private readonly maxInFlight: number;
  private readonly maxRetries: number;
  private readonly reserve: number;
  private readonly marginMs: number;
  private readonly clock: SchedulerClock;
  private readonly window: SharedWindow;
  private queue: Task[] = [];
  private inFlight = 0;
  private seq = 0;
  private readonly limits: RateLimitHold;
  private timer: unknown = null;
  private timerAt = Infinity;
  private listeners = new Set<() => void>();
  private snapshot: BudgetSnapshot;

  constructor(options: SchedulerOptions = {}) {
    this.budget = Math.max(1, options.budget ?? 100);
    this.windowMs = options.windowMs ?? 60_000;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 6);
    this.maxRetries = options.maxRetries ?? 4;
    this.reserve = Math.max(0, options.backgroundReserve ?? 20);
    this.marginMs = Math.max(0, options.windowMarginMs ?? 0);
    this.clock = options.clock ?? realClock;
    this.limits = new RateLimitHold(
      options.random ?? Math.random,
      (until) => this.window.announceHold(until),
      () => this.changed(),
    );
    this.window = new SharedWindow({
      tabId: options.tabId ?? Math.random().toString(36).slice(2),
      spanMs: this.windowMs + this.marginMs,
      clock: this.clock,
      onHold: (until) => this.limits.heardFromOtherTab(until, this.clock.now()),
      holdUntil: () => this.limits.until,
      onChange: () => {
        this.changed();
        this.pump();
      },
    });
    this.snapshot = this.computeSnapshot();
    this.connect(options.channel ?? null);
  }

  schedule<T>(priority: Priority, fn: () => Promise<T>, options: ScheduleOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (options.signal?.aborted) {
        reject(abortError());
        return;
      }
      const task: Task = {
        rank: RANK[priority],
        seq: this.seq++,
        attempts: 0,
        issuedAt: 0,
        run: fn,
        resolve: resolve as (value: unknown) => void,
        reject,
        signal: options.signal,
      };
      if (options.signal) {
        task.onAbort = () => {
          const index = this.queue.indexOf(task);
          if (index >= 0) {
            this.queue.splice(index, 1);
            reject(abortError());
            this.changed();
          }
        };
        options.signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.enqueue(task);
      this.pump();
    });
  }

  setBudget(budget: number): void {
    this.budget = Math.max(1, Math.floor(budget));
    this.changed();
    this.pump();
  }

  /** Requests per window background work may use: the budget less the reserve kept for people. */
  backgroundBudget(): number {
    return Math.max(1, this.budget - Math.min(this.reserve, Math.ceil(this.budget / 5)));
  }

  /** The gap between background requests that spreads the background budget evenly over a window. */
  backgroundIntervalMs(): number {
    return (this.windowMs + this.marginMs) / this.backgroundBudget();
  }

  /** Switches to another channel (another origin+key): the old history no longer applies. */
  connect(channel: ChannelLike | null): void {
    this.window.connect(channel);
    this.changed();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A stable object between changes, as useSyncExternalStore requires; refreshed by `refresh()`. */
  getSnapshot(): BudgetSnapshot {
    return this.snapshot;
  }

  /** Recomputes the snapshot so `used` drops as old requests leave the window. */
  refresh(): void {
    this.changed();
  }

  dispose(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.connect(null);
    this.listeners.clear();
  }

  private enqueue(task: Task): void {
    insertInOrder(this.queue, task);
    this.changed();
  }

  private pump = (): void => {
    for (;;) {
      if (this.queue.length === 0) break;
      const now = this.clock.now();
      if (this.limits.until > now) {
        this.wakeAt(this.limits.until);
        break;
      }
      if (this.inFlight >= (this.limits.probing ? 1 : this.maxInFlight)) break;
      const { size, oldest } = this.window.prune(now);
      if (size >= this.budget) {
        this.wakeAt(oldest + this.windowMs + this.marginMs);
        break;
      }
      // The queue is sorted by priority: a background task at its head means only background work waits.
      const limit = this.queue[0]!.rank === RANK.background ? this.backgroundBudget() : this.budget;
      if (size >= limit) {
        this.wakeAt(this.window.freeAt(limit));
        break;
      }
      const task = this.queue.shift()!;
      this.issue(task, now);
    }
    this.changed();
  };

  private issue(task: Task, now: number): void {
    task.stamp = this.window.record(now);
    this.inFlight++;
    task.attempts++;
    task.issuedAt = now;
    let outcome: Promise<unknown>;
    try {
      outcome = task.run();
    } catch (error) {
      outcome = Promise.reject(error);
    }
    outcome.then(
      (value) => this.settle(task, value),
      (error: unknown) => {
        this.inFlight--;
        // fetch rejects with a TypeError when no answer came (server down, connection refused): the
        // server counted nothing, so neither does the budget, and retries during an outage cost none of it.
        if (error instanceof TypeError && task.stamp) this.window.unrecord(task.stamp);
        this.finish(task);
        task.reject(error);
        this.pump();
      },
    );
  }

  private settle(task: Task, value: unknown): void {
    this.inFlight--;
    if (isResponseLike(value) && this.limits.read(value, task.issuedAt, this.clock.now())) {
      if (task.attempts <= this.maxRetries && !task.signal?.aborted) {
        this.enqueue(task);
        this.pump();
        return;
      }
    }
    this.finish(task);
    task.resolve(value);
    this.pump();
  }

  private finish(task: Task): void {
    if (task.signal && task.onAbort) task.signal.removeEventListener('abort', task.onAbort);
  }

  private wakeAt(at: number): void {
    if (this.timer !== null && this.timerAt <= at) return;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        this.pump();
      },
      Math.max(0, at - this.clock.now()),
    );
  }

  private computeSnapshot(): BudgetSnapshot {
    const now = this.clock.now();
    const used = this.window.used(now);
    return {
      used,
      budget: this.budget,
      queued: this.queue.length,
      inFlight: this.inFlight,
      holdUntil: this.limits.until > now ? this.limits.until : null,
      spare: Math.max(0, this.backgroundBudget() - used),
    };
  }

  private changed(): void {
    const next = this.computeSnapshot();
    const prev = this.snapshot;
    if ((Object.keys(next) as (keyof BudgetSnapshot)[]).every((key) => prev[key] === next[key])) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

let instance: RequestScheduler | null = null;
let currentScope: string | null = null;

const openChannel = (scope: string): ChannelLike | null =>
  typeof BroadcastChannel === 'function' ? new BroadcastChannel(`wf-request-budget:${scope}`) : null;

/** The app-wide scheduler: a second of margin covers the way from this tab to the server's clock. */
export function getScheduler(): RequestScheduler {
  instance ??= new RequestScheduler({ windowMarginMs: 1000 });
  return instance;
}

/** Points the app-wide scheduler at another origin+key; a no-op when the scope is unchanged. */
export function setSchedulerScope(scope: string): void {
  if (scope === currentScope) return;
  currentScope = scope;
  getScheduler().connect(openChannel(scope));
}
