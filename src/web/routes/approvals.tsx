import { createFileRoute } from '@tanstack/react-router';
import { serverQueries } from '@/api/server-queries';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { ApprovalsInbox } from '@/features/approvals/approvals-inbox';
import { usePageTitle } from '@/lib/use-page-title';

export const Route = createFileRoute('/approvals')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(serverQueries.capabilities()),
  pendingComponent: () => <ListSkeleton label="Loading approvals" />,
  component: ApprovalsPage,
});

function ApprovalsPage() {
  usePageTitle('Approvals');
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold text-zinc-900 dark:text-white">Approvals</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Every run waiting for a person’s decision, across workflows. Read the draft, then approve or reject.
        </p>
      </div>
      <ApprovalsInbox />
    </div>
  );
}
