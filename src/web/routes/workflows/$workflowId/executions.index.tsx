import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { feedQueries } from '@/server-state/runs';
import { serverQueries } from '@/server-state/server';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { InboxIcon, PlayIcon } from '@/components/ui/icons';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { RunsHealthPanel } from '@/features/runs/health/runs-health-panel';
import type { RunFilter } from '@/features/runs/run-filter';
import { RunsView } from '@/features/runs/runs-view';
import { filterFromSearch, validateRunsSearch, withFilter } from '@/features/runs/runs-search';
import { workflowQueries } from '@/server-state/workflows';

export const Route = createFileRoute('/workflows/$workflowId/executions/')({
  validateSearch: validateRunsSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context: { queryClient }, params, deps: { search } }) => {
    const [caps] = await Promise.all([
      queryClient.ensureQueryData(serverQueries.capabilities()),
      queryClient.ensureQueryData(workflowQueries.detail(params.workflowId)),
    ]);
    // The first page of runs comes with the tab, and with a hover on it; a failed read is the list's
    // own error to show (it offers a retry), so the loader lets it pass.
    // The feed's code loads with the page's, not with the first page of the dashboard.
    const { feedKeyFor } = await import('@/features/runs/use-runs-feed');
    const key = feedKeyFor({ kind: 'workflow', workflowId: params.workflowId }, filterFromSearch(search), caps);
    await queryClient.ensureInfiniteQueryData(feedQueries.pages(key)).catch(() => undefined);
  },
  pendingComponent: () => <ListSkeleton label="Loading executions" />,
  component: ExecutionsTab,
});

function ExecutionsTab() {
  const { workflowId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: workflow } = useSuspenseQuery(workflowQueries.detail(workflowId));
  const filter = useMemo(() => filterFromSearch(search), [search]);
  const onFilterChange = useCallback(
    (next: Partial<RunFilter>) =>
      void navigate({
        search: (prev) => withFilter(prev, next),
        replace: true,
      }),
    [navigate],
  );

  return (
    <RunsView
      scope={{ kind: 'workflow', workflowId }}
      filter={filter}
      onFilterChange={onFilterChange}
      originAt={workflow.created_at}
      below={({ all, complete }) => (
        <RunsHealthPanel
          workflowId={workflowId}
          loadedRuns={all}
          complete={complete}
          range={search.range}
          onRangeChange={(range) => onFilterChange({ range })}
        />
      )}
      empty={
        <EmptyState
          icon={<InboxIcon className="size-6" />}
          title="No executions yet"
          action={
            <Link to="/workflows/$workflowId" params={{ workflowId }} className={buttonClasses('primary')}>
              <PlayIcon className="size-3.5" /> Run it
            </Link>
          }
        >
          Each run of this workflow appears here with its status.
        </EmptyState>
      }
    />
  );
}
