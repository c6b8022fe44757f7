import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PlusIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import { useConnection } from '@/server-state/connection';
import { BudgetForm } from '@/features/connection/budget-form';
import { ConnectionForm } from '@/features/connection/connection-form';
import { PlannerStatus } from '@/features/connection/planner-status';
import { KeysSection } from '@/features/connection/keys-section';
import { RetentionSection } from '@/features/retention/retention-section';
import { defaultBaseUrl, getProfilesStore, type Profile } from '@/api/profiles-store';
import { NotificationToggle } from '@/features/run/notification-toggle';
import { cn } from '@/lib/cn';
import { validateSettingsSearch } from '@/lib/search-params';
import { usePageTitle } from '@/lib/use-page-title';
import { BudgetUsage } from './-shell/budget-meter';

export const Route = createFileRoute('/settings')({
  validateSearch: validateSettingsSearch,
  component: SettingsPage,
});

const newProfile = (): Profile => ({
  id: '',
  name: '',
  baseUrl: defaultBaseUrl(location.origin),
  apiKey: '',
  remember: false,
});

const SHORTCUTS: [string, string][] = [
  ['g then w', 'Go to workflows'],
  ['g then n', 'New workflow'],
  ['g then s', 'Settings'],
  ['/', 'Focus the filter box'],
];

/** The profiles to pick one to edit, the active one marked, and the new one being written. */
function ProfilePicker({
  current,
  editing,
  onPick,
}: {
  current: Profile;
  editing: Profile | null;
  onPick: (profile: Profile) => void;
}) {
  const { profiles, activeId } = useConnection();
  return (
    <div role="group" aria-label="Profile to edit" className="flex flex-wrap gap-2">
      {profiles.map((p) => (
        <button
          key={p.id}
          type="button"
          aria-pressed={current.id === p.id}
          onClick={() => onPick(p)}
          className={cn(
            'rounded-full border px-3 py-1 text-sm font-medium',
            current.id === p.id
              ? 'border-indigo-600 bg-indigo-50 text-indigo-700 dark:border-indigo-400 dark:bg-indigo-500/15 dark:text-indigo-200'
              : 'border-zinc-300 text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800',
          )}
        >
          {p.name}
          {p.id === activeId ? ' · active' : ''}
        </button>
      ))}
      {editing?.id === '' && (
        <span className="rounded-full border border-dashed border-indigo-400 px-3 py-1 text-sm text-indigo-700 dark:text-indigo-300">
          New profile
        </span>
      )}
    </div>
  );
}

/** The keyboard shortcuts, as keys to press and what they do. */
function ShortcutsCard() {
  return (
    <Card>
      <CardHeader title="Keyboard shortcuts" />
      <CardBody>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {SHORTCUTS.map(([keys, what]) => (
            <div key={keys} className="contents">
              <dt>
                {keys.split(' then ').map((k, i) => (
                  <span key={k}>
                    {i > 0 && <span className="mx-1 text-zinc-500 dark:text-zinc-400">then</span>}
                    <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-800">
                      {k}
                    </kbd>
                  </span>
                ))}
              </dt>
              <dd className="text-zinc-700 dark:text-zinc-300">{what}</dd>
            </div>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}

function SettingsPage() {
  usePageTitle('Settings');
  const { redirect, reason } = Route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const { profiles, activeId } = useConnection();
  const [editing, setEditing] = useState<Profile | null>(null);
  const current = editing ?? profiles.find((p) => p.id === activeId) ?? profiles[0]!;

  const onSaved = () => {
    setEditing(null);
    if (redirect) router.history.push(redirect);
    else void navigate({ to: '/workflows' });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Settings</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Where the dashboard connects, and how it behaves in this browser.
        </p>
      </div>

      {reason === 'no-key' && (
        <Notice tone="info" title="Connect to a workflow server to get started">
          The dashboard needs the API key of a Workflow Automation Service. The local service prints one when it starts;
          paste it below and choose Save and connect.
        </Notice>
      )}
      {reason === 'rejected' && (
        <Notice tone="danger" title="Your key was rejected" role="alert">
          The server did not accept the API key of the {current.name} profile. Enter a valid key; you will go back to
          the page you were on.
        </Notice>
      )}

      <Card>
        <CardHeader
          title="Connection"
          description="Profiles let you switch between servers, like Local and Production, from the header."
          actions={
            <Button size="sm" variant="secondary" onClick={() => setEditing(newProfile())}>
              <PlusIcon /> New profile
            </Button>
          }
        />
        <CardBody className="space-y-5">
          {(profiles.length > 1 || editing?.id === '') && (
            <ProfilePicker current={current} editing={editing} onPick={setEditing} />
          )}
          {/* What the connected server says of itself; a profile being edited may point elsewhere. */}
          {current.id === activeId && <PlannerStatus />}
          <ConnectionForm
            key={current.id || 'new'}
            profile={current}
            onSaved={onSaved}
            plannerShownAbove={current.id === activeId}
          />
          {current.id !== '' && profiles.length > 1 && (
            <div className="border-t border-zinc-200 pt-4 dark:border-zinc-800">
              <Button
                size="sm"
                variant="ghost"
                className="text-red-600 dark:text-red-400"
                onClick={() => {
                  getProfilesStore().remove(current.id);
                  setEditing(null);
                }}
              >
                Delete the {current.name} profile
              </Button>
            </div>
          )}
        </CardBody>
      </Card>

      <KeysSection />
      <RetentionSection />

      <Card>
        <CardHeader
          title="Request budget"
          description="The dashboard spaces its requests so the key never exceeds the server’s rate limit."
        />
        <CardBody className="space-y-5">
          <BudgetUsage />
          <BudgetForm />
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Notifications" />
        <CardBody>
          <NotificationToggle />
        </CardBody>
      </Card>

      <ShortcutsCard />
    </div>
  );
}
