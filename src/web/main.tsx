import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { NotFoundView } from './components/not-found';
import { RouteErrorView } from './routes/-shell/route-error';
import { PageSkeleton } from './components/ui/skeleton';
import { followActiveProfile } from './api/active-client';
import { getProfilesStore } from './api/profiles-store';
import { workflowQueries } from './features/workflows/workflow-queries';
import { initTheme } from './lib/theme';
import { routeTree } from './route-tree.gen';
import './styles.css';

initTheme();
// The scheduler takes the active profile's budget and scope now and after every profile switch.
followActiveProfile();

const queryClient = createQueryClient();

// The workflow list is the first page of most visits: its request starts now, while React and the
// router are still starting, and the route's loader then finds it under way.
if (/^\/(workflows\/?)?$/.test(location.pathname) && getProfilesStore().isConnected()) {
  void queryClient.prefetchInfiniteQuery(workflowQueries.list());
}

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // React Query owns freshness; the router always asks it rather than caching loader results itself.
  defaultPreloadStaleTime: 0,
  defaultPendingMs: 150,
  defaultPendingComponent: () => <PageSkeleton />,
  defaultErrorComponent: RouteErrorView,
  defaultNotFoundComponent: () => <NotFoundView />,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
