/**
 * When to ask the server whether it still takes this browser's key. Every answer to a call made
 * with the key already tells (a 401 marks the key refused, see api/key-status.ts), so the watch
 * only fills silences, and spends the key's budget (100 requests a minute, shared by every tab open
 * all day on it) sparingly:
 * - on a page that asks nothing with the key for BACKGROUND_CHECK_MS, one check: a page whose own
 *   polling answers more often (the header's approvals count, every 30 s) sends none;
 * - when a person comes back to the tab, one check RETURN_GRACE_MS later, unless the page's own
 *   refresh on return (React Query refetches what is stale) was answered by then;
 * - never on a hidden tab, and never two within MIN_CHECK_GAP_MS.
 * An idle tab thus spends at most 60 / 45 ≈ 1.3 requests a minute on it, and a revocation shows on
 * the next request the page makes, on the person's return, or within a minute at the latest.
 */

/** A page that asked nothing with the key for this long checks it once. */
export const BACKGROUND_CHECK_MS = 45_000;
/** After a return to the tab, the page's own refresh has this long to answer before a check goes. */
export const RETURN_GRACE_MS = 1_500;
/** Two checks are at least this far apart, however often a person switches tabs. */
export const MIN_CHECK_GAP_MS = 10_000;

export interface KeyCheckEnv {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Whether a person can see the page. */
  visible(): boolean;
  /** Epoch ms of the server's last answer to a call made with the key. */
  lastKeyedAnswerAt(): number;
  /** Sends one check; its answer reaches the key status and the answer record by itself. */
  check(): void;
  /** Calls `fn` when the person comes back to the page (shown or focused); returns the way to stop. */
  onReturn(fn: () => void): () => void;
}

/** Starts watching; returns the function that stops every timer and listener. */
export function startKeyCheckTimer(env: KeyCheckEnv): () => void {
  // The page's own first requests are answers enough: the quiet time counts from now at the earliest.
  // A look is a background wake that found the page quiet: it checked, or passed a hidden tab.
  let lastLook = env.now();
  let lastCheck = -Infinity;
  let background: unknown = null;
  let afterReturn: unknown = null;

  const quietSince = () => Math.max(env.lastKeyedAnswerAt(), lastLook);

  const check = () => {
    if (env.now() - lastCheck < MIN_CHECK_GAP_MS) return;
    lastCheck = env.now();
    env.check();
  };

  const scheduleBackground = () => {
    const wait = Math.max(1_000, quietSince() + BACKGROUND_CHECK_MS - env.now());
    background = env.setTimeout(() => {
      background = null;
      if (env.now() - quietSince() >= BACKGROUND_CHECK_MS) {
        lastLook = env.now();
        // A hidden tab waits: its return is checked instead.
        if (env.visible()) check();
      }
      scheduleBackground();
    }, wait);
  };

  const stopListening = env.onReturn(() => {
    if (afterReturn !== null || !env.visible()) return;
    const returnedAt = env.now();
    afterReturn = env.setTimeout(() => {
      afterReturn = null;
      if (env.lastKeyedAnswerAt() < returnedAt && env.visible()) check();
    }, RETURN_GRACE_MS);
  });

  scheduleBackground();
  return () => {
    stopListening();
    if (background !== null) env.clearTimeout(background);
    if (afterReturn !== null) env.clearTimeout(afterReturn);
    background = afterReturn = null;
  };
}
