import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { icon } from '@/components/ui/create-icon';
import { PlusIcon, SettingsIcon, WorkflowIcon } from '@/components/ui/shell-icons';
import { cn } from '@/lib/cn';
import { ThemeToggle } from './theme-toggle';
import { useFoldMenu } from './use-fold-menu';

const MenuIcon = /* @__PURE__ */ icon('MenuIcon', 'M4 6h16M4 12h16M4 18h16');
const CloseIcon = /* @__PURE__ */ icon('CloseIcon', 'M18 6 6 18M6 6l12 12');

const iconButton =
  'relative inline-flex size-8 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';
export const navLink =
  'inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-zinc-600 group-data-menu/links:h-10 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';
export const navActive = {
  className: '!bg-zinc-100 !text-zinc-900 dark:!bg-zinc-800 dark:!text-white',
  'aria-current': 'page' as const,
};
/** An icon a link shows only in the menu, where the rows line up on their icons. */
export const menuOnlyIcon = 'hidden group-data-menu/links:block';
/** The text beside a link's icon: always in the menu; in the header row only from `lg`, where it fits. */
export const navLabel = 'max-lg:group-data-row/links:hidden';

const LINKS_ID = 'main-links';

interface AppHeaderProps {
  /** Whether a profile has a key: only then can the user create a workflow. */
  connected: boolean;
  /** The account's controls (profile, request budget), composed by the root route from the features. */
  tools: ReactNode;
  /** Whether the tools are wide (a profile switcher): the links then fold into the menu below `xl`. */
  wideTools?: boolean;
  /** Further main links (runs, approvals), composed by the root route. */
  nav?: ReactNode;
}

/**
 * The frame of the header; what it shows of the connection comes in as props, from the root route.
 * Where the main links would not fit beside the tools (a phone), they fold into a menu button's panel.
 */
export function AppHeader({ connected, tools, wideTools = false, nav }: AppHeaderProps) {
  const { folded, open, setOpen, navRef, buttonRef } = useFoldMenu(wideTools ? '80rem' : '48rem');

  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/85 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/85">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1.5 px-3 sm:gap-4 sm:px-6">
        <Link
          to="/workflows"
          className="flex min-w-0 items-center gap-2 rounded-md pr-1 font-semibold text-zinc-900 dark:text-white"
          aria-label="Workflows home"
        >
          <span className="grid size-7 shrink-0 place-items-center rounded-md bg-indigo-600 text-white shadow-sm">
            <WorkflowIcon className="size-4" />
          </span>
          {/* Beside the links in a row, the room goes to the links until `lg`; folded into the menu, the name has room. */}
          {/* When the header is short of room (a tight budget's meter beside two profiles), the name gives way first. */}
          <span className={cn('truncate text-sm', folded ? 'inline' : 'hidden lg:inline')}>Workflows</span>
        </Link>
        <nav
          ref={navRef}
          aria-label="Main"
          className={cn('group/nav flex min-w-0 items-center', folded && 'shrink-0')}
          // Leaving the menu with Tab, or following one of its links, closes it.
          onBlur={(event) => {
            if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
          }}
          onClick={(event) => {
            if ((event.target as Element).closest('a')) setOpen(false);
          }}
        >
          {folded && (
            <button
              ref={buttonRef}
              type="button"
              className={cn(iconButton, open && 'bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100')}
              aria-label="Menu"
              title="Menu"
              aria-expanded={open}
              aria-controls={LINKS_ID}
              onClick={() => setOpen((was) => !was)}
            >
              {open ? <CloseIcon /> : <MenuIcon />}
              {/* Runs wait for approval: the count is on the Approvals link inside. */}
              <span className="absolute top-1 right-1 hidden size-2 rounded-full bg-amber-500 group-has-data-waiting/nav:block dark:bg-amber-400" />
            </button>
          )}
          <div
            id={LINKS_ID}
            data-menu={folded || undefined}
            data-row={!folded || undefined}
            className={cn(
              'group/links min-w-0',
              !folded && 'flex items-center gap-0.5 overflow-x-auto [scrollbar-width:none]',
              // Folded: a panel under the header, one link a row.
              folded &&
                'absolute inset-x-0 top-full flex-col gap-1 border-b border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-800 dark:bg-zinc-950',
              folded && (open ? 'flex' : 'hidden'),
            )}
          >
            <Link
              to="/workflows"
              className={navLink}
              activeProps={navActive}
              activeOptions={{ exact: false, includeSearch: false }}
            >
              <WorkflowIcon className={menuOnlyIcon} />
              <span>Workflows</span>
            </Link>
            {nav}
            <Link to="/settings" className={navLink} activeProps={navActive} aria-label="Settings" title="Settings">
              <SettingsIcon />
              <span className={navLabel}>Settings</span>
            </Link>
          </div>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1.5 sm:gap-3">
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
