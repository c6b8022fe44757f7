import { describe, expect, it } from 'vitest';
import type { RequestScheduler } from './scheduler';
import { expectBurst, flush, response, okNotingTime, onFakeClock, tabsOnFakeClock } from './testing/scheduler-fakes';

describe('RequestScheduler across tabs', () => {
  it('shares one budget between two tabs of the same key', async () => {
    const { clock, open } = tabsOnFakeClock();
    const tabA = open('a');
    const tabB = open('b');
    const issued: number[] = [];
    const run = (s: RequestScheduler) => s.schedule('visible', okNotingTime(clock, issued));
    const all = [...Array.from({ length: 80 }, () => run(tabA)), ...Array.from({ length: 80 }, () => run(tabB))];
    await clock.advance(1000);
    expect(tabA.getSnapshot().used).toBe(100);
    expect(tabB.getSnapshot().used).toBe(100);
    await expectBurst(clock, all, issued, { first: 100, budget: 100 });
  });

  it('gives a newly opened tab the history of the tabs already open', async () => {
    const { clock, open } = tabsOnFakeClock({ budget: 10 });
    const tabA = open('a');
    await Promise.all(Array.from({ length: 10 }, () => tabA.schedule('visible', async () => response(200))));
    const tabB = open('b');
    expect(tabB.getSnapshot().used).toBe(10);
    const sentAt: number[] = [];
    const late = tabB.schedule('user', okNotingTime(clock, sentAt));
    await clock.advance(59_999);
    expect(sentAt).toEqual([]);
    await clock.advance(1);
    await late;
    expect(sentAt).toEqual([60_000]);
  });

  it('makes every tab wait when one of them is told to back off', async () => {
    const { clock, open } = tabsOnFakeClock();
    const tabA = open('a');
    const tabB = open('b');
    let first = true;
    const a = tabA.schedule('user', async () => {
      if (first) {
        first = false;
        return response(429, { 'Retry-After': '3' });
      }
      return response(200);
    });
    await flush();
    const bSentAt: number[] = [];
    const b = tabB.schedule('user', okNotingTime(clock, bSentAt));
    await clock.advance(2999);
    expect(bSentAt).toEqual([]);
    await clock.advance(1000);
    await Promise.all([a, b]);
    expect(bSentAt).toEqual([3000]);
  });

  it('keeps working alone when no BroadcastChannel exists', async () => {
    const { scheduler } = onFakeClock({ channel: null, budget: 2 });
    const results = await Promise.all([1, 2].map(() => scheduler.schedule('user', async () => 'ok')));
    expect(results).toEqual(['ok', 'ok']);
    expect(scheduler.getSnapshot()).toMatchObject({ used: 2, budget: 2, queued: 0, inFlight: 0 });
  });

  it('counts the background of every tab against one reserve', async () => {
    const { clock, open } = tabsOnFakeClock({ backgroundReserve: 20 });
    const tabA = open('a');
    const tabB = open('b');
    const issued: number[] = [];
    const run = (s: RequestScheduler, p: 'background' | 'visible') => s.schedule(p, okNotingTime(clock, issued));
    const all = [
      ...Array.from({ length: 30 }, () => run(tabB, 'visible')),
      ...Array.from({ length: 60 }, () => run(tabA, 'background')),
    ];
    await clock.advance(10);
    expect(tabA.getSnapshot().spare).toBe(0);
    expect(tabB.getSnapshot().used).toBe(80);
    // B's 30 reads leave A's background 50 of 100; A's background stops there, 20 short of the budget.
    await expectBurst(clock, all, issued, { first: 80, budget: 100 });
  });
});
