// Part of the first-paint script (first-paint-boot.ts): what a page does when the app's own modules
// could not be fetched, because the server went away between the page and its scripts. Nothing of
// the app runs then, so nothing else would notice: the page would keep its drawing, or stay blank,
// for good. A page whose app never started holds nothing a reload could lose.

/** How a failed start waits for the server; the browser's by default, a test's in tests. */
export interface StartRecoveryEnv {
  /** Whether the server answers for `src` at all; a proxy's 5xx in front of a dead service does not count. */
  answers(src: string): Promise<boolean>;
  sleep(ms: number): Promise<void>;
  /** Reloads unless this tab did so for a failed start within `guardMs`; whether it reloads. */
  reload(guardMs: number): boolean;
  /** Shows index.html's note (#wf-start-note): waiting for the server, or that a reload did not help. */
  say(broken: boolean): void;
}

/** A second failed start this soon after a reload is not an outage: the page says so instead of reloading again. */
export const START_RELOAD_GUARD_MS = 60_000;

/** Says the page is waiting, asks the server until it answers, then reloads (or says why it will not). */
export async function recoverFailedStart(src: string, env: StartRecoveryEnv = browserEnv): Promise<void> {
  env.say(false);
  // 1 s, 2 s, 4 s, then every 5 s: an outage is waited out at a cheap pace, a short one is noticed at once.
  for (let attempt = 0; !(await env.answers(src)); attempt++) await env.sleep(Math.min(5_000, 1_000 * 2 ** attempt));
  if (!env.reload(START_RELOAD_GUARD_MS)) env.say(true);
}

const browserEnv: StartRecoveryEnv = {
  answers: (src) =>
    fetch(src, { method: 'HEAD', cache: 'no-store' }).then(
      (response) => response.status < 500,
      () => false,
    ),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  reload: (guardMs) => {
    const key = 'wf.start-reload-at';
    const now = Date.now();
    try {
      const last = Number(sessionStorage.getItem(key));
      if (now - last < guardMs) return false;
      sessionStorage.setItem(key, String(now));
    } catch {
      // Without storage the guard cannot hold: a reload loop is worse than a note.
      return false;
    }
    location.reload();
    return true;
  },
  // The note's words live in index.html, which costs the first page no script.
  say: (broken) => {
    const note = document.getElementById('wf-start-note')!;
    note.hidden = false;
    (note.firstElementChild as HTMLElement).hidden = broken;
    (note.lastElementChild as HTMLElement).hidden = !broken;
  },
};
