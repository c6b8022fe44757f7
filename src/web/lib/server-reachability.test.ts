import { describe, expect, it } from 'vitest';
import {
  DOWN_PROBE_MS,
  IDLE_PROBE_MS,
  ServerReachability,
  getServerReachability,
  reportingFetch,
  type ReachabilityEnv,
} from './server-reachability';

function fakeEnv(answers: boolean[], visible = { now: true }) {
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
    visible: () => visible.now,
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

  it('goes down when the probe fails and probes again every 1.5 s, counting down to the next', async () => {
    const { env, flush, tick } = fakeEnv([false, false, false, false, false]);
    const r = new ServerReachability(env);
    r.failed('u');
    await flush();
    expect(r.getSnapshot()).toEqual({ down: true, nextProbeAt: DOWN_PROBE_MS });
    const gaps: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = r.getSnapshot().nextProbeAt!;
      await tick();
      gaps.push(r.getSnapshot().nextProbeAt! - before);
    }
    expect(gaps).toEqual([1_500, 1_500, 1_500, 1_500]);
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
    r.answered('u');
    expect(r.getSnapshot().down).toBe(false);
    expect(recovered).toBe(1);
    expect(timers).toHaveLength(0);
    r.answered('u');
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

  it('while watched, probes a visible page that got no answer for 2 s, and only then', async () => {
    const visible = { now: true };
    const { env, probes, tick, timers } = fakeEnv([true, false], visible);
    const r = new ServerReachability(env);
    r.answered('http://h/healthz');
    const stop = r.watch();
    // Nothing asked for 2 s: one probe, 2 s after the last answer; the server answers, nothing shows.
    await tick();
    expect(env.now()).toBe(IDLE_PROBE_MS);
    expect(probes).toEqual(['http://h/healthz']);
    expect(r.getSnapshot().down).toBe(false);
    // A hidden tab does not probe.
    visible.now = false;
    await tick();
    await tick();
    expect(probes).toHaveLength(1);
    // Shown again, the next idle probe finds the server gone: the outage shows within 2 s of it.
    visible.now = true;
    await tick();
    expect(probes).toHaveLength(2);
    expect(r.getSnapshot().down).toBe(true);
    stop();
    // Only the outage's own probe is left once nobody watches.
    expect(timers.map((x) => x.at - env.now())).toEqual([DOWN_PROBE_MS]);
    expect(IDLE_PROBE_MS).toBeLessThanOrEqual(2_000);
  });

  it('records answers once: probes and keyless answers pace the idle probe but do not vouch for the key', async () => {
    const { env, probes, tick } = fakeEnv([true, true, true]);
    const r = new ServerReachability(env);
    r.answered('http://h/healthz', true);
    expect(r.lastKeyedAnswerAt).toBe(0);
    const stop = r.watch();
    await tick();
    await tick();
    // The idle probes answered at 2 s and 4 s: no probe sooner than 2 s after an answer, and the key's record stays.
    expect(env.now()).toBe(2 * IDLE_PROBE_MS);
    expect(probes).toHaveLength(2);
    r.answered('http://h/healthz');
    expect(r.lastKeyedAnswerAt).toBe(0);
    await tick();
    expect(env.now()).toBe(3 * IDLE_PROBE_MS);
    expect(probes).toHaveLength(3);
    stop();
  });
});

describe('reportingFetch', () => {
  it('records an answer to a call with the key as one, and a public read as an answer only', async () => {
    const answer = () => Promise.resolve(new Response('{}', { status: 401 }));
    const report = reportingFetch('http://h/healthz', answer);
    const before = getServerReachability().lastKeyedAnswerAt;
    await report('http://h/api/v1/openapi.json');
    expect(getServerReachability().lastKeyedAnswerAt).toBe(before);
    await report(new Request('http://h/api/v1/workflows', { headers: { 'x-api-key': 'k' } }));
    expect(getServerReachability().lastKeyedAnswerAt).toBeGreaterThan(before);
  });
});
