import { Link } from '@tanstack/react-router';
import { AppHeader, navActive, navLink } from '@/components/layout/app-header';
import { HandIcon } from '@/components/ui/shell-icons';
import { WaitingCount, type Waiting } from '@/features/approvals/waiting-count';
import { FindById } from '@/features/find/find-button';
import { useActiveProfile } from '@/api/active-client';
import { ProfileSwitcher } from '@/features/connection/profile-switcher';
import { BudgetMeter } from './budget-meter';

/** The header with the features it shows: the shared frame stays free of feature imports. */
export function ShellHeader() {
  const connected = useActiveProfile().apiKey !== '';
  return (
    <AppHeader
      connected={connected}
      nav={connected && <RunsLinks />}
      tools={
        <>
          {connected && <FindById />}
          <ProfileSwitcher />
          <BudgetMeter />
        </>
      }
    />
  );
}

/** The approvals inbox with how many runs wait (first, so a phone shows it), and runs across workflows. */
function RunsLinks() {
  return (
    <>
      <WaitingCount>{(waiting) => <ApprovalsLink waiting={waiting} />}</WaitingCount>
      <Link to="/runs" className={navLink} activeProps={navActive}>
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
    >
      <HandIcon className="size-4" />
      <span className="hidden md:inline">Approvals</span>
      {label && (
        <span className="rounded-full bg-amber-500 px-1.5 text-xs font-semibold text-white tabular-nums dark:bg-amber-400 dark:text-amber-950">
          {label}
        </span>
      )}
    </Link>
  );
}
