import { describe, expect, it } from 'vitest';
import { BACKGROUND_CHECK_MS, MIN_CHECK_GAP_MS, RETURN_GRACE_MS, startKeyCheckTimer } from './key-check-timer';

const MINUTE = 60_000;

/** A page on fake time: its key checks answer at once, its own polls (if any) every `pollMs`. */
function fakePage({ pollMs = null as number | null } = {}) {
  let now = 1_000_000;
  let lastKeyed = -Infinity;
  let visible = true;
  const timers: { at: number; fn: () => void }[] = [];
  const returnListeners = new Set<() => void>();
  const checks: number[] = [];
  const keyed: number[] = [];
  const answer = () => {
    lastKeyed = now;
    keyed.push(now);
  };
  const stop = startKeyCheckTimer({
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
    visible: () => visible,
    lastKeyedAnswerAt: () => lastKeyed,
    check: () => {
      checks.push(now);
      answer();
    },
    onReturn: (fn) => {
      returnListeners.add(fn);
      return () => returnListeners.delete(fn);
    },
  });
  let nextPoll = pollMs === null ? Infinity : now + pollMs;
  /** Runs the page for `ms`: its timers and its own polls, in order. */
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const timer = timers[0];
      const at = Math.min(timer?.at ?? Infinity, nextPoll);
      if (at > end) break;
      now = at;
      if (at === nextPoll) {
        if (visible) answer();
        nextPoll += pollMs!;
      } else {
        timers.shift();
        timer!.fn();
      }
    }
    now = end;
  };
  return {
    advance,
    checks,
    keyed,
    timers,
    stop,
    answer,
    now: () => now,
    hide: () => (visible = false),
    comeBack: () => {
      visible = true;
      for (const fn of returnListeners) fn();
    },
  };
}

describe('the key check timer', () => {
  it('spends at most 3 requests a minute on an idle page that asks nothing itself', () => {
    const page = fakePage();
    page.advance(10 * MINUTE);
    expect(page.checks.length / 10).toBeLessThanOrEqual(3);
    // Still watching: a revocation is noticed within a minute of any moment.
    const gaps = page.checks.slice(1).map((at, i) => at - page.checks[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(MINUTE);
    expect(page.checks.length).toBeGreaterThanOrEqual(10);
  });

  it('sends nothing on a page whose own polling answers every 30 s', () => {
    const page = fakePage({ pollMs: 30_000 });
    page.advance(10 * MINUTE);
    expect(page.checks).toEqual([]);
  });

  it('sends nothing within the first 45 s: the page’s first requests are answers enough', () => {
    const page = fakePage();
    page.advance(BACKGROUND_CHECK_MS - 1);
    expect(page.checks).toEqual([]);
    page.advance(1);
    expect(page.checks).toHaveLength(1);
  });

  it('checks nothing on a hidden tab, and checks once when the person comes back', () => {
    const page = fakePage();
    page.hide();
    page.advance(10 * MINUTE);
    expect(page.checks).toEqual([]);
    const back = page.now();
    page.comeBack();
    page.advance(RETURN_GRACE_MS);
    expect(page.checks).toEqual([back + RETURN_GRACE_MS]);
  });

  it('leaves the return to the page’s own refresh when it answers in time', () => {
    const page = fakePage();
    page.advance(MINUTE);
    const before = page.checks.length;
    page.comeBack();
    page.advance(RETURN_GRACE_MS / 2);
    page.answer();
    page.advance(RETURN_GRACE_MS);
    expect(page.checks).toHaveLength(before);
  });

  it('sends at most one check per 10 s however often the person switches tabs', () => {
    const page = fakePage();
    page.advance(MINUTE);
    const start = page.checks.length;
    for (let i = 0; i < 60; i++) {
      page.comeBack();
      page.advance(1_000);
    }
    const sent = page.checks.length - start;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(MINUTE / MIN_CHECK_GAP_MS);
  });

  it('stops every timer and listener when stopped', () => {
    const page = fakePage();
    page.comeBack();
    page.stop();
    expect(page.timers).toEqual([]);
    page.comeBack();
    page.advance(10 * MINUTE);
    expect(page.checks).toEqual([]);
  });
});
