// Timing inside the page, on the page's own clock: long tasks, the moment a file is chosen, and
// the frame in which a piece of text first shows, so Playwright's polling never enters a figure.
import type { Page } from '@playwright/test';

export interface LongTask {
  start: number;
  duration: number;
}

interface Watch {
  name: string;
  selector: string;
  pattern: string;
  flags: string;
}

interface Probe {
  longTasks: LongTask[];
  marks: Record<string, number>;
  watch: (w: Watch) => void;
}

type ProbeWindow = Window & { __bench: Probe };

// Plain JavaScript on purpose: tsx compiles functions with name helpers that do not exist in the page.
const PROBE_SCRIPT = `(() => {
  const longTasks = [];
  const marks = {};
  const watches = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // A browser without long-task timing reports none.
  }
  // Capture phase, so the mark is taken before the app's own handler starts working.
  document.addEventListener('change', (e) => {
    const t = e.target;
    if (t instanceof HTMLInputElement && t.type === 'file' && marks.fileChosen === undefined) marks.fileChosen = performance.now();
  }, true);
  const matches = (w) => {
    const re = new RegExp(w.pattern, w.flags);
    for (const el of document.querySelectorAll(w.selector)) if (re.test(el.textContent || '')) return true;
    return false;
  };
  const check = () => {
    for (let i = watches.length - 1; i >= 0; i -= 1) {
      const w = watches[i];
      if (!matches(w)) continue;
      watches.splice(i, 1);
      // The frame about to paint the text: the moment a person could see it.
      requestAnimationFrame(() => { if (marks[w.name] === undefined) marks[w.name] = performance.now(); });
    }
  };
  new MutationObserver(() => { if (watches.length > 0) check(); }).observe(document, { childList: true, subtree: true, characterData: true });
  window.__bench = { longTasks, marks, watch: (w) => { watches.push(w); check(); } };
})();`;

/** Installs the probe before any page script runs; call before the first navigation. */
export async function installProbe(page: Page): Promise<void> {
  await page.addInitScript({ content: PROBE_SCRIPT });
}

/** Marks `name` at the first frame where an element matching `selector` has text matching `pattern`. */
export async function watchText(page: Page, name: string, selector: string, pattern: RegExp): Promise<void> {
  await page.evaluate((w) => (window as unknown as ProbeWindow).__bench.watch(w), {
    name,
    selector,
    pattern: pattern.source,
    flags: pattern.flags,
  });
}

/** Waits for a mark and returns its time on the page's clock (ms since navigation start). */
export async function waitForMark(page: Page, name: string, timeout: number): Promise<number> {
  await page.waitForFunction((n) => (window as unknown as ProbeWindow).__bench.marks[n] !== undefined, name, {
    timeout,
    polling: 200,
  });
  return page.evaluate((n) => (window as unknown as ProbeWindow).__bench.marks[n]!, name);
}

export async function readMark(page: Page, name: string): Promise<number | undefined> {
  return page.evaluate((n) => (window as unknown as ProbeWindow).__bench.marks[n], name);
}

/** Long tasks that overlap [from, to] on the page's clock. */
export async function longTasksBetween(page: Page, from: number, to: number): Promise<LongTask[]> {
  const all = await page.evaluate(() => (window as unknown as ProbeWindow).__bench.longTasks.slice());
  return all.filter((t) => t.start < to && t.start + t.duration > from);
}

/** A pattern for a whole number however the page's locale groups its digits (10000, 10,000, 10 000, 10.000). */
export function groupedNumberPattern(n: number): string {
  const digits = String(n);
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join('[^\\d]?');
}
