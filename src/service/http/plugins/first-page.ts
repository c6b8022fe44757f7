// The workflow list drawn into the dashboard's HTML (issue #33, the ListKeyCookie extension): a
// returning visitor whose dashboard keeps the key in the `wf_list_key` cookie gets the list's first
// page inside the page itself, painted by the HTML parser like a static page, and the app takes the
// same answer instead of asking again. The drawing comes from the web build (dist/server/first-page.mjs,
// made by scripts/vite-first-paint.ts), so it is the boot script's own markup.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const LIST_KEY_COOKIE = 'wf_list_key';

/** The read the dashboard's client makes first (server-state/workflows.ts): the same URL, so the app takes it. */
export const FIRST_PAGE_PATH = '/api/v1/workflows?limit=50';

/** Past this the page is sent without the list: the HTML never waits on a slow read. */
const ANSWER_WAIT_MS = 300;

/** A cookie longer than any key is not one: nothing is read with it. */
const MAX_KEY_LENGTH = 256;

/** The drawing of a list answer's body at `now`, or null when the body is not a list page. */
export type FirstPageRender = (body: unknown, now: number) => string | null;

/** The web build's drawing, or null when the build has none (the HTML is then served as it is). */
export async function loadFirstPageRender(distDir: string): Promise<FirstPageRender | null> {
  const file = join(distDir, 'server', 'first-page.mjs');
  if (!existsSync(file)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as { render?: unknown };
  return typeof loaded.render === 'function' ? (loaded.render as FirstPageRender) : null;
}

/** The key in the request's `wf_list_key` cookie, or null when there is none that could be a key. */
export function listKeyOf(cookieHeader: string | undefined): string | null {
  const raw = cookieHeader?.match(new RegExp(`(?:^|;)\\s*${LIST_KEY_COOKIE}=([^;]*)`))?.[1];
  if (raw === undefined || raw.length > MAX_KEY_LENGTH * 3) return null;
  let key: string;
  try {
    key = decodeURIComponent(raw).trim();
  } catch {
    return null;
  }
  return key !== '' && key.length <= MAX_KEY_LENGTH && /^[\x21-\x7e]+$/.test(key) ? key : null;
}

/**
 * JSON text safe inside a `<script>` element: `<`, `>` and `&` (so no `</script>` or `<!--` can end or
 * change it) and the line separators U+2028/9 as JSON escapes, which read back as the same value.
 */
export function jsonForScript(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The first paint's host as index.html has it: empty. */
export const EMPTY_HOST = '<div id="first-paint"></div>';

const withinWait = <T>(promise: Promise<T>): Promise<T | null> =>
  new Promise((done) => {
    const late = setTimeout(() => done(null), ANSWER_WAIT_MS);
    promise.then(
      (value) => (clearTimeout(late), done(value)),
      () => (clearTimeout(late), done(null)),
    );
  });

/** index.html around the first paint's host, or null when the build has none (nothing is drawn then). */
export function aroundHost(indexHtml: string): { head: string; tail: string } | null {
  const at = indexHtml.indexOf(EMPTY_HOST);
  return at === -1 ? null : { head: indexHtml.slice(0, at), tail: indexHtml.slice(at + EMPTY_HOST.length) };
}

/**
 * The first paint's host with the list's first page read with `key`, exactly as the client reads it
 * (through the app itself: its key check, rate limit and answer): the answer as data and the drawing.
 * The empty host, as index.html has it, for a key that does not answer 200 in time or a body that is
 * not a list; it never fails.
 */
export async function firstPageHost(
  app: FastifyInstance,
  request: FastifyRequest,
  key: string,
  render: FirstPageRender,
): Promise<string> {
  const forwardedFor = request.headers['x-forwarded-for'];
  const answer = await withinWait(
    app.inject({
      method: 'GET',
      url: FIRST_PAGE_PATH,
      // The visitor's own address (and its proxies' word for it), so failed keys and limits count against it.
      remoteAddress: request.socket.remoteAddress,
      headers: {
        'x-api-key': key,
        accept: 'application/json',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
    }),
  );
  if (answer === null || answer.statusCode !== 200) return EMPTY_HOST;
  let markup: string | null;
  try {
    markup = render(JSON.parse(answer.body), Date.now());
  } catch {
    return EMPTY_HOST;
  }
  if (markup === null) return EMPTY_HOST;
  const data = `<script type="application/json" id="wf-first-answer" data-path="${FIRST_PAGE_PATH}">${jsonForScript(answer.body)}</script>`;
  return `${data}<div id="first-paint" data-served>${markup}</div>`;
}
