import type { ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense, type ComponentType } from 'react';
import { ChunkUnavailableError } from '@/lib/chunk-load';
import { useWhenIdle } from '@/lib/use-when-idle';
import { ReloadNeeded } from './error-panel';

// Views the first page does not draw: the error and not-found pages, the header's budget meter
// (shown only when the budget runs low) and its profile switcher (drawn once the page is idle). They load right after the first page (`preloadShellViews`),
// so they are in memory before an outage or a redeploy could keep them from loading.
const loadRouteError = () => import('./route-error');
const loadNotFound = () => import('@/components/not-found');
const loadBudgetMeter = () => import('./budget-meter');
const loadProfileSwitcher = () => import('@/features/connection/profile-switcher');
const loadKeyRefusedBanner = () => import('./key-refused-banner');

const LazyRouteError = lazy(() => loadRouteError().then((m) => ({ default: m.RouteErrorView })));
const LazyNotFound = lazy(() => loadNotFound().then((m) => ({ default: m.NotFoundView })));
const LazyBudgetMeter = lazy(() => loadBudgetMeter().then((m) => ({ default: m.BudgetMeter })));
const LazyProfileSwitcher = lazy(() => loadProfileSwitcher().then((m) => ({ default: m.ProfileSwitcher })));
const LazyKeyRefusedBanner = lazy(() => loadKeyRefusedBanner().then((m) => ({ default: m.KeyRefusedBanner })));

/** Loads the views above; a failure is left to the view's own import, which retries. */
export const preloadShellViews = (): void =>
  void Promise.all([
    loadRouteError(),
    loadNotFound(),
    loadBudgetMeter(),
    loadProfileSwitcher(),
    loadKeyRefusedBanner(),
  ]).catch(() => undefined);

export function RouteError(props: ErrorComponentProps) {
  // Said without the lazy view: when chunks are missing, its own chunk may be one of them.
  if (props.error instanceof ChunkUnavailableError) return <ReloadNeeded message={props.error.message} />;
  return (
    <Suspense fallback={null}>
      <LazyRouteError {...props} />
    </Suspense>
  );
}

export function NotFound({ message }: { message?: string }) {
  return (
    <Suspense fallback={null}>
      <LazyNotFound message={message} />
    </Suspense>
  );
}

/** A lazy view drawn once the page is idle, so neither it nor its chunk holds up the first page. */
function whenIdle(View: ComponentType): ComponentType {
  return function IdleView() {
    const idle = useWhenIdle(0);
    return idle ? (
      <Suspense fallback={null}>
        <View />
      </Suspense>
    ) : null;
  };
}

/** The header's meter, once the page is idle: it shows only when the budget runs low. */
export const IdleBudgetMeter = whenIdle(LazyBudgetMeter);

/** The header's profile switcher (shown from two profiles on), once the page is idle. */
export const IdleProfileSwitcher = whenIdle(LazyProfileSwitcher);

/**
 * The banner that says the server stopped taking this key, and the watch behind it, once the page
 * is idle: a key refused before then is said by the page's own error, and the watch only fills the
 * silences of an idle page.
 */
export const IdleKeyRefusedBanner = whenIdle(LazyKeyRefusedBanner);
