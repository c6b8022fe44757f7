/**
 * Every dynamic import of the dashboard goes through `importWithRetry` (a build plugin in
 * vite.config.ts wraps each `import()` of src/web in it), so a chunk that fails to load is never
 * the end of the page:
 * - the server is not answering (outage, network): the import is retried with backoff, for as
 *   long as it takes, while the page shows its outage banner. Each retry imports the chunk's URL
 *   anew (`importAnew`): Chromium keeps a failed import's error for the page's life, so importing
 *   the same URL again would fail without asking the server, even once it is back;
 * - the chunk answers 404 (a redeploy replaced the build): the page reloads itself once, keeping
 *   its URL; a second 404 within `RELOAD_GUARD_MS` of that reload fails with a clear error instead
 *   of reloading in a loop;
 * - the chunk answers but its import still fails: a few retries, then a reload, guarded the same
 *   way. After an outage this is a file the chunk imports that failed while the server was away:
 *   the browser keeps that failure for every chunk that imports it, and only a reload clears it. A
 *   chunk that fails again within the guard is broken: the page says so.
 */

/** What a chunk URL answered when probed after a failed import. */
export type ChunkProbe = { kind: 'missing' } | { kind: 'present' } | { kind: 'unreachable' } | { kind: 'unknown' };

export type ChunkAction =
  { do: 'retry'; delayMs: number } | { do: 'reload' } | { do: 'fail'; reason: 'reloaded' | 'gave-up' };

/** A reload for a missing chunk less than this long ago means the new build lacks it too. */
export const RELOAD_GUARD_MS = 60_000;
/** Retries for a chunk that answers but whose import still fails (a broken file, a proxy's error page). */
export const MAX_PRESENT_RETRIES = 3;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 10_000;
const RELOAD_KEY = 'wf.chunk-reload-at';

/** 0.5 s, 1 s, 2 s … capped at 10 s: an outage is waited out at a steady, cheap pace. */
export const retryDelayMs = (attempt: number): number =>
  Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));

/**
 * The decision after a failed import, from what the chunk's URL answered, how many failures in a
 * row met that same kind of answer (`attempt`: 1 for the first; a chunk that answers is counted
 * apart from an outage's failures) and when this tab last reloaded for a chunk (null: never).
 */
export function chunkFailureAction(input: {
  attempt: number;
  probe: ChunkProbe;
  lastReloadAt: number | null;
  now: number;
}): ChunkAction {
  const { attempt, probe, lastReloadAt, now } = input;
  const recent = lastReloadAt !== null && now - lastReloadAt >= 0 && now - lastReloadAt < RELOAD_GUARD_MS;
  if (probe.kind === 'missing') return recent ? { do: 'fail', reason: 'reloaded' } : { do: 'reload' };
  // Unreachable is an outage: waiting is the only thing that helps, and it costs nothing.
  if (probe.kind === 'unreachable' || attempt <= MAX_PRESENT_RETRIES)
    return { do: 'retry', delayMs: retryDelayMs(attempt) };
  return recent ? { do: 'fail', reason: 'gave-up' } : { do: 'reload' };
}

const CHUNK_ERROR_PREFIXES = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

/** Whether an error is a browser's "this module could not be loaded" (not an error thrown by the module). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return CHUNK_ERROR_PREFIXES.some((prefix) => message.startsWith(prefix));
}

/** The chunk URL a browser names in its import error, if it names one. */
export function chunkUrlOf(error: unknown): string | null {
  const message = error instanceof Error ? error.message : '';
  const match = /(https?:\/\/\S+?\.(?:m?js|css))\b/.exec(message);
  return match ? match[1]! : null;
}

/** The error a page shows when the chunk is gone even after a reload; deliberately not a "module not found" message. */
export class ChunkUnavailableError extends Error {
  constructor(reason: 'reloaded' | 'gave-up', cause: unknown) {
    super(
      reason === 'reloaded'
        ? 'The dashboard was updated and part of it is missing from the new version. Reload the page; if this persists, the deployment is incomplete.'
        : 'A part of the dashboard could not be loaded. Reload the page to try again.',
      { cause },
    );
    this.name = 'ChunkUnavailableError';
  }
}

