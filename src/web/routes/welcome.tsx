import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createFileRoute, redirect, useNavigate, useRouter } from '@tanstack/react-router';
import { Card, CardBody } from '@/components/ui/card';
import { WorkflowIcon } from '@/components/ui/shell-icons';
import { getProfilesStore } from '@/api/profiles-store';
import { WelcomeForm } from '@/features/connection/welcome-form';
import { validateWelcomeSearch } from '@/lib/search-params';
import { usePageTitle } from '@/lib/use-page-title';

export const Route = createFileRoute('/welcome')({
  validateSearch: validateWelcomeSearch,
  // A tab that already has a key has nothing to arrive at here.
  beforeLoad: ({ search }) => {
    if (getProfilesStore().isConnected()) throw redirect({ href: search.redirect ?? '/workflows' });
  },
  component: WelcomePage,
});

const WHAT_IT_DOES = [
  'Describe a task in plain words, and it becomes a workflow with its own form.',
  'Run it for one person, or for every row of a spreadsheet.',
  'Read drafts and approve them before anything goes out, then download the results.',
];

function WelcomePage() {
  usePageTitle('Welcome');
  const { redirect: back } = Route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const gone = useRef(false);
  const onConnected = () => {
    if (gone.current) return;
    gone.current = true;
    if (back) router.history.push(back);
    else void navigate({ to: '/workflows' });
  };
  // A key that arrives while this page shows (an open tab's late answer) goes on as a typed one would.
  const connected = useSyncExternalStore(getProfilesStore().subscribe, () => getProfilesStore().isConnected());
  useEffect(() => {
    if (connected) onConnected();
  });
  return (
    <div className="mx-auto max-w-xl space-y-6 sm:pt-6">
      <div className="space-y-3">
        <span className="grid size-10 place-items-center rounded-lg bg-indigo-600 text-white shadow-sm">
          <WorkflowIcon className="size-5" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Welcome to Workflows</h1>
        <p className="text-zinc-700 dark:text-zinc-300">
          This dashboard is where you use a workflow automation service from your browser.
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
          {WHAT_IT_DOES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <Card>
        <CardBody className="space-y-4">
          <div>
            <h2 className="font-semibold text-zinc-900 dark:text-white">Connect with your key</h2>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              The service only answers people who have an API key for it. Enter yours once; it is sent to this service
              only.
            </p>
          </div>
          <WelcomeForm onConnected={onConnected} />
        </CardBody>
      </Card>
    </div>
  );
}
