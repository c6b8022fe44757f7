import type { ReactNode } from 'react';

/** A list page's title and the sentence under it. */
export function PageHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h1 className="text-xl font-semibold text-zinc-900 dark:text-white">{title}</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{children}</p>
    </div>
  );
}
