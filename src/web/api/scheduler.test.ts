import { describe, expect, it } from 'vitest';
import { expectBurst, flush, response, maxInWindow, okNotingTime, onFakeClock } from './testing/scheduler-fakes';

describe('RequestScheduler', () => {
  it('keeps a burst of 150 requests to at most 100 in any 60 s window and still runs them all', async () => {
    const { clock, scheduler } = onFakeClock({ budget: 100 });
    const issued: number[] = [];
    const done = Array.from({ length: 150 }, () => scheduler.schedule('visible', okNotingTime(clock, issued)));
    await clock.advance(1000);
    expect(scheduler.getSnapshot().used).toBe(100);
    expect(scheduler.getSnapshot().queued).toBe(50);
    await expectBurst(clock, done, issued, { first: 100, budget: 100 });
  });

  it('runs user actions before visible reads before background work', async () => {
    const { scheduler } = onFakeClock({ maxInFlight: 1 });
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

  it('drops a queued request whose signal aborts without ever sending it', async () => {
    const { clock, scheduler } = onFakeClock({ budget: 1 });
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

  it('notifies subscribers when the budget in use changes', async () => {
    const { clock, scheduler } = onFakeClock();
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
    const { clock, scheduler } = onFakeClock({ budget: 100, backgroundReserve: 20, channel: null });
    const background: number[] = [];
    const all = Array.from({ length: 100 }, () => scheduler.schedule('background', okNotingTime(clock, background)));
    await clock.advance(1000);
    expect(background).toHaveLength(80);
    expect(scheduler.getSnapshot()).toMatchObject({ used: 80, spare: 0 });
    const clickedAt: number[] = [];
    await scheduler.schedule('user', okNotingTime(clock, clickedAt));
    expect(clickedAt).toEqual([1000]);
    await clock.advance(60_000);
    await Promise.all(all);
    expect(background).toHaveLength(100);
    expect(maxInWindow(background, 60_000)).toBeLessThanOrEqual(80);
    expect(scheduler.backgroundIntervalMs()).toBe(750);
  });

  it('counts a request for the margin after the window, so arrival jitter cannot overfill a server window', async () => {
    const { clock, scheduler } = onFakeClock({ budget: 2, windowMarginMs: 1000, channel: null });
    const issued: number[] = [];
    const all = Array.from({ length: 3 }, () => scheduler.schedule('user', okNotingTime(clock, issued)));
    await clock.advance(60_500);
    expect(issued).toEqual([0, 0]);
    await clock.advance(500);
    await Promise.all(all);
    expect(issued).toEqual([0, 0, 61_000]);
  });

  it('gives back the budget of requests that got no answer, so retries during an outage spend none of it', async () => {
    const { scheduler } = onFakeClock({ budget: 100, channel: null });
    await scheduler.schedule('visible', async () => response(200));
    const unreachable = () => scheduler.schedule('visible', () => Promise.reject(new TypeError('Failed to fetch')));
    for (let i = 0; i < 5; i++) await expect(unreachable()).rejects.toBeInstanceOf(TypeError);
    expect(scheduler.getSnapshot().used).toBe(1);
    // An answer of any status counts, as the server counted it.
    await scheduler.schedule('visible', async () => response(500));
    expect(scheduler.getSnapshot().used).toBe(2);
  });
});
