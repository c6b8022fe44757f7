import { describe, expect, it } from 'vitest';
import {
  ChunkUnavailableError,
  MAX_PRESENT_RETRIES,
  RELOAD_GUARD_MS,
  chunkFailureAction,
  chunkUrlOf,
  importWithRetry,
  isChunkLoadError,
  retryDelayMs,
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

  it('gives up after a few retries when the chunk answers but will not load', () => {
    const at = (attempt: number) =>
      chunkFailureAction({ attempt, probe: { kind: 'present' }, lastReloadAt: null, now: 0 });
    expect(at(MAX_PRESENT_RETRIES).do).toBe('retry');
    expect(at(MAX_PRESENT_RETRIES + 1)).toEqual({ do: 'fail', reason: 'gave-up' });
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
  const calls = { sleeps: [] as number[], reloads: [] as number[], probed: [] as (string | null)[] };
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
  };
  return { env, calls };
}

describe('importWithRetry', () => {
  it('resolves with the module once the server answers again', async () => {
    const { env, calls } = fakeEnv([{ kind: 'unreachable' }, { kind: 'unreachable' }]);
    let tries = 0;
    const module = await importWithRetry(
      () => (++tries < 3 ? Promise.reject(chunkError()) : Promise.resolve({ default: 'ok' })),
      env,
    );
    expect(module).toEqual({ default: 'ok' });
    expect(calls.sleeps).toEqual([500, 1000]);
    expect(calls.probed[0]).toBe('http://127.0.0.1:8080/assets/toast-list-abc123.js');
    expect(calls.reloads).toEqual([]);
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
