import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface TabLink {
  label: ReactNode;
  link: LinkProps;
  /** Active only on an exact match (for an index tab). */
  exact?: boolean;
}

/** Route tabs: plain links in a nav, with aria-current on the active one, so they work with any reader. */
export function RouteTabs({ label, tabs }: { label: string; tabs: TabLink[] }) {
  return (
    <nav aria-label={label} className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
      {tabs.map((tab, i) => (
        <Link
          key={i}
          {...tab.link}
          activeOptions={{ exact: tab.exact ?? false, includeSearch: false }}
          className="-mb-px inline-flex h-10 shrink-0 items-center gap-1.5 border-b-2 border-transparent px-3 text-sm font-medium text-zinc-600 transition-colors hover:border-zinc-300 hover:text-zinc-900 dark:text-zinc-400 dark:hover:border-zinc-600 dark:hover:text-zinc-100"
          activeProps={{
            className: '!border-indigo-600 !text-zinc-900 dark:!border-indigo-400 dark:!text-white',
            'aria-current': 'page',
          }}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
