import { describe, expect, it } from 'vitest';
import { RequestScheduler, type ChannelLike, type SchedulerClock } from './scheduler';

/** A manual clock: timers fire only when the test advances time. */
class FakeClock implements SchedulerClock {
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

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

const response = (status: number, headers: Record<string, string> = {}) => ({
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
const maxInWindow = (times: number[], windowMs: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j < sorted.length && sorted[j]! < sorted[i]! + windowMs) j++;
    best = Math.max(best, j - i);
  }
  return best;
};

describe('RequestScheduler', () => {
  it('keeps a burst of 150 requests to at most 100 in any 60 s window and still runs them all', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock, budget: 100 });
    const issued: number[] = [];
    const done = Array.from({ length: 150 }, () =>
      scheduler.schedule('visible', async () => {
        issued.push(clock.now());
        return response(200);
      }),
    );
    await clock.advance(1000);
    expect(issued).toHaveLength(100);
    expect(scheduler.getSnapshot().used).toBe(100);
    expect(scheduler.getSnapshot().queued).toBe(50);
    await clock.advance(120_000);
    await Promise.all(done);
    expect(issued).toHaveLength(150);
    expect(maxInWindow(issued, 60_000)).toBeLessThanOrEqual(100);
    expect(Math.min(...issued.slice(100))).toBeGreaterThanOrEqual(60_000);
  });

  it('runs user actions before visible reads before background work', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock, maxInFlight: 1 });
    const order: string[] = [];
    let release!: () => void;
    const first = scheduler.schedule('background', () => {
      order.push('first');
      return new Promise((resolve) => (release = () => resolve(response(200))));
    });
    const later = (['background', 'visible', 'user', 'visible'] as const).map((p, i) =>
      scheduler.schedule(p, async () => {
        order.push(`${p}-${i}`);
        return response(200);
      }),
    );
    await flush();
    expect(order).toEqual(['first']);
    release();
    await Promise.all([first, ...later]);
    expect(order).toEqual(['first', 'user-2', 'visible-1', 'visible-3', 'background-0']);
  });

  it('honours Retry-After: a 429 is retried only after the time the server asked for', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock });
    const calls: number[] = [];
    const result = scheduler.schedule('user', async () => {
      calls.push(clock.now());
      return calls.length === 1 ? response(429, { 'Retry-After': '5' }) : response(200);
    });
    await clock.advance(4999);
    expect(calls).toEqual([0]);
    expect(scheduler.getSnapshot().holdUntil).toBe(5000);
    await clock.advance(1);
    expect((await result).status).toBe(200);
    expect(calls).toEqual([0, 5000]);
  });

  it('holds everything until RateLimit-Reset when the server reports no requests remaining', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock, maxInFlight: 1 });
    const calls: number[] = [];
    const fn = async () => {
      calls.push(clock.now());
      return response(200, { 'RateLimit-Remaining': calls.length === 1 ? '0' : '50', 'RateLimit-Reset': '7' });
    };
    const a = scheduler.schedule('visible', fn);
    const b = scheduler.schedule('visible', fn);
    await clock.advance(6000);
    expect(calls).toEqual([0]);
    await clock.advance(2000);
    await Promise.all([a, b]);
    expect(calls).toEqual([0, 7000]);
  });

  it('answers a 429 storm with one backoff and a single probe, not a thundering herd', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock, maxInFlight: 6 });
    const calls: number[] = [];
    let inFlight = 0;
    let maxInFlightAfterStorm = 0;
    const server = () =>
      new Promise<ReturnType<typeof response>>((resolve) => {
        const sentAt = clock.now();
        calls.push(sentAt);
        inFlight++;
        if (sentAt >= 10_000 && sentAt < 10_100) maxInFlightAfterStorm = Math.max(maxInFlightAfterStorm, inFlight);
        clock.setTimeout(() => {
          inFlight--;
          resolve(sentAt < 10_000 ? response(429, { 'Retry-After': '10' }) : response(200));
        }, 100);
      });
    const results = Array.from({ length: 20 }, () => scheduler.schedule('visible', server));
    await clock.advance(9_000);
    // Only the six already in flight met the storm; nothing more was sent into it.
    expect(calls).toHaveLength(6);
    expect(scheduler.getSnapshot().holdUntil).toBe(10_100);
    await clock.advance(1_099);
    expect(calls).toHaveLength(6);
    await clock.advance(1);
    expect(calls).toHaveLength(7);
    await clock.advance(50);
    expect(calls).toHaveLength(7);
    await clock.advance(10_000);
    const statuses = (await Promise.all(results)).map((r) => r.status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(calls).toHaveLength(26);
    expect(maxInFlightAfterStorm).toBe(0);
    expect(scheduler.getSnapshot().holdUntil).toBeNull();
  });

  it('recovers after a storm: the next requests go out at once at full parallelism', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock, maxInFlight: 4 });
    let stormOver = false;
    const first = scheduler.schedule('user', async () =>
      stormOver ? response(200) : response(429, { 'Retry-After': '2' }),
    );
    await clock.advance(100);
    stormOver = true;
    await clock.advance(2000);
    expect((await first).status).toBe(200);
    let concurrent = 0;
    let peak = 0;
    const later = Array.from({ length: 8 }, () =>
      scheduler.schedule('visible', async () => {
        concurrent++;
        peak = Math.max(peak, concurrent);
        await flush();
        concurrent--;
        return response(200);
      }),
    );
    await Promise.all(later);
    expect(peak).toBe(4);
    expect(scheduler.getSnapshot().holdUntil).toBeNull();
  });

  it('backs off exponentially with jitter when a 429 carries no Retry-After, and hands the 429 back after maxRetries', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock, maxRetries: 2, random: () => 0.5 });
    const calls: number[] = [];
    const result = scheduler.schedule('user', async () => {
      calls.push(clock.now());
      return response(429);
    });
    await clock.advance(60_000);
    expect(calls).toEqual([0, 2000, 6000]);
    expect((await result).status).toBe(429);
  });

  it('drops a queued request whose signal aborts without ever sending it', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock, budget: 1 });
    await scheduler.schedule('user', async () => response(200));
    const controller = new AbortController();
    let sent = false;
    const pending = scheduler.schedule(
      'visible',
      async () => {
        sent = true;
        return response(200);
      },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await clock.advance(120_000);
    expect(sent).toBe(false);
  });

  it('shares one budget between two tabs of the same key', async () => {
    const clock = new FakeClock();
    const hub = new FakeHub();
    const tabA = new RequestScheduler({ clock, channel: hub.open(), tabId: 'a' });
    const tabB = new RequestScheduler({ clock, channel: hub.open(), tabId: 'b' });
    const issued: number[] = [];
    const run = (s: RequestScheduler) =>
      s.schedule('visible', async () => {
        issued.push(clock.now());
        return response(200);
      });
    const all = [...Array.from({ length: 80 }, () => run(tabA)), ...Array.from({ length: 80 }, () => run(tabB))];
    await clock.advance(1000);
    expect(issued).toHaveLength(100);
    expect(tabA.getSnapshot().used).toBe(100);
    expect(tabB.getSnapshot().used).toBe(100);
    await clock.advance(120_000);
    await Promise.all(all);
    expect(issued).toHaveLength(160);
    expect(maxInWindow(issued, 60_000)).toBeLessThanOrEqual(100);
  });

  it('gives a newly opened tab the history of the tabs already open', async () => {
    const clock = new FakeClock();
    const hub = new FakeHub();
    const tabA = new RequestScheduler({ clock, channel: hub.open(), tabId: 'a', budget: 10 });
    await Promise.all(Array.from({ length: 10 }, () => tabA.schedule('visible', async () => response(200))));
    const tabB = new RequestScheduler({ clock, channel: hub.open(), tabId: 'b', budget: 10 });
    expect(tabB.getSnapshot().used).toBe(10);
    let sentAt = -1;
    const late = tabB.schedule('user', async () => {
      sentAt = clock.now();
      return response(200);
    });
    await clock.advance(59_999);
    expect(sentAt).toBe(-1);
    await clock.advance(1);
    await late;
    expect(sentAt).toBe(60_000);
  });

  it('makes every tab wait when one of them is told to back off', async () => {
    const clock = new FakeClock();
    const hub = new FakeHub();
    const tabA = new RequestScheduler({ clock, channel: hub.open(), tabId: 'a' });
    const tabB = new RequestScheduler({ clock, channel: hub.open(), tabId: 'b' });
    let first = true;
    const a = tabA.schedule('user', async () => {
      if (first) {
        first = false;
        return response(429, { 'Retry-After': '3' });
      }
      return response(200);
    });
    await flush();
    let bSentAt = -1;
    const b = tabB.schedule('user', async () => {
      bSentAt = clock.now();
      return response(200);
    });
    await clock.advance(2999);
    expect(bSentAt).toBe(-1);
    await clock.advance(1000);
    await Promise.all([a, b]);
    expect(bSentAt).toBe(3000);
  });

  it('keeps working alone when no BroadcastChannel exists', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock, channel: null, budget: 2 });
    const results = await Promise.all([1, 2].map(() => scheduler.schedule('user', async () => 'ok')));
    expect(results).toEqual(['ok', 'ok']);
    expect(scheduler.getSnapshot()).toMatchObject({ used: 2, budget: 2, queued: 0, inFlight: 0 });
  });

  it('notifies subscribers when the budget in use changes', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock });
    let notified = 0;
    scheduler.subscribe(() => notified++);
    await scheduler.schedule('user', async () => response(200));
    expect(notified).toBeGreaterThan(0);
    expect(scheduler.getSnapshot().used).toBe(1);
    await clock.advance(60_000);
    scheduler.refresh();
    expect(scheduler.getSnapshot().used).toBe(0);
  });
  it('keeps the reserve for people: background work stops at budget − reserve, a click still goes out', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock, budget: 100, backgroundReserve: 20, channel: null });
    const background: number[] = [];
    const all = Array.from({ length: 100 }, () =>
      scheduler.schedule('background', async () => {
        background.push(clock.now());
        return response(200);
      }),
    );
    await clock.advance(1000);
    expect(background).toHaveLength(80);
    expect(scheduler.getSnapshot()).toMatchObject({ used: 80, spare: 0 });
    let clickedAt = -1;
    await scheduler.schedule('user', async () => {
      clickedAt = clock.now();
      return response(200);
    });
    expect(clickedAt).toBe(1000);
    await clock.advance(60_000);
    await Promise.all(all);
    expect(background).toHaveLength(100);
    expect(maxInWindow(background, 60_000)).toBeLessThanOrEqual(80);
    expect(scheduler.backgroundIntervalMs()).toBe(750);
  });

  it('counts the background of every tab against one reserve', async () => {
    const clock = new FakeClock();
    const hub = new FakeHub();
    const tabA = new RequestScheduler({ clock, channel: hub.open(), tabId: 'a', backgroundReserve: 20 });
    const tabB = new RequestScheduler({ clock, channel: hub.open(), tabId: 'b', backgroundReserve: 20 });
    const issued: number[] = [];
    const run = (s: RequestScheduler, p: 'background' | 'visible') =>
      s.schedule(p, async () => {
        issued.push(clock.now());
        return response(200);
      });
    const all = [
      ...Array.from({ length: 30 }, () => run(tabB, 'visible')),
      ...Array.from({ length: 60 }, () => run(tabA, 'background')),
    ];
    await clock.advance(10);
    // B's 30 reads leave A's background 50 of 100; A's background stops there, 20 short of the budget.
    expect(issued).toHaveLength(80);
    expect(tabA.getSnapshot().spare).toBe(0);
    expect(tabB.getSnapshot().used).toBe(80);
    await clock.advance(120_000);
    await Promise.all(all);
    expect(issued).toHaveLength(90);
    expect(Math.min(...issued.slice(80))).toBeGreaterThanOrEqual(60_000);
  });

  it('counts a request for the margin after the window, so arrival jitter cannot overfill a server window', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock, budget: 2, windowMarginMs: 1000, channel: null });
    const issued: number[] = [];
    const all = Array.from({ length: 3 }, () =>
      scheduler.schedule('user', async () => {
        issued.push(clock.now());
        return response(200);
      }),
    );
    await clock.advance(60_500);
    expect(issued).toEqual([0, 0]);
    await clock.advance(500);
    await Promise.all(all);
    expect(issued).toEqual([0, 0, 61_000]);
  });
});
