// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FirstAnswer } from '@/api/first-answer';

// The boot script (first-paint-boot.ts) with the list the service drew into the HTML: taken when it
// was read with this tab's key, hidden and replaced when it was another key's.

const LIST_URL = `${location.origin}/api/v1/workflows?limit=50`;
const served = { data: [{ id: 'w1', name: 'Served', created_at: 'x', updated_at: 'x' }], cursor: null };
const own = { data: [{ id: 'w2', name: 'Own list', created_at: 'x', updated_at: 'x' }], cursor: null };

function servedPage(): void {
  document.body.innerHTML =
    `<script type="application/json" id="wf-first-answer" data-path="/api/v1/workflows?limit=50">${JSON.stringify(served)}</script>` +
    '<div id="first-paint" data-served><ul><li>Served</li></ul></div><div id="root"></div>';
}

/** This tab remembers `key` for the Local profile; the cookie holds `cookieKey`. */
function remember(key: string, cookieKey: string): void {
  localStorage.setItem(
    'wf.profiles',
    JSON.stringify([{ id: 'local', name: 'Local', baseUrl: `${location.origin}/api/v1`, remember: true }]),
  );
  localStorage.setItem('wf.key.local', key);
  document.cookie = `wf_list_key=${encodeURIComponent(cookieKey)}; Path=/`;
}

async function boot(): Promise<void> {
  vi.resetModules();
  await import('./first-paint-boot');
  document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }));
  await new Promise((done) => setTimeout(done, 20));
}

const offered = () => (globalThis as { __wfFirstAnswer?: FirstAnswer }).__wfFirstAnswer;
const fetchList = vi.fn(async () => new Response(JSON.stringify(own)));

beforeEach(() => {
  history.replaceState(null, '', '/workflows');
  vi.stubGlobal('fetch', fetchList);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchList.mockClear();
  localStorage.clear();
  document.cookie = 'wf_list_key=; Path=/; Max-Age=0';
  document.documentElement.classList.remove('wf-other-key');
  delete (globalThis as { __wfFirstAnswer?: unknown }).__wfFirstAnswer;
});

describe('the boot script with a list drawn by the service', () => {
  it('offers the served answer to the app for this tab’s key, keeps the drawing and sends no request', async () => {
    servedPage();
    remember('tab-key', 'tab-key');
    await boot();
    expect(fetchList).not.toHaveBeenCalled();
    const first = offered();
    expect(first).toMatchObject({ url: LIST_URL, key: 'tab-key' });
    expect(await (await first!.answer)!.json()).toEqual(served);
    expect(document.getElementById('wf-first-answer')).toBeNull();
    expect(document.getElementById('first-paint')!.textContent).toBe('Served');
  });

  it('hides another key’s list at once and draws this tab’s own, read with its own key', async () => {
    servedPage();
    remember('tab-key', 'other-tabs-key');
    await boot();
    expect(document.documentElement.classList.contains('wf-other-key')).toBe(true);
    expect(fetchList).toHaveBeenCalledWith(LIST_URL, { headers: { 'x-api-key': 'tab-key' } });
    const host = document.getElementById('first-paint')!;
    expect(host.hasAttribute('data-served')).toBe(false);
    expect(host.textContent).toContain('Own list');
    expect(host.textContent).not.toContain('Served');
    // Its answer is never offered to the app: the app's answer is this tab's own read.
    expect(await (await offered()!.answer)!.json()).toEqual(own);
  });

  it('reads the list itself when the service drew nothing for the cookie (a slow or refused read)', async () => {
    document.body.innerHTML = '<div id="first-paint"></div><div id="root"></div>';
    remember('tab-key', 'tab-key');
    await boot();
    expect(fetchList).toHaveBeenCalledTimes(1);
    expect(document.getElementById('first-paint')!.textContent).toContain('Own list');
  });
});
