// In-app moves of the dashboard timed on the page's own clock: from the click (or the Back) to the
// first frame in which the destination shows its own content, with no loading placeholder left in
// the page's main area. A warm tab, no throttling, 1280 px wide.
import type { Page } from '@playwright/test';

/** What the destination must show, judged inside the page at every frame. */
export interface Arrival {
  /** The pathname the move lands on. */
  path: RegExp;
  /** An element that is the destination's own content. */
  selector: string;
  /** Text that element must hold, when the selector alone does not tell. */
  text?: RegExp;
}

interface Wanted {
  path: string;
  selector: string;
  text: string | null;
}

type MoveWindow = Window & {
  __move: { start: number | null; end: number | null; want: Wanted | null };
};

// Plain JavaScript on purpose: tsx compiles functions with name helpers that do not exist in the page.
const MOVE_PROBE = `(() => {
  const m = { start: null, end: null, want: null };
  window.__move = m;
  // Capture phase: the moment of the click, before the app's own handler starts working.
  document.addEventListener('click', () => { if (m.want && m.start === null) m.start = performance.now(); }, true);
  const arrived = () => {
    const w = m.want;
    if (!new RegExp(w.path).test(location.pathname)) return false;
    const main = document.querySelector('main');
    // A placeholder (skeleton, "Loading…" status) in the main area means the page is not there yet.
    if (main && main.querySelector('[role=status] .animate-pulse')) return false;
    const text = w.text === null ? null : new RegExp(w.text);
    for (const el of document.querySelectorAll(w.selector)) if (text === null || text.test(el.textContent || '')) return true;
    return false;
  };
  const frame = (t) => {
    if (m.want && m.start !== null && m.end === null && arrived()) m.end = t;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

export async function installMoveProbe(page: Page): Promise<void> {
  await page.addInitScript({ content: MOVE_PROBE });
}

async function expect(page: Page, arrival: Arrival): Promise<void> {
  const want: Wanted = { path: arrival.path.source, selector: arrival.selector, text: arrival.text?.source ?? null };
  await page.evaluate((w) => {
    // In place: the probe's frame loop holds this very object.
    Object.assign((window as unknown as MoveWindow).__move, { start: null, end: null, want: w });
  }, want);
}

async function measured(page: Page, timeout = 15_000): Promise<number> {
  await page.waitForFunction(() => (window as unknown as MoveWindow).__move.end !== null, undefined, {
    timeout,
    polling: 50,
  });
  const ms = await page.evaluate(() => {
    const m = (window as unknown as MoveWindow).__move;
    const took = m.end! - m.start!;
    m.want = null;
    return took;
  });
  // The destination's own follow-up work (late chunks, a refetch) ends before the next move starts.
  await page.waitForTimeout(300);
  return Math.max(0, ms);
}

/** How long a person rests the pointer on a link before clicking it: what "preload on intent" has. */
export const HOVER_MS = 100;

/** Hovers `selector` (the first match), clicks it, and times the arrival. */
export async function timeClick(page: Page, selector: string, arrival: Arrival): Promise<number> {
  const target = page.locator(selector).first();
  await target.hover();
  await page.waitForTimeout(HOVER_MS);
  await expect(page, arrival);
  await target.click();
  return measured(page);
}

/** The browser's Back, timed to the arrival. */
export async function timeBack(page: Page, arrival: Arrival): Promise<number> {
  await expect(page, arrival);
  await page.evaluate(() => {
    (window as unknown as MoveWindow).__move.start = performance.now();
    history.back();
  });
  return measured(page);
}

/** Waits until the page shows `arrival` without timing it (to reach a move's starting point). */
export async function settle(page: Page, arrival: Arrival): Promise<void> {
  await expect(page, arrival);
  await page.evaluate(() => {
    (window as unknown as MoveWindow).__move.start = performance.now();
  });
  await measured(page, 30_000);
}
