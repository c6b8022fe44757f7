// The first-paint script (see first-paint.ts), built by vite.config.ts into a small classic script
// that index.html runs before the app. The app's modules are only preloaded by the HTML: this script
// starts them once the list is drawn (or at once where there is nothing to draw), so their evaluation,
// a long task on a slow phone, never stands between the list's answer and its paint.
import { offerFirstAnswer } from '@/api/first-answer';
import { firstListRead, firstPageMarkup, listOf } from './first-paint';

/** The app starts by then at the latest, whatever the list's request is doing. */
const START_AT_LATEST_MS = 1000;

let started = false;
function startApp(): void {
  if (started) return;
  started = true;
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-wf-start]')) {
    // The modules were only fetched (preload, not modulepreload, which may compile them on arrival,
    // on the thread that draws the list): now they run.
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = link.href;
    document.head.append(script);
  }
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
  if (host !== null) host.innerHTML = markup;
}

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
  if (read === null) return startApp();
  const answer = fetch(read.url, { headers: { 'x-api-key': read.key } }).then(
    (response) => response,
    () => null,
  );
  offerFirstAnswer({ ...read, sentAt: Date.now(), answer });
  const latest = setTimeout(startApp, START_AT_LATEST_MS);
  void answer
    .then(async (response) => {
      if (!response?.ok) return;
      const body: unknown = await response.clone().json();
      const list = listOf(body);
      if (list !== null) draw(firstPageMarkup(list, !!(body as { cursor?: unknown }).cursor));
    })
    .catch(() => undefined)
    .finally(() => {
      clearTimeout(latest);
      // One frame for the drawing to reach the screen before the app's evaluation takes the thread.
      requestAnimationFrame(() => setTimeout(startApp, 0));
    });
}

boot();
