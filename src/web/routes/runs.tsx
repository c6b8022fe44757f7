import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { feedQueries } from '@/server-state/runs';
import { serverQueries } from '@/server-state/server';
import { EmptyState } from '@/components/ui/empty-state';
import { InboxIcon } from '@/components/ui/icons';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { PageHeading } from '@/components/ui/page-heading';
import { findShortcutLabel } from '@/features/runs/find/shortcut-label';
import type { RunFilter } from '@/features/runs/run-filter';
import { RunsView } from '@/features/runs/runs-view';
import { RetentionNote } from '@/features/retention/retention-note';
import { filterFromSearch, validateRunsSearch, withFilter } from '@/features/runs/runs-search';
import { usePageTitle } from '@/lib/use-page-title';

export const Route = createFileRoute('/runs')({
  validateSearch: validateRunsSearch,
  loaderDeps: ({ search }) => ({ search }),
  // The first page of runs comes with the page, and with a hover on a link to it; a failed read is
  // the list's own error to show (it offers a retry), so the loader lets it pass.
  loader: async ({ context: { queryClient }, deps: { search } }) => {
    const caps = await queryClient.ensureQueryData(serverQueries.capabilities());
    // The feed's code loads with the page's, not with the first page of the dashboard.
    const { feedKeyFor } = await import('@/features/runs/use-runs-feed');
    const key = feedKeyFor({ kind: 'all' }, filterFromSearch(search), caps);
    await queryClient.ensureInfiniteQueryData(feedQueries.pages(key)).catch(() => undefined);
  },
  pendingComponent: () => <ListSkeleton label="Loading runs" />,
  component: RunsPage,
});

function RunsPage() {
  usePageTitle('Runs');
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const filter = useMemo(() => filterFromSearch(search), [search]);
  const onFilterChange = useCallback(
    (next: Partial<RunFilter>) => void navigate({ search: (prev) => withFilter(prev, next), replace: true }),
    [navigate],
  );
  return (
    <div className="space-y-6">
      <PageHeading title="Runs">
        Recent runs of every workflow, newest first. Paste a run’s short id, a link or a workflow name into Find (
        {findShortcutLabel()}) to open it. <RetentionNote />
      </PageHeading>
      <RunsView
        scope={{ kind: 'all' }}
        filter={filter}
        onFilterChange={onFilterChange}
        empty={
          <EmptyState icon={<InboxIcon className="size-6" />} title="No runs yet">
            Runs of every workflow appear here as they start.
          </EmptyState>
        }
      />
    </div>
  );
}
