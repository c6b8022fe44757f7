import { lazy, Suspense } from 'react';
import { useToasts } from './toast-store';

export { toast } from './toast-store';

const ToastList = lazy(() => import('./toast-list'));

/**
 * The toast region. It is always in the page (so screen readers announce what appears in it);
 * the cards' code loads with the first toast.
 */
export function Toaster() {
  const items = useToasts();
  return (
    <div
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
      aria-live="polite"
      role="region"
      aria-label="Notifications"
    >
      {items.length > 0 && (
        <Suspense fallback={null}>
          <ToastList items={items} />
        </Suspense>
      )}
    </div>
  );
}
