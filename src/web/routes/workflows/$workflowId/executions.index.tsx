import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { InboxIcon, PlayIcon } from '@/components/ui/icons';
import { Select } from '@/components/ui/input';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { ExecutionList, filterExecutions } from '@/features/executions/execution-list';
import { executionQueries, hasActive } from '@/features/executions/execution-queries';
import { STATUS_META } from '@/features/executions/status-badge';
import { EXECUTION_STATUS_FILTERS, validateExecutionsSearch, type ExecutionStatusFilter } from '@/lib/search-params';

export const Route = createFileRoute('/workflows/$workflowId/executions/')({
  validateSearch: validateExecutionsSearch,
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureInfiniteQueryData(executionQueries.list(params.workflowId)),
  pendingComponent: () => <ListSkeleton label="Loading executions" />,
  component: ExecutionsTab,
});

const filterLabel = (f: ExecutionStatusFilter) =>
  f === 'all' ? 'All statuses' : f === 'active' ? 'Not finished yet' : STATUS_META[f].label;

function ExecutionsTab() {
  const { workflowId } = Route.useParams();
  const { status = 'all' } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useSuspenseInfiniteQuery(
    executionQueries.list(workflowId),
  );
  const all = data.pages.flatMap((p) => p.data);
  const shown = filterExecutions(all, status);
  const live = hasActive(data);

  if (all.length === 0) {
    return (
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
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor="status-filter" className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
            Status
          </label>
          <Select
            id="status-filter"
            className="w-52"
            value={status}
            onChange={(e) =>
              void navigate({
                search: { status: e.target.value === 'all' ? undefined : (e.target.value as ExecutionStatusFilter) },
                replace: true,
              })
            }
          >
            {EXECUTION_STATUS_FILTERS.map((f) => (
              <option key={f} value={f}>
                {filterLabel(f)}
              </option>
            ))}
          </Select>
        </div>
        <p className="flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400" aria-live="polite">
          {live && (
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2 animate-pulse rounded-full bg-emerald-500" aria-hidden="true" /> Live
            </span>
          )}
          {status === 'all'
            ? `${all.length}${hasNextPage ? '+' : ''} executions`
            : `${shown.length} of ${all.length} loaded`}
        </p>
      </div>
      {shown.length > 0 ? (
        <ExecutionList workflowId={workflowId} executions={shown} />
      ) : (
        <EmptyState title={`No loaded execution is “${filterLabel(status)}”`}>
          {hasNextPage ? 'Load more to look further back.' : 'Try another status.'}
        </EmptyState>
      )}
      <LoadMore hasNextPage={hasNextPage} busy={isFetchingNextPage} onLoad={() => void fetchNextPage()} />
    </div>
  );
}
