import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { PlusIcon, SparklesIcon } from '@/components/ui/shell-icons';
import { FilterBox } from '@/features/workflows/filter-box';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { filterWorkflows, WorkflowList } from '@/features/workflows/workflow-list';
import { WorkflowsHeading } from '@/features/workflows/workflows-heading';
import { workflowQueries } from '@/server-state/workflows';
import { validateWorkflowsSearch } from '@/lib/search-params';
import { usePageTitle } from '@/lib/use-page-title';
import { useWhenIdle } from '@/lib/use-when-idle';

export const Route = createFileRoute('/workflows/')({
  validateSearch: validateWorkflowsSearch,
  loader: ({ context: { queryClient } }) => queryClient.ensureInfiniteQueryData(workflowQueries.list()),
  pendingComponent: () => (
    <div className="space-y-6">
      <WorkflowsHeading />
      <ListSkeleton label="Loading workflows" />
    </div>
  ),
  component: WorkflowsPage,
});

/**
 * A workflow's page is the usual next step from the list: its chunks and its run form's code load
 * once the list has painted and the browser is idle, so a click on a row waits only for that
 * workflow's data (which a hover on the row already asks for). No row's data is read ahead: that
 * would spend the request budget on workflows nobody opens.
 */
function useWarmWorkflowPage() {
  const router = useRouter();
  const idle = useWhenIdle(500);
  useEffect(() => {
    if (!idle) return;
    for (const id of ['/workflows/$workflowId', '/workflows/$workflowId/'] as const)
      void router.loadRouteChunk(router.routesById[id])?.catch(() => undefined);
    void import('@/features/run/run-panel').then((panel) => panel.preloadSchemaForm()).catch(() => undefined);
  }, [idle, router]);
}

function WorkflowsPage() {
  usePageTitle('Workflows');
  useWarmWorkflowPage();
  const { q = '' } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useSuspenseInfiniteQuery(workflowQueries.list());
  const all = data.pages.flatMap((p) => p.data);
  const shown = filterWorkflows(all, q);
  const setQuery = (value: string) => void navigate({ search: { q: value || undefined }, replace: true });

  return (
    <div className="space-y-6">
      <WorkflowsHeading />
      {all.length === 0 ? (
        <EmptyState
          icon={<SparklesIcon className="size-6" />}
          title="No workflows yet"
          action={
            <Link to="/workflows/new" className={buttonClasses('primary')}>
              <PlusIcon /> Create your first workflow
            </Link>
          }
        >
          Describe a task in plain words, for example “a company brief from a company name and its website”, and the
          planner designs the workflow and its input form.
        </EmptyState>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <FilterBox
              value={q}
              onChange={setQuery}
              label="Filter workflows"
              placeholder="Filter by name or description"
            />
            <p className="text-sm text-zinc-500 dark:text-zinc-400" aria-live="polite">
              {q ? `${shown.length} of ${all.length} loaded` : `${all.length}${hasNextPage ? '+' : ''} workflows`}
            </p>
          </div>
          {shown.length > 0 ? (
            <WorkflowList workflows={shown} />
          ) : (
            <EmptyState title="No loaded workflow matches">
              {hasNextPage ? 'Load more to search further, or ' : ''}
              <button
                type="button"
                className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400"
                onClick={() => setQuery('')}
              >
                clear the filter
              </button>
              .
            </EmptyState>
          )}
          <LoadMore hasNextPage={hasNextPage} busy={isFetchingNextPage} onLoad={() => void fetchNextPage()} />
        </>
      )}
    </div>
  );
}
