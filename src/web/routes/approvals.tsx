import { createFileRoute } from '@tanstack/react-router';
import { feedQueries } from '@/server-state/runs';
import { serverQueries } from '@/server-state/server';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { PageHeading } from '@/components/ui/page-heading';
import { ApprovalsInbox } from '@/features/approvals/approvals-inbox';
import { usePageTitle } from '@/lib/use-page-title';

export const Route = createFileRoute('/approvals')({
  // The inbox's first page of waiting runs comes with the page, and with a hover on a link to it; a
  // failed read is the inbox's own error to show (it offers a retry), so the loader lets it pass.
  loader: async ({ context: { queryClient } }) => {
    const caps = await queryClient.ensureQueryData(serverQueries.capabilities());
    // The feed's code loads with the page's, not with the first page of the dashboard.
    const [{ feedKeyFor }, { WAITING }] = await Promise.all([
      import('@/features/runs/use-runs-feed'),
      import('@/features/approvals/waiting-filter'),
    ]);
    const key = feedKeyFor({ kind: 'all' }, WAITING, caps);
    await queryClient.ensureInfiniteQueryData(feedQueries.pages(key)).catch(() => undefined);
  },
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
