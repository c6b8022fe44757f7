import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PlusIcon, SparklesIcon } from '../../components/ui/icons';
import { FilterBox } from '../../features/workflows/filter-box';
import { filterWorkflows, WorkflowList, WorkflowListSkeleton } from '../../features/workflows/workflow-list';
import { workflowQueries } from '../../features/workflows/workflow-queries';
import { workflowsSearchSchema } from '../../lib/search-params';
import { usePageTitle } from '../../lib/use-page-title';

export const Route = createFileRoute('/workflows/')({
  validateSearch: workflowsSearchSchema,
  loader: ({ context: { queryClient } }) => queryClient.ensureInfiniteQueryData(workflowQueries.list()),
  pendingComponent: () => (
    <div className="space-y-6">
      <PageHeading />
      <WorkflowListSkeleton />
    </div>
  ),
  component: WorkflowsPage,
});

function PageHeading() {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Workflows</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Automations designed from a prompt. Open one to run it.</p>
      </div>
      <Link to="/workflows/new" className={buttonClasses('primary')}>
        <PlusIcon /> New workflow
      </Link>
    </div>
  );
}

function WorkflowsPage() {
  usePageTitle('Workflows');
  const { q = '' } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useSuspenseInfiniteQuery(workflowQueries.list());
  const all = data.pages.flatMap((p) => p.data);
  const shown = filterWorkflows(all, q);
  const setQuery = (value: string) => void navigate({ search: { q: value || undefined }, replace: true });

  return (
    <div className="space-y-6">
      <PageHeading />
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
          Describe a task in plain words, for example “a company brief from a company name and its website”, and the planner designs the
          workflow and its input form.
        </EmptyState>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <FilterBox value={q} onChange={setQuery} label="Filter workflows" placeholder="Filter by name or description" />
            <p className="text-sm text-zinc-500 dark:text-zinc-400" aria-live="polite">
              {q ? `${shown.length} of ${all.length} loaded` : `${all.length}${hasNextPage ? '+' : ''} workflows`}
            </p>
          </div>
          {shown.length > 0 ? (
            <WorkflowList workflows={shown} />
          ) : (
            <EmptyState title="No loaded workflow matches">
              {hasNextPage ? 'Load more to search further, or ' : ''}
              <button type="button" className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400" onClick={() => setQuery('')}>
                clear the filter
              </button>
              .
            </EmptyState>
          )}
          {hasNextPage && (
            <div className="flex justify-center">
              <Button onClick={() => void fetchNextPage()} busy={isFetchingNextPage}>
                Load more
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
