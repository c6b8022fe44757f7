import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { PlusIcon, SettingsIcon, WorkflowIcon } from '@/components/ui/shell-icons';
import { ThemeToggle } from './theme-toggle';

export const navLink =
  'inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';
export const navActive = {
  className: '!bg-zinc-100 !text-zinc-900 dark:!bg-zinc-800 dark:!text-white',
  'aria-current': 'page' as const,
};

interface AppHeaderProps {
  /** Whether a profile has a key: only then can the user create a workflow. */
  connected: boolean;
  /** The account's controls (profile, request budget), composed by the root route from the features. */
  tools: ReactNode;
  /** Further main links (runs, approvals), composed by the root route. */
  nav?: ReactNode;
}

/** The frame of the header; what it shows of the connection comes in as props, from the root route. */
export function AppHeader({ connected, tools, nav }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/85 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/85">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <Link
          to="/workflows"
          className="flex shrink-0 items-center gap-2 rounded-md pr-1 font-semibold text-zinc-900 dark:text-white"
          aria-label="Workflows home"
        >
          <span className="grid size-7 place-items-center rounded-md bg-indigo-600 text-white shadow-sm">
            <WorkflowIcon className="size-4" />
          </span>
          <span className="hidden text-sm sm:inline">Workflows</span>
        </Link>
        {/* On a phone the links scroll sideways rather than push the page wider than the screen. */}
        <nav aria-label="Main" className="flex min-w-0 items-center gap-0.5 overflow-x-auto [scrollbar-width:none]">
          <Link
            to="/workflows"
            className={navLink}
            activeProps={navActive}
            activeOptions={{ exact: false, includeSearch: false }}
          >
            <span>Workflows</span>
          </Link>
          {nav}
          <Link to="/settings" className={navLink} activeProps={navActive} aria-label="Settings">
            <SettingsIcon />
            <span className="hidden md:inline">Settings</span>
          </Link>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-2 sm:gap-3">
          {tools}
          <ThemeToggle />
          {connected && (
            <span className="hidden sm:block">
              <Link to="/workflows/new" className={buttonClasses('primary', 'sm')}>
                <PlusIcon /> New workflow
              </Link>
            </span>
          )}
        </div>
      </div>
    </header>
  );
}
