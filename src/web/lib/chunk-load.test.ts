import { describe, expect, it, vi } from 'vitest';
import {
  ChunkUnavailableError,
  MAX_PRESENT_RETRIES,
  RELOAD_GUARD_MS,
  chunkFailureAction,
  chunkUrlOf,
  importWithRetry,
  isChunkLoadError,
  retryDelayMs,
  sharedProbe,
  type ChunkEnv,
  type ChunkProbe,
} from './chunk-load';

const chunkError = (url = 'http://127.0.0.1:8080/assets/toast-list-abc123.js') =>
  new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe('chunkFailureAction', () => {
  it('reloads when the chunk answers 404 and the tab has not reloaded for it yet', () => {
    expect(chunkFailureAction({ attempt: 1, probe: { kind: 'missing' }, lastReloadAt: null, now: 1_000_000 })).toEqual({
      do: 'reload',
    });
  });

  it('fails instead of reloading again when the last reload for a missing chunk was within the guard', () => {
    const now = 1_000_000;
    expect(chunkFailureAction({ attempt: 1, probe: { kind: 'missing' }, lastReloadAt: now - 5_000, now })).toEqual({
      do: 'fail',
      reason: 'reloaded',
    });
  });

  it('reloads again for a later redeploy, once the guard has passed', () => {
    const now = 1_000_000;
    expect(
      chunkFailureAction({ attempt: 1, probe: { kind: 'missing' }, lastReloadAt: now - RELOAD_GUARD_MS, now }),
    ).toEqual({ do: 'reload' });
  });

  it('keeps retrying with capped backoff while the server is unreachable, however long it takes', () => {
    const delays = [1, 2, 3, 4, 5, 6, 50].map((attempt) =>
      chunkFailureAction({ attempt, probe: { kind: 'unreachable' }, lastReloadAt: null, now: 0 }),
    );
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000].map((delayMs) => ({ do: 'retry', delayMs })));
  });

  it('reloads after a few retries when the chunk answers but will not load, and gives up within the guard', () => {
    const now = 1_000_000;
    const at = (attempt: number, lastReloadAt: number | null = null) =>
      chunkFailureAction({ attempt, probe: { kind: 'present' }, lastReloadAt, now });
    expect(at(MAX_PRESENT_RETRIES).do).toBe('retry');
    expect(at(MAX_PRESENT_RETRIES + 1)).toEqual({ do: 'reload' });
    expect(at(MAX_PRESENT_RETRIES + 1, now - 5_000)).toEqual({ do: 'fail', reason: 'gave-up' });
  });

  it('doubles the delay from half a second', () => {
    expect([retryDelayMs(1), retryDelayMs(2), retryDelayMs(3)]).toEqual([500, 1000, 2000]);
  });
});

describe('chunk errors', () => {
  it('tells a failed chunk load from an error thrown by the module', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('x is not a function'))).toBe(false);
  });

  it('reads the chunk URL out of the browser message', () => {
    expect(chunkUrlOf(chunkError())).toBe('http://127.0.0.1:8080/assets/toast-list-abc123.js');
    expect(chunkUrlOf(new TypeError('Importing a module script failed.'))).toBeNull();
  });
});

function fakeEnv(probes: ChunkProbe[], lastReloadAt: number | null = null) {
  const calls = {
    sleeps: [] as number[],
    reloads: [] as number[],
    probed: [] as (string | null)[],
    anew: [] as string[],
  };
  const env: ChunkEnv = {
    probe: (url) => {
      calls.probed.push(url);
      return Promise.resolve(probes.shift() ?? { kind: 'unknown' });
    },
    sleep: (ms) => {
      calls.sleeps.push(ms);
      return Promise.resolve();
    },
    now: () => 500_000,
    lastReloadAt: () => lastReloadAt,
    reload: (at) => {
      calls.reloads.push(at);
    },
    importAnew: (url) => {
      calls.anew.push(url);
      return Promise.reject(chunkError(url));
    },
  };
  return { env, calls };
}