export interface ChunkEnv {
  probe(url: string | null): Promise<ChunkProbe>;
  sleep(ms: number): Promise<void>;
  now(): number;
  lastReloadAt(): number | null;
  /** Records the reload time, then reloads; never returns in a browser. */
  reload(at: number): void;
  /** Imports the chunk at `url` as a module the browser has not tried yet. */
  importAnew(url: string): Promise<unknown>;
}

async function probeUrl(url: string | null): Promise<ChunkProbe> {
  if (url === null) return { kind: 'unknown' };
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    if (response.status === 404 || response.status === 410) return { kind: 'missing' };
    // A 5xx from a proxy in front of a dead service is an outage too.
    if (response.status >= 500) return { kind: 'unreachable' };
    return { kind: 'present' };
  } catch {
    return { kind: 'unreachable' };
  }
}

/** HEADs in flight, by chunk URL: the views waiting on one failed chunk share one probe each round. */
const probing = new Map<string, Promise<ChunkProbe>>();

export function sharedProbe(url: string | null, probe = probeUrl): Promise<ChunkProbe> {
  if (url === null) return probe(url);
  const running = probing.get(url) ?? probe(url).finally(() => probing.delete(url));
  probing.set(url, running);
  return running;
}

/**
 * The latest fresh import of each failed chunk. Callers share it while it loads or once it has
 * loaded, so a chunk several views wait on runs once; a failed one is tried under a new URL.
 */
const freshImports = new Map<string, { attempt: number; failed: boolean; module: Promise<unknown> }>();

function importAnew(url: string): Promise<unknown> {
  const last = freshImports.get(url);
  if (last && !last.failed) return last.module;
  const attempt = (last?.attempt ?? 0) + 1;
  const entry = { attempt, failed: false, module: import(/* @vite-ignore */ `${url}?retry=${attempt}`) };
  // Registered before any caller's handler, so a caller that saw the failure and retries gets a new URL.
  entry.module.catch(() => {
    entry.failed = true;
  });
  freshImports.set(url, entry);
  return entry.module;
}

const browserEnv: ChunkEnv = {
  importAnew,
  probe: (url) => sharedProbe(url),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
  lastReloadAt: () => {
    try {
      const raw = sessionStorage.getItem(RELOAD_KEY);
      const at = raw === null ? NaN : Number(raw);
      return Number.isFinite(at) ? at : null;
    } catch {
      return null;
    }
  },
  reload: (at) => {
    try {
      sessionStorage.setItem(RELOAD_KEY, String(at));
    } catch {
      // Without storage the guard cannot hold; a reload loop is worse than an error page.
      throw new Error('no session storage for the reload guard');
    }
    location.reload();
  },
};

/** Loads a chunk through `load`, retrying, reloading or failing as `chunkFailureAction` decides. */
export async function importWithRetry<T>(load: () => Promise<T>, env: ChunkEnv = browserEnv): Promise<T> {
  // The failed chunk's URL, once a browser has named it: later tries import it anew.
  let failedUrl: string | null = null;
  const failures = { outage: 0, answered: 0 };
  for (;;) {
    try {
      return failedUrl === null ? await load() : ((await env.importAnew(failedUrl)) as T);
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      failedUrl = chunkUrlOf(error) ?? failedUrl;
      const probe = await env.probe(failedUrl);
      const action = chunkFailureAction({
        attempt: probe.kind === 'unreachable' ? ++failures.outage : ++failures.answered,
        probe,
        lastReloadAt: env.lastReloadAt(),
        now: env.now(),
      });
      if (action.do === 'fail') throw new ChunkUnavailableError(action.reason, error);
      if (action.do === 'reload') {
        try {
          env.reload(env.now());
        } catch {
          throw new ChunkUnavailableError('reloaded', error);
        }
        // The page is going away; nothing should render the failure meanwhile.
        return new Promise<T>(() => undefined);
      }
      await env.sleep(action.delayMs);
    }
  }
}
