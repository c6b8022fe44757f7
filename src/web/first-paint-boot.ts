// The first-paint script (see first-paint.ts), built by vite.config.ts into a small classic script
// inline in index.html, run before the app. The HTML only names the app's modules: this script
// starts them once the list is drawn (or at once where there is nothing to draw), so their evaluation,
// a long task on a slow phone, never stands between the list's answer and its paint. Where the
// service already drew the list into the HTML for the key in the `wf_list_key` cookie (ListKeyCookie,
// src/service/http/plugins/first-page.ts), the HTML parser paints it, and this script hands that
// answer to the app when the key is this tab's, or hides it when it is not.
import { LIST_KEY_COOKIE, offerFirstAnswer } from '@/api/first-answer';
import { firstListRead, firstPageOf, type FirstListRead } from './first-paint';
import { recoverFailedStart } from './first-paint-recovery';

/** The app starts by then at the latest, whatever the list's request is doing. */
const START_AT_LATEST_MS = 1000;

let started = false;
function startApp(): void {
  if (started) return;
  started = true;
  // index.html names the app's modules (scripts/vite-first-paint.ts) without fetching them, so neither
  // their download nor their compilation stood between the list's answer and its paint: now they run.
  const names = document.querySelector<HTMLMetaElement>('meta[name="wf-start"]')?.content.split(' ') ?? [];
  for (const src of names.filter(Boolean)) {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = src;
    // The server went away before the app's code arrived: the page waits for it and reloads.
    script.addEventListener('error', () => failedStart(src), { once: true });
    document.head.append(script);
  }
}

let recovering = false;
function failedStart(src: string): void {
  if (recovering) return;
  recovering = true;
  void recoverFailedStart(src);
}

/** The theme the app will apply (lib/theme.ts), applied now so a dark page does not flash light. */
function applyTheme(local: Storage): void {
  const choice = local.getItem('wf.theme');
  const dark = choice === 'dark' || (choice !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
}

/** Draws the list into the page's first-paint host, unless the app has drawn its own page (it removes the host). */
function draw(markup: string): void {
  const host = document.getElementById('first-paint');
  host?.removeAttribute('data-served');
  if (host) host.innerHTML = markup;
}

/** Whether the `wf_list_key` cookie (server-state/list-key-cookie.ts) holds `key`; any key when none is given. */
const cookieHolds = (key = '') =>
  `; ${document.cookie};`.includes(`; ${LIST_KEY_COOKIE}=${key && `${encodeURIComponent(key)};`}`);

/** Once the HTML is parsed (this script runs in the head, before the body is). */
const whenParsed = (go: () => void) => addEventListener('DOMContentLoaded', go, { once: true });

/** One frame for the drawing to reach the screen before the app's evaluation takes the thread. */
const startAfterPaint = () => requestAnimationFrame(() => setTimeout(startApp, 0));

/**
 * ⌘K (Find) pressed while the drawing shows, before the app listens: held from the browser (whose own
 * ⌘K would take it) and handed to the app, which replays it (main.tsx) so Find opens once it can.
 */
function holdFindPresses(): void {
  const held: KeyboardEventInit[] = [];
  const hold = (event: KeyboardEvent) => {
    if (!(event.metaKey || event.ctrlKey) || event.key.toLowerCase() !== 'k') return;
    event.preventDefault();
    held.push({ key: event.key, metaKey: event.metaKey, ctrlKey: event.ctrlKey });
  };
  addEventListener('keydown', hold);
  (window as { __wfHeldKeys?: () => KeyboardEventInit[] }).__wfHeldKeys = () => {
    removeEventListener('keydown', hold);
    return held;
  };
}

function boot(): void {
  holdFindPresses();
  let read;
  try {
    applyTheme(localStorage);
    read = firstListRead(location, localStorage, sessionStorage);
  } catch {
    // Storage refused (a privacy mode): the app starts as it always did.
    read = null;
  }
  if (read !== null && cookieHolds(read.key)) {
    // The service may have read the list with this very key and drawn it: the HTML parser paints it,
    // and the app takes that answer, so no request is sent. Without it, the list is read as below.
    return whenParsed(() => takeServed(read) || readAndDraw(read));
  }
  if (cookieHolds()) {
    // The service drew the cookie's key's list, which is not this tab's (another tab switched keys, or
    // this one has none): a rule of index.html hides it until this tab's drawing or page replaces it.
    document.documentElement.classList.add('wf-other-key');
  }
  if (read === null) return startApp();
  readAndDraw(read);
}

/** The service's answer offered to the app, when it is the page this read would ask for; false when absent. */
function takeServed(read: FirstListRead): boolean {
  // The service's answer, put into the HTML beside its drawing for the cookie's key.
  const data = document.getElementById('wf-first-answer');
  if (data === null || location.origin + data.dataset.path !== read.url) return false;
  const body = data.textContent;
  data.remove();
  // The client reads any answer's body as JSON, whatever its type says.
  offerFirstAnswer({ ...read, sentAt: Date.now(), answer: Promise.resolve(new Response(body)) });
  startAfterPaint();
  return true;
}

/** Today's path: the list's first page asked for here, drawn when it comes, the app started after. */
function readAndDraw(read: FirstListRead): void {
  const answer = fetch(read.url, { headers: { 'x-api-key': read.key } }).then(
    (response) => response,
    () => null,
  );
  offerFirstAnswer({ ...read, sentAt: Date.now(), answer });
  const latest = setTimeout(startApp, START_AT_LATEST_MS);
  void answer
    .then(async (response) => {
      if (!response?.ok) return;
      const markup = firstPageOf(await response.clone().json());
      if (markup !== null) draw(markup);
    })
    .catch(() => undefined)
    .finally(() => {
      clearTimeout(latest);
      startAfterPaint();
    });
}

boot();
