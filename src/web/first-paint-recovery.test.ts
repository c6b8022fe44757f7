// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { recoverFailedStart, START_RELOAD_GUARD_MS, type StartRecoveryEnv } from './first-paint-recovery';

const SRC = 'http://127.0.0.1:8080/assets/app-abc123.js';

/** A server that answers from the `downFor`+1-th question on; `reloads` says whether the guard lets it reload. */
function fakeEnv(downFor: number, reloads = true) {
  const calls = { asked: 0, sleeps: [] as number[], guards: [] as number[], said: [] as boolean[] };
  const env: StartRecoveryEnv = {
    answers: () => Promise.resolve(++calls.asked > downFor),
    sleep: (ms) => {
      calls.sleeps.push(ms);
      return Promise.resolve();
    },
    reload: (guardMs) => {
      calls.guards.push(guardMs);
      return reloads;
    },
    say: (broken) => {
      calls.said.push(broken);
    },
  };
  return { env, calls };
}

afterEach(() => {
  vi.resetModules();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  sessionStorage.clear();
});

describe('a page whose app could not be fetched', () => {
  it('says it is waiting, asks the server with growing pauses, and reloads once it answers', async () => {
    const { env, calls } = fakeEnv(5);
    await recoverFailedStart(SRC, env);
    expect(calls.said).toEqual([false]);
    expect(calls.asked).toBe(6);
    expect(calls.sleeps).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(calls.guards).toEqual([START_RELOAD_GUARD_MS]);
  });

  it('says the page needs a reload when the guard holds it back', async () => {
    const { env, calls } = fakeEnv(0, false);
    await recoverFailedStart(SRC, env);
    expect(calls.said).toEqual([false, true]);
  });
});

/** Boots the first-paint script in index.html's body with one app module, and fails that module's load. */
async function failStart(): Promise<HTMLElement> {
  document.head.innerHTML = `<meta name="wf-start" content="${SRC}">`;
  const body = /<body>([\s\S]*)<\/body>/.exec(readFileSync('index.html', 'utf8'))![1]!;
  document.body.innerHTML = body.replace(/<script[\s\S]*?<\/script>/g, '');
  const note = document.getElementById('wf-start-note')!;
  expect(note.hidden).toBe(true);
  await import('./first-paint-boot');
  const script = document.head.querySelector<HTMLScriptElement>(`script[src="${SRC}"]`)!;
  script.dispatchEvent(new Event('error'));
  return note;
}

describe('the boot script', () => {
  it('shows index.html’s waiting note when one of the app’s modules fails to arrive', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const note = await failStart();
    await vi.waitFor(() => expect(note.hidden).toBe(false));
    const [waiting, broken] = [...note.children] as HTMLElement[];
    expect(waiting!.hidden).toBe(false);
    expect(waiting!.textContent).toMatch(/^The server is not answering, so the dashboard cannot load yet/);
    expect(broken!.hidden).toBe(true);
  });

  it('does not reload again within a minute of its last reload for a failed start: it asks the person to', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(null, { status: 200 })));
    sessionStorage.setItem('wf.start-reload-at', String(Date.now() - 5_000));
    const note = await failStart();
    const [waiting, broken] = [...note.children] as HTMLElement[];
    await vi.waitFor(() => expect(broken!.hidden).toBe(false));
    expect(waiting!.hidden).toBe(true);
    expect(broken!.textContent!.replace(/\s+/g, ' ').trim()).toBe(
      'Part of the dashboard could not be loaded. Reload the page to try again.',
    );
  });
});
