import type { ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { ChunkUnavailableError } from '@/lib/chunk-load';
import { useWhenIdle } from '@/lib/use-when-idle';
import { ReloadNeeded } from './error-panel';

// Views the first page does not draw: the error and not-found pages, and the header's budget meter
// (shown only when the budget runs low). They load right after the first page (`preloadShellViews`),
// so they are in memory before an outage or a redeploy could keep them from loading.
const loadRouteError = () => import('./route-error');
const loadNotFound = () => import('@/components/not-found');
const loadBudgetMeter = () => import('./budget-meter');

const LazyRouteError = lazy(() => loadRouteError().then((m) => ({ default: m.RouteErrorView })));
const LazyNotFound = lazy(() => loadNotFound().then((m) => ({ default: m.NotFoundView })));
const LazyBudgetMeter = lazy(() => loadBudgetMeter().then((m) => ({ default: m.BudgetMeter })));

/** Loads the views above; a failure is left to the view's own import, which retries. */
export const preloadShellViews = (): void =>
  void Promise.all([loadRouteError(), loadNotFound(), loadBudgetMeter()]).catch(() => undefined);

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

/** The header's meter, once the page is idle: it shows only when the budget runs low. */
export function IdleBudgetMeter() {
  const idle = useWhenIdle(0);
  return idle ? (
    <Suspense fallback={null}>
      <LazyBudgetMeter />
    </Suspense>
  ) : null;
}
