// The first page's figures of issue #33: its initial JavaScript and its Largest Contentful Paint, beside
// a static page of the same list and beside the dashboard before the change, in interleaved rounds.
import type { Browser } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { firstPageScripts } from '../scripts/first-page-scripts';
import { connectPage, type VisitorState } from './support/browser';

/**
 * Gzip bytes (level 9) of the JavaScript the first page runs before anything else: the scripts of its
 * HTML (the inline first-paint script, or the entry modules of an older build) and the modules it
 * preloads or names for that script to start, the entry's static imports. What loads after the first
 * page has rendered is counted apart.
 */
export async function initialJs(origin: string): Promise<number> {
  const html = await (await fetch(`${origin}/workflows`, { headers: { accept: 'text/html' } })).text();
  const { files, inline } = firstPageScripts(html);
  const bodies = await Promise.all(
    files.map(async (f) => Buffer.from(await (await fetch(new URL(f, origin).href)).arrayBuffer())),
  );
  return [...bodies, ...inline.map((body) => Buffer.from(body))].reduce(
    (sum, b) => sum + gzipSync(b, { level: 9 }).length,
    0,
  );
}

/** Gzip bytes of every script the page has loaded from its origin once the network is idle. */
export async function scriptsByIdle(browser: Browser, origin: string): Promise<number> {
  const page = await browser.newPage();
  await connectPage(page);
  const scripts: Array<Promise<Buffer>> = [];
  page.on('response', (res) => {
    // A body still on its way when the page closes counts as nothing, rather than failing the bench.
    if (res.request().resourceType() === 'script' && res.url().startsWith(origin))
      scripts.push(res.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(`${origin}/workflows`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Workflows', level: 1 }).waitFor();
  // Bodies are read before the page closes, or they would be lost.
  const bodies = await Promise.all(scripts);
  await page.close();
  return bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
}

/**
 * LCP of `url` in a fresh context under 4x CPU throttling: a returning visitor's (`state`, what a
 * first visit with the key remembered left), or a blank one (the static page needs nothing).
 */
async function lcpOnce(browser: Browser, url: string, state?: VisitorState): Promise<number> {
  const context = await browser.newContext(state ? { storageState: state } : {});
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'networkidle' });
    // The list shows, and it is the app's own (the first paint's drawing has gone): the LCP is final.
    await page.waitForFunction(
      () => document.querySelector('main ul li a') !== null && !document.getElementById('first-paint')?.hasChildNodes(),
      undefined,
      { timeout: 30_000, polling: 50 },
    );
    return await page.evaluate(
      () =>
        new Promise<number>((done) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            done(entries[entries.length - 1]!.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

/** Each target's LCP, `rounds` times, the targets taking turns in a rotating order. */
export async function lcpRounds(
  browser: Browser,
  targets: Array<[label: string, url: string, state?: VisitorState]>,
  rounds: number,
): Promise<Map<string, number[]>> {
  const lcp = new Map<string, number[]>(targets.map(([label]) => [label, []]));
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < targets.length; i++) {
      const [label, url, state] = targets[(r + i) % targets.length]!;
      lcp.get(label)!.push(await lcpOnce(browser, url, state));
    }
  }
  return lcp;
}
