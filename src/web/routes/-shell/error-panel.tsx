import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { RefreshIcon } from '@/components/ui/shell-icons';

/** The frame of every error page: an icon, a title, a sentence and the way forward. */
export function ErrorPanel({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <div className="mb-4 rounded-full bg-zinc-100 p-3 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">{icon}</div>
      <h1 className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">{title}</h1>
      <div className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{children}</div>
      <div className="mt-6 flex flex-wrap justify-center gap-2">{actions}</div>
    </div>
  );
}

/**
 * A chunk of this build could not be loaded even after the reload (an incomplete deployment). It
 * ships with the first page, as the page that says so cannot depend on a chunk that may be missing.
 */
export function ReloadNeeded({ message }: { message: string }) {
  return (
    <ErrorPanel
      icon={<RefreshIcon className="size-6" />}
      title="The dashboard needs a reload"
      actions={
        <Button variant="primary" onClick={() => window.location.reload()}>
          <RefreshIcon /> Reload
        </Button>
      }
    >
      {message}
    </ErrorPanel>
  );
}
