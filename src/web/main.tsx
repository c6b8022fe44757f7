import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './server-state/query-client';
import { NotFound, preloadShellViews, RouteError } from './routes/-shell/lazy-views';
import { PageSkeleton } from './components/ui/skeleton';
import { followActiveProfile } from './server-state/connection';
import { getProfilesStore } from './api/profiles-store';
import { fetchDevKey } from './features/connection/dev-key';
import { findFirstKey } from './features/connection/first-key';
import { followOtherTabsDecisions, refreshAfterOtherTabsDecision } from './server-state/approvals';
import { workflowQueries } from './server-state/workflows';
import { initTheme } from './lib/theme';
import { parseSearch, stringifySearch } from './lib/search-params';
import { routeTree } from './route-tree.gen';
import './styles.css';

initTheme();
// ⌘K pressed before this code ran (the first paint holds it) reaches the Find listener now.
for (const init of (window as { __wfHeldKeys?: () => KeyboardEventInit[] }).__wfHeldKeys?.() ?? [])
  window.dispatchEvent(new KeyboardEvent('keydown', { ...init, cancelable: true }));
// The scheduler takes the active profile's budget and scope now and after every profile switch.
followActiveProfile();

// Sharing keys between this browser's tabs is no part of the first page: its code loads beside it.
const tabKeys = () => import('./features/connection/tab-keys');
// A new tab of this browser asks the open ones for their key: this one answers them for its whole life.
void tabKeys().then((m) => m.answerKeyRequests(() => getProfilesStore().sharedKeys()));

const queryClient = createQueryClient();

// A decision made in another tab refreshes this one's count, inbox and lists as if made here.
followOtherTabsDecisions((decision) => refreshAfterOtherTabsDecision(queryClient, decision));

const createAppRouter = () =>
  createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // React Query owns freshness; the router always asks it rather than caching loader results itself.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 150,
    // A placeholder that did show goes as soon as the page is ready: the router's default holds it
    // 500 ms, which put half a second between the list's data and its first paint on a slow phone.
    defaultPendingMinMs: 0,
    defaultPendingComponent: () => <PageSkeleton />,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: () => <NotFound />,
    scrollRestoration: true,
    parseSearch,
    stringifySearch,
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

/**
 * Starts the app once this tab knows its key (its own, an open tab's, or the local service's
 * development key), so the first page is chosen once: no welcome page flashes before a key arrives.
 */
async function start() {
  await findFirstKey(getProfilesStore(), {
    // A late answer (an open tab busy drawing) still connects this tab: the welcome page then goes on.
    askOpenTabs: () =>
      tabKeys().then((m) =>
        m.askOpenTabsForKeys(undefined, undefined, { take: (keys) => getProfilesStore().adoptKeys(keys) }),
      ),
    devKey: () => fetchDevKey(),
    origin: location.origin,
  });
  // The workflow list is the first page of most visits: its request starts now, while React and the
  // router are still starting, and the route's loader then finds it under way.
  if (/^\/(workflows\/?)?$/.test(location.pathname) && getProfilesStore().isConnected()) {
    void queryClient.prefetchInfiniteQuery(workflowQueries.list());
  }
  const router = createAppRouter();
  replaceFirstPaintOnceShown(router);
  startBatchEngineAfterFirstPage(router);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

/** Whether the router shows a page with its data (or its error), not a placeholder. */
const pageShown = (router: ReturnType<typeof createAppRouter>) =>
  router.state.matches.every((match) => match.status !== 'pending');

/**
 * The list drawn before the app started (first-paint.ts) stays until the app shows a page of its
 * own, with its data: the app's page then takes its place in one step, never a placeholder between.
 */
function replaceFirstPaintOnceShown(router: ReturnType<typeof createAppRouter>) {
  const drawing = document.getElementById('first-paint');
  if (drawing === null) return;
  const off = router.subscribe('onRendered', () => {
    if (!pageShown(router)) return;
    off();
    drawing.remove();
  });
}

/** How long after the first page a reload's unfinished batches wait at most before they resume. */
const BATCH_RESUME_WAIT_MS = 2000;

/**
 * Batches a reload interrupted resume on whatever page opens, once there is a key to send them with.
 * The engine (its code, its IndexedDB journal) loads once the first page has rendered with its data
 * (not its placeholder), or after BATCH_RESUME_WAIT_MS at most: the first paint never waits for it,
 * and a batch still resumes within a few seconds. A batch page that needs it sooner imports it itself.
 */
function startBatchEngineAfterFirstPage(router: ReturnType<typeof createAppRouter>) {
  const store = getProfilesStore();
  const whenConnected = (go: () => void) => {
    if (store.isConnected()) return go();
    const off = store.subscribe(() => {
      if (!store.isConnected()) return;
      off();
      go();
    });
  };
  const startEngine = () =>
    void import('./batch-engine/batch-runtime').then(({ startBatchEngine }) => startBatchEngine());
  let due = false;
  const load = (waited: boolean) => {
    if (due || (!waited && !pageShown(router))) return;
    due = true;
    offRendered();
    clearTimeout(fallback);
    const go = () => {
      preloadShellViews();
      whenConnected(startEngine);
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(go, { timeout: 500 });
    else setTimeout(go, 0);
  };
  const offRendered = router.subscribe('onRendered', () => load(false));
  const fallback = setTimeout(() => load(true), BATCH_RESUME_WAIT_MS);
}

void start();
