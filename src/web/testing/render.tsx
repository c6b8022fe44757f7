import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { act, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { getProfilesStore } from '@/api/profiles-store';
import { createQueryClient } from '@/server-state/query-client';
import { serverQueries } from '@/server-state/server';
import { API_BASE, FakeV1Server } from './fake-v1-server';

// Vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

export interface Rendered extends Omit<RenderResult, 'rerender'> {
  /** Shows `ui` in place of the first, inside the same providers (new props, same cache and router). */
  rerender: (ui: ReactNode) => void;
  user: UserEvent;
  server: FakeV1Server;
  queryClient: QueryClient;
  /** The memory router the component sits in: `router.state.location.pathname` is where it navigated. */
  router: AnyRouter;
}

export interface RenderOptions {
  /** The v1 server the dashboard talks to; a plain v1 server with no data when omitted. */
  server?: FakeV1Server;
  /** The address the page starts at. */
  path?: string;
  /** Render as a visitor with no API key saved yet. */
  signedOut?: boolean;
}

/**
 * Renders `ui` as the dashboard would: a fresh query cache (the app's own, without retries so an
 * error shows at once), a memory router (links and navigation work; the component stays on screen
 * whatever the address, and the server's capabilities are read first, as pages' loaders do), and the
 * active profile pointed at `server`, whose `fetch` replaces the browser's. Components go through
 * the real server-state layer and API client. Resolves once the component is on screen.
 */
export async function renderWithServer(ui: ReactNode, options: RenderOptions = {}): Promise<Rendered> {
  const server = options.server ?? new FakeV1Server();
  vi.stubGlobal('fetch', server.fetch);
  const profiles = getProfilesStore();
  const active = profiles.active();
  profiles.save({
    ...active,
    baseUrl: `${location.origin}${API_BASE}`,
    apiKey: options.signedOut ? '' : server.apiKey,
  });

  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });

  // What the page shows, swappable by `rerender` without leaving the router and the cache.
  let shown = ui;
  const listeners = new Set<() => void>();
  let painted: () => void = () => undefined;
  const firstPaint = new Promise<void>((resolve) => (painted = resolve));
  function Page() {
    const current = useSyncExternalStore(
      (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      () => shown,
    );
    useEffect(() => painted(), []);
    return current;
  }

  const rootRoute = createRootRoute({
    loader: () => queryClient.ensureQueryData(serverQueries.capabilities()),
    component: Page,
    notFoundComponent: () => null,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
  });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await act(() => firstPaint);
  const rerender = (next: ReactNode) =>
    act(() => {
      shown = next;
      listeners.forEach((listener) => listener());
    });
  return { ...result, rerender, user, server, queryClient, router };
}

export { FakeV1Server } from './fake-v1-server';

/** What a screen reader says after an element's name: the text of the elements its aria-describedby names. */
export function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => element.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}
