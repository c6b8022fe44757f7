import { Link } from '@tanstack/react-router';
import { AppHeader, menuOnlyIcon, navActive, navLabel, navLink } from '@/components/layout/app-header';
import { icon } from '@/components/ui/create-icon';
import { HandIcon } from '@/components/ui/shell-icons';
import { WaitingCount, type Waiting } from '@/features/approvals/waiting-count';
import { useActiveProfile, useConnection } from '@/server-state/connection';
import { FindById } from '@/features/runs/find/find-button';
import { IdleBudgetMeter, IdleProfileSwitcher } from './lazy-views';

const RunsIcon = /* @__PURE__ */ icon('RunsIcon', 'M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01');

/** The header with the features it shows: the shared frame stays free of feature imports. */
export function ShellHeader() {
  const connected = useActiveProfile().apiKey !== '';
  const profiles = useConnection().profiles.length;
  return (
    <AppHeader
      connected={connected}
      // The profile switcher shows from two profiles on, and needs the links' room.
      wideTools={profiles > 1}
      nav={connected && <RunsLinks />}
      tools={
        <>
          {connected && <FindById />}
          <IdleProfileSwitcher />
          <IdleBudgetMeter />
        </>
      }
    />
  );
}

/** The approvals inbox with how many runs wait, and runs across workflows. */
function RunsLinks() {
  return (
    <>
      <WaitingCount>{(waiting) => <ApprovalsLink waiting={waiting} />}</WaitingCount>
      <Link to="/runs" className={navLink} activeProps={navActive}>
        <RunsIcon className={menuOnlyIcon} />
        <span>Runs</span>
      </Link>
    </>
  );
}

function ApprovalsLink({ waiting }: { waiting: Waiting | undefined }) {
  const label = waiting && waiting.count > 0 ? `${waiting.count}${waiting.more ? '+' : ''}` : null;
  return (
    <Link
      to="/approvals"
      className={navLink}
      activeProps={navActive}
      aria-label={label ? `Approvals, ${label} waiting` : 'Approvals'}
      title={label ? `Approvals, ${label} waiting` : 'Approvals'}
      data-waiting={label ? true : undefined}
    >
      <HandIcon className="size-4" />
      <span className={navLabel}>Approvals</span>
      {label && (
        <span className="rounded-full bg-amber-500 px-1.5 text-xs font-semibold text-white tabular-nums dark:bg-amber-400 dark:text-amber-950">
          {label}
        </span>
      )}
    </Link>
  );
}
