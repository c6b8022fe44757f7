import { AppHeader } from '@/components/layout/app-header';
import { useActiveProfile } from '@/api/active-client';
import { ProfileSwitcher } from '@/features/connection/profile-switcher';
import { BudgetMeter } from './budget-meter';

/** The header with the features it shows: the shared frame stays free of feature imports. */
export function ShellHeader() {
  const connected = useActiveProfile().apiKey !== '';
  return (
    <AppHeader
      connected={connected}
      tools={
        <>
          <ProfileSwitcher />
          <BudgetMeter />
        </>
      }
    />
  );
}