describe('importWithRetry', () => {
  it('resolves with the module once the server answers again, importing the chunk anew each time', async () => {
    const { env, calls } = fakeEnv([{ kind: 'unreachable' }, { kind: 'unreachable' }]);
    const url = 'http://127.0.0.1:8080/assets/toast-list-abc123.js';
    // As Chromium does: the first import's failure is kept, so only a new import can see the server back.
    let loads = 0;
    let fresh = 0;
    env.importAnew = (asked) => {
      calls.anew.push(asked);
      return ++fresh < 2 ? Promise.reject(chunkError(`${asked}?retry=${fresh}`)) : Promise.resolve({ default: 'ok' });
    };
    const module = await importWithRetry(() => {
      loads++;
      return Promise.reject(chunkError(url));
    }, env);
    expect(module).toEqual({ default: 'ok' });
    expect(loads).toBe(1);
    expect(calls.anew).toEqual([url, url]);
    expect(calls.sleeps).toEqual([500, 1000]);
    expect(calls.probed).toEqual([url, url]);
    expect(calls.reloads).toEqual([]);
  });

  it('counts the failures of a chunk that answers apart from a long outage’s, then reloads', async () => {
    const outage: ChunkProbe[] = Array.from({ length: 8 }, () => ({ kind: 'unreachable' }));
    const answered: ChunkProbe[] = Array.from({ length: MAX_PRESENT_RETRIES + 1 }, () => ({ kind: 'present' }));
    const { env, calls } = fakeEnv([...outage, ...answered]);
    const outcome = importWithRetry(() => Promise.reject(chunkError()), env);
    await vi.waitFor(() => expect(calls.reloads).toEqual([500_000]));
    // Every try after the return was a fresh import, each given its own pause before the reload.
    expect(calls.sleeps.slice(8)).toEqual([500, 1000, 2000]);
    expect(calls.anew).toHaveLength(8 + MAX_PRESENT_RETRIES);
    void outcome;
  });

  it('keeps to the module it was given when the browser names no chunk', async () => {
    const { env, calls } = fakeEnv([{ kind: 'unknown' }]);
    let tries = 0;
    const module = await importWithRetry(
      () => (++tries < 2 ? Promise.reject(new TypeError('Importing a module script failed.')) : Promise.resolve(1)),
      env,
    );
    expect(module).toBe(1);
    expect(calls.anew).toEqual([]);
  });

  it('reloads once, recording when, and leaves the import pending while the page goes', async () => {
    const { env, calls } = fakeEnv([{ kind: 'missing' }]);
    const outcome = importWithRetry(() => Promise.reject(chunkError()), env);
    const settled = await Promise.race([
      outcome.then(
        () => 'settled',
        () => 'settled',
      ),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);
    expect(settled).toBe('pending');
    expect(calls.reloads).toEqual([500_000]);
  });

  it('rejects with a clear error, without reloading, when a reload already happened within the guard', async () => {
    const { env, calls } = fakeEnv([{ kind: 'missing' }], 500_000 - 1_000);
    const error = await importWithRetry(() => Promise.reject(chunkError()), env).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkUnavailableError);
    expect(isChunkLoadError(error)).toBe(false);
    expect(calls.reloads).toEqual([]);
  });

  it('passes an error thrown by the module itself straight through', async () => {
    const { env, calls } = fakeEnv([]);
    const boom = new Error('module crashed while evaluating');
    await expect(importWithRetry(() => Promise.reject(boom), env)).rejects.toBe(boom);
    expect(calls.probed).toEqual([]);
  });
});

describe('sharedProbe', () => {
  it('asks once for a chunk several views wait on, and anew once that answer is in', async () => {
    let answer: (probe: ChunkProbe) => void = () => undefined;
    const probe = vi.fn(() => new Promise<ChunkProbe>((resolve) => (answer = resolve)));
    const url = 'http://127.0.0.1:8080/assets/runs-abc123.js';
    const waiting = [sharedProbe(url, probe), sharedProbe(url, probe), sharedProbe(url, probe)];
    expect(probe).toHaveBeenCalledTimes(1);
    answer({ kind: 'unreachable' });
    expect(await Promise.all(waiting)).toEqual(Array(3).fill({ kind: 'unreachable' }));
    void sharedProbe(url, probe);
    expect(probe).toHaveBeenCalledTimes(2);
    answer({ kind: 'present' });
  });
});
