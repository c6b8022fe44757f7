import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, redirect, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { IdleKeyRefusedBanner, NotFound, RouteError } from '@/routes/-shell/lazy-views';
import { Toaster } from '@/components/ui/toast';
import { forgetPreviousAccount, refreshEverything, useActiveProfile } from '@/server-state/connection';
import { getProfilesStore } from '@/api/profiles-store';
import { useGlobalHotkeys } from '@/lib/use-hotkeys';
import { useOnServerRecovered, useServerWatch } from '@/lib/use-server-reachability';
import { useWhenIdle } from '@/lib/use-when-idle';
import { ShellHeader } from './-shell/shell-header';

// The watcher (IndexedDB journal, notifications) is background work: it loads once the page is idle.
const ExecutionWatcherHost = lazy(() => import('@/features/run/execution-watcher-host'));

/** Pages that work without a key: arriving, and changing the server or profile. */
const KEYLESS_PAGES = new Set(['/welcome', '/settings']);

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // With no key, every page leads to the welcome page, which asks for one and then goes on to it.
  beforeLoad: ({ location }) => {
    if (KEYLESS_PAGES.has(location.pathname) || getProfilesStore().isConnected()) return;
    const back = location.pathname === '/' ? undefined : location.href;
    throw redirect({ to: '/welcome', search: { redirect: back } });
  },
  component: RootLayout,
  notFoundComponent: () => <NotFound />,
  errorComponent: RouteError,
});

/** Forgets another account's data when the profile (URL or key) changes, then reloads the page's data. */
function useResetOnProfileChange() {
  const router = useRouter();
  const { queryClient } = Route.useRouteContext();
  const profile = useActiveProfile();
  const signature = `${profile.id}\n${profile.baseUrl}\n${profile.apiKey}`;
  const previous = useRef(signature);
  useEffect(() => {
    if (previous.current === signature) return;
    previous.current = signature;
    // Nothing of the previous account stays in the cache; the pages on screen read again.
    void forgetPreviousAccount(queryClient).then(() => void router.invalidate());
  }, [signature, queryClient, router]);
}

/** When the server answers again after an outage, every page on screen refreshes by itself. */
function useRefreshAfterOutage() {
  const router = useRouter();
  const { queryClient } = Route.useRouteContext();
  useServerWatch();
  useOnServerRecovered(() => {
    refreshEverything(queryClient);
    void router.invalidate();
  });
}

function RootLayout() {
  useResetOnProfileChange();
  useRefreshAfterOutage();
  useGlobalHotkeys();
  const idle = useWhenIdle(1500);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow dark:focus:bg-zinc-900"
      >
        Skip to content
      </a>
      <ShellHeader />
      <OfflineBanner />
      <IdleKeyRefusedBanner />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-3 py-6 sm:px-6 sm:py-8">
        <Outlet />
      </main>
      <Toaster />
      {idle && (
        <Suspense fallback={null}>
          <ExecutionWatcherHost />
        </Suspense>
      )}
    </div>
  );
}
