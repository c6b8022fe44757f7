import { createFileRoute } from '@tanstack/react-router';
import { serverQueries } from '@/server-state/server';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { PageHeading } from '@/components/ui/page-heading';
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
      <PageHeading title="Approvals">
        Every run waiting for a person’s decision, across workflows. Read the draft, then approve or reject.
      </PageHeading>
      <ApprovalsInbox />
    </div>
  );
}
