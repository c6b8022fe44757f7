import { describe, expect, it } from 'vitest';
import { ServerReachability, probeDelayMs, type ReachabilityEnv } from './server-reachability';

function fakeEnv(answers: boolean[]) {
  let now = 0;
  const timers: { at: number; fn: () => void }[] = [];
  const probes: string[] = [];
  const env: ReachabilityEnv = {
    probe: (url) => {
      probes.push(url);
      return Promise.resolve(answers.shift() ?? false);
    },
    now: () => now,
    setTimeout: (fn, ms) => {
      const timer = { at: now + ms, fn };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      const i = timers.indexOf(handle as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Moves the clock to the next timer and runs it. */
  const tick = async () => {
    timers.sort((a, b) => a.at - b.at);
    const next = timers.shift();
    if (!next) throw new Error('no timer pending');
    now = next.at;
    next.fn();
    await flush();
  };
  return { env, probes, flush, tick, timers };
}

describe('ServerReachability', () => {
  it('does not call a failure an outage when the probe finds the server answering', async () => {
    const { env, probes, flush } = fakeEnv([true]);
    const r = new ServerReachability(env);
    r.failed('http://h/api/v1/openapi.json');
    await flush();
    expect(probes).toEqual(['http://h/api/v1/openapi.json']);
    expect(r.getSnapshot().down).toBe(false);
  });

  it('goes down when the probe fails, counts down to the next probe and backs off to every 10 s', async () => {
    const { env, flush, tick } = fakeEnv([false, false, false, false, false]);
    const r = new ServerReachability(env);
    r.failed('u');
    await flush();
    expect(r.getSnapshot()).toEqual({ down: true, nextProbeAt: 2_000 });
    const gaps: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = r.getSnapshot().nextProbeAt!;
      await tick();
      gaps.push(r.getSnapshot().nextProbeAt! - before);
    }
    expect(gaps).toEqual([4_000, 8_000, 10_000, 10_000]);
    expect([1, 2, 3, 4, 9].map(probeDelayMs)).toEqual([2_000, 4_000, 8_000, 10_000, 10_000]);
  });

  it('recovers on the first successful probe and tells the recovery listeners once', async () => {
    const { env, flush, tick, timers } = fakeEnv([false, false, true]);
    const r = new ServerReachability(env);
    let recovered = 0;
    r.onRecovered(() => recovered++);
    r.failed('u');
    await flush();
    await tick();
    expect(r.getSnapshot().down).toBe(true);
    await tick();
    expect(r.getSnapshot()).toEqual({ down: false, nextProbeAt: null });
    expect(recovered).toBe(1);
    expect(timers).toHaveLength(0);
  });

  it('recovers at once when any request gets an answer, cancelling the pending probe', async () => {
    const { env, flush, timers } = fakeEnv([false]);
    const r = new ServerReachability(env);
    let recovered = 0;
    r.onRecovered(() => recovered++);
    r.failed('u');
    await flush();
    r.failed('u');
    r.answered();
    expect(r.getSnapshot().down).toBe(false);
    expect(recovered).toBe(1);
    expect(timers).toHaveLength(0);
    r.answered();
    expect(recovered).toBe(1);
  });

  it('runs one probe for many failures at once', async () => {
    const { env, probes, flush } = fakeEnv([false]);
    const r = new ServerReachability(env);
    for (let i = 0; i < 5; i++) r.failed('u');
    await flush();
    r.failed('u');
    expect(probes).toHaveLength(1);
  });
});
