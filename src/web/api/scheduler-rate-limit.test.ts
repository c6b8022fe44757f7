import { describe, expect, it } from 'vitest';
import { flush, response, onFakeClock } from './testing/scheduler-fakes';

describe('RequestScheduler under rate limits', () => {
  it('honours Retry-After: a 429 is retried only after the time the server asked for', async () => {
    const { clock, scheduler } = onFakeClock();
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
    const { clock, scheduler } = onFakeClock({ maxInFlight: 1 });
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
    const { clock, scheduler } = onFakeClock({ maxInFlight: 6 });
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
    const { clock, scheduler } = onFakeClock({ maxInFlight: 4 });
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
    const { clock, scheduler } = onFakeClock({ maxRetries: 2, random: () => 0.5 });
    const calls: number[] = [];
    const result = scheduler.schedule('user', async () => {
      calls.push(clock.now());
      return response(429);
    });
    await clock.advance(60_000);
    expect(calls).toEqual([0, 2000, 6000]);
    expect((await result).status).toBe(429);
  });
});
