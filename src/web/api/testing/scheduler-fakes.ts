/** Fakes for the scheduler's tests: a manual clock, a BroadcastChannel hub, and a window counter. */
import { expect } from 'vitest';
import { RequestScheduler, type ChannelLike, type SchedulerClock, type SchedulerOptions } from '../scheduler';

/** A manual clock: timers fire only when the test advances time. */
export class FakeClock implements SchedulerClock {
  private t = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  private nextId = 1;
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.t + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** Moves time forward, firing due timers in order and letting promises settle after each. */
  async advance(ms: number): Promise<void> {
    const target = this.t + ms;
    await flush();
    for (;;) {
      let nextId = -1;
      let next: { at: number; fn: () => void } | undefined;
      for (const [id, timer] of this.timers) {
        if (timer.at <= target && (!next || timer.at < next.at)) {
          next = timer;
          nextId = id;
        }
      }
      if (!next) break;
      this.timers.delete(nextId);
      this.t = Math.max(this.t, next.at);
      next.fn();
      await flush();
    }
    this.t = target;
    await flush();
  }
}

export const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

export const response = (status: number, headers: Record<string, string> = {}) => ({
  status,
  headers: new Headers(headers),
});

/** Synchronous BroadcastChannel stand-in: a message reaches every other member of the hub. */
class FakeHub {
  members = new Set<FakeChannel>();
  open(): FakeChannel {
    const channel = new FakeChannel(this);
    this.members.add(channel);
    return channel;
  }
}
class FakeChannel implements ChannelLike {
  private listeners = new Set<(event: { data: unknown }) => void>();
  constructor(private hub: FakeHub) {}
  postMessage(message: unknown): void {
    for (const member of this.hub.members) {
      if (member !== this) for (const l of member.listeners) l({ data: structuredClone(message) });
    }
  }
  addEventListener(_type: 'message', listener: (event: { data: unknown }) => void): void {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'message', listener: (event: { data: unknown }) => void): void {
    this.listeners.delete(listener);
  }
  close(): void {
    this.hub.members.delete(this);
  }
}

/** The largest number of timestamps inside any window of `windowMs`. */
export const maxInWindow = (times: number[], windowMs: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j < sorted.length && sorted[j]! < sorted[i]! + windowMs) j++;
    best = Math.max(best, j - i);
  }
  return best;
};

/**
 * Checks a burst larger than one window allows: `first` requests have gone out so far; once two
 * windows pass the rest have gone, none before the second window, and no 60 s window held more
 * than `budget`.
 */
export async function expectBurst(
  clock: FakeClock,
  pending: Promise<unknown>[],
  sentAt: number[],
  { first, budget }: { first: number; budget: number },
) {
  expect(sentAt).toHaveLength(first);
  await clock.advance(120_000);
  await Promise.all(pending);
  expect(sentAt).toHaveLength(pending.length);
  expect(maxInWindow(sentAt, 60_000)).toBeLessThanOrEqual(budget);
  expect(Math.min(...sentAt.slice(first))).toBeGreaterThanOrEqual(60_000);
}

/** A request that answers 200 and notes, in `sentAt`, the fake time it went out. */
export const okNotingTime = (clock: FakeClock, sentAt: number[]) => async () => {
  sentAt.push(clock.now());
  return response(200);
};

/** A scheduler on a fresh fake clock. */
export function onFakeClock(options: Omit<SchedulerOptions, 'clock'> = {}) {
  const clock = new FakeClock();
  return { clock, scheduler: new RequestScheduler({ clock, ...options }) };
}

/** Tabs of one key on a fresh fake clock: `open` starts a tab's scheduler on a shared channel hub. */
export function tabsOnFakeClock(options: Omit<SchedulerOptions, 'clock' | 'channel' | 'tabId'> = {}) {
  const clock = new FakeClock();
  const hub = new FakeHub();
  const open = (tabId: string) => new RequestScheduler({ clock, channel: hub.open(), tabId, ...options });
  return { clock, open };
}
