/**
 * The one request scheduler: every API call of the dashboard (and of the batch tracker and the
 * result downloads) goes through it, so the key stays under its per-minute budget however many
 * pages, polls and tabs are open.
 *
 * API
 * - `schedule(priority, fn, { signal })` runs `fn` when the budget allows and resolves with its
 *   result. Priorities: 'user' (a click) > 'visible' (what is on screen) > 'background' (watchers).
 *   When `fn` resolves with a Response (anything with a numeric `status` and `headers.get`), the
 *   scheduler reads `Retry-After` and `RateLimit-*`; a 429 holds every request until the server's
 *   time and then calls `fn` again (up to `maxRetries`), so callers see a 429 only after that.
 *   A queued task whose signal aborts is dropped with an AbortError. This is the only place a 429
 *   is retried (the rule is written in retry-policy.ts).
 * - `getScheduler()` is the app-wide instance; `setScope(scope)` switches it to another
 *   origin+key (a new budget history and BroadcastChannel); `setBudget(n)` changes the budget.
 * - `subscribe(listener)` / `getSnapshot()` expose {used, budget, queued, inFlight, holdUntil,
 *   spare} for the header meter; `used` counts requests issued by every tab in the last window.
 * - Background work (batch tracking, result gathering) takes what people leave: a background
 *   request goes out only while fewer than `budget - reserve` requests of all tabs are in the
 *   window, so `reserve` (20 of 100) always stays for clicks and on-screen reads, and
 *   `backgroundIntervalMs()` is the pace at which background work spreads its share over a window.
 *
 * Design
 * - The budget is a sliding window of issue timestamps, shared with the other tabs of the same
 *   scope over a BroadcastChannel ('issued' and 'hold' messages; a new tab asks for the history).
 *   Without BroadcastChannel each tab simply keeps its own budget.
 * - A 429 storm causes one backoff: 429s of requests sent before the hold began do not lengthen
 *   it, and after the hold a single probe request goes first; the rest follow only once it
 *   succeeds, so the queue never stampedes the server.
 * - Time, timers, randomness and the channel are injected so the unit tests run on a fake clock.
 */

export type Priority = 'user' | 'visible' | 'background';

const RANK: Record<Priority, number> = { user: 0, visible: 1, background: 2 };

export interface SchedulerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The part of BroadcastChannel the scheduler uses, so tests can pass a fake one. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

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

interface ResponseLike {
  status: number;
  headers: { get(name: string): string | null };
}

interface Task {
  rank: number;
  seq: number;
  attempts: number;
  issuedAt: number;
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

type Message =
  | { type: 'issued'; key: string; at: number }
  | { type: 'hold'; until: number }
  | { type: 'sync-request'; from: string }
  | { type: 'sync'; stamps: { key: string; at: number }[] };

const realClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const isResponseLike = (value: unknown): value is ResponseLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ResponseLike).status === 'number' &&
  typeof (value as ResponseLike).headers?.get === 'function';

const headerNumber = (res: ResponseLike, name: string): number | undefined => {
  const raw = res.headers.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

const abortError = (): Error => {
  const e = new Error('The request was cancelled.');
  e.name = 'AbortError';
  return e;
};

export class RequestScheduler {
  private budget: number;
  private readonly windowMs: number;
  private readonly maxInFlight: number;
  private readonly maxRetries: number;
  private readonly reserve: number;
  private readonly marginMs: number;
  private readonly clock: SchedulerClock;
  private readonly random: () => number;
  private readonly tabId: string;
  private channel: ChannelLike | null = null;

  /** Issue timestamps of every tab in this scope, keyed so a stamp heard twice counts once. */
  private stamps = new Map<string, number>();
  private queue: Task[] = [];
  private inFlight = 0;
  private seq = 0;
  private stampSeq = 0;
  private holdUntil = 0;
  private holdStartedAt = -Infinity;
  /** After a 429, one request at a time until one gets through. */
  private probing = false;
  private backoffLevel = 0;
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
    this.random = options.random ?? Math.random;
    this.tabId = options.tabId ?? Math.random().toString(36).slice(2);
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
    if (this.channel) {
      this.channel.removeEventListener('message', this.onMessage);
      this.channel.close();
    }
    this.stamps.clear();
    this.channel = channel;
    if (channel) {
      channel.addEventListener('message', this.onMessage);
      this.post({ type: 'sync-request', from: this.tabId });
    }
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
    // Keeps the queue sorted by priority, then by arrival, so a retried task keeps its place.
    const at = this.queue.findIndex((t) => t.rank > task.rank || (t.rank === task.rank && t.seq > task.seq));
    if (at < 0) this.queue.push(task);
    else this.queue.splice(at, 0, task);
    this.changed();
  }

  private pump = (): void => {
    for (;;) {
      if (this.queue.length === 0) break;
      const now = this.clock.now();
      if (this.holdUntil > now) {
        this.wakeAt(this.holdUntil);
        break;
      }
      if (this.inFlight >= (this.probing ? 1 : this.maxInFlight)) break;
      const oldest = this.prune(now);
      if (this.stamps.size >= this.budget) {
        this.wakeAt(oldest + this.windowMs + this.marginMs);
        break;
      }
      // The queue is sorted by priority: a background task at its head means only background work waits.
      const limit = this.queue[0]!.rank === RANK.background ? this.backgroundBudget() : this.budget;
      if (this.stamps.size >= limit) {
        const times = [...this.stamps.values()].sort((a, b) => a - b);
        this.wakeAt(times[this.stamps.size - limit]! + this.windowMs + this.marginMs);
        break;
      }
      const task = this.queue.shift()!;
      this.issue(task, now);
    }
    this.changed();
  };

  private issue(task: Task, now: number): void {
    const key = `${this.tabId}:${this.stampSeq++}`;
    this.stamps.set(key, now);
    this.post({ type: 'issued', key, at: now });
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
        this.finish(task);
        task.reject(error);
        this.pump();
      },
    );
  }

  private settle(task: Task, value: unknown): void {
    this.inFlight--;
    if (isResponseLike(value)) {
      const now = this.clock.now();
      if (value.status === 429) {
        // Only a request sent after the current backoff began is evidence that it was too short.
        if (task.issuedAt > this.holdStartedAt) this.backoffLevel++;
        const told = headerNumber(value, 'retry-after') ?? headerNumber(value, 'ratelimit-reset');
        const seconds = told ?? Math.min(60, 2 ** this.backoffLevel) * (0.75 + this.random() * 0.5);
        this.hold(now + seconds * 1000, now);
        this.probing = true;
        if (task.attempts <= this.maxRetries && !task.signal?.aborted) {
          this.enqueue(task);
          this.pump();
          return;
        }
      } else {
        this.probing = false;
        this.backoffLevel = 0;
        const remaining = headerNumber(value, 'ratelimit-remaining');
        const reset = headerNumber(value, 'ratelimit-reset');
        if (remaining === 0 && reset !== undefined && reset > 0) this.hold(now + reset * 1000, now);
      }
    }
    this.finish(task);
    task.resolve(value);
    this.pump();
  }

  private finish(task: Task): void {
    if (task.signal && task.onAbort) task.signal.removeEventListener('abort', task.onAbort);
  }

  private hold(until: number, now: number, broadcast = true): void {
    if (until <= this.holdUntil) return;
    if (this.holdUntil <= now) this.holdStartedAt = now;
    this.holdUntil = until;
    if (broadcast) this.post({ type: 'hold', until });
    this.changed();
  }

  /** Drops stamps older than the window; returns the oldest remaining one. */
  private prune(now: number): number {
    let oldest = Infinity;
    for (const [key, at] of this.stamps) {
      if (at <= now - this.windowMs - this.marginMs) this.stamps.delete(key);
      else if (at < oldest) oldest = at;
    }
    return oldest;
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

  private post(message: Message): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed or broken channel only costs the cross-tab sharing, never the request.
    }
  }

  private onMessage = (event: { data: unknown }): void => {
    const message = event.data as Message | null;
    if (!message || typeof message !== 'object') return;
    const now = this.clock.now();
    switch (message.type) {
      case 'issued':
        this.stamps.set(message.key, message.at);
        break;
      case 'hold':
        this.hold(message.until, now, false);
        this.probing = true;
        break;
      case 'sync-request': {
        this.prune(now);
        const stamps = [...this.stamps].map(([key, at]) => ({ key, at }));
        this.post({ type: 'sync', stamps });
        if (this.holdUntil > now) this.post({ type: 'hold', until: this.holdUntil });
        break;
      }
      case 'sync':
        for (const { key, at } of message.stamps) this.stamps.set(key, at);
        break;
      default:
        return;
    }
    this.changed();
    this.pump();
  };

  private computeSnapshot(): BudgetSnapshot {
    const now = this.clock.now();
    let used = 0;
    for (const at of this.stamps.values()) if (at > now - this.windowMs - this.marginMs) used++;
    return {
      used,
      budget: this.budget,
      queued: this.queue.length,
      inFlight: this.inFlight,
      holdUntil: this.holdUntil > now ? this.holdUntil : null,
      spare: Math.max(0, this.backgroundBudget() - used),
    };
  }

  private changed(): void {
    const next = this.computeSnapshot();
    const prev = this.snapshot;
    if (
      prev.used === next.used &&
      prev.budget === next.budget &&
      prev.queued === next.queued &&
      prev.inFlight === next.inFlight &&
      prev.holdUntil === next.holdUntil &&
      prev.spare === next.spare
    ) {
      return;
    }
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

/** Runs `fn` through the app-wide scheduler. */
export function schedule<T>(priority: Priority, fn: () => Promise<T>, options?: ScheduleOptions): Promise<T> {
  return getScheduler().schedule(priority, fn, options);
}
