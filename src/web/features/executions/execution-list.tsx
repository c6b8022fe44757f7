import { Link } from '@tanstack/react-router';
import { isTerminalStatus, type ExecutionListItem } from '@contract/openapi-document';
import { ChevronRightIcon } from '@/components/ui/icons';
import { RelativeTime } from '@/components/ui/relative-time';
import type { ExecutionStatusFilter } from '@/lib/search-params';
import { StatusBadge } from './status-badge';

export function filterExecutions(items: ExecutionListItem[], filter: ExecutionStatusFilter): ExecutionListItem[] {
  if (filter === 'all') return items;
  if (filter === 'active') return items.filter((e) => !isTerminalStatus(e.status));
  return items.filter((e) => e.status === filter);
}

export function ExecutionList({ workflowId, executions }: { workflowId: string; executions: ExecutionListItem[] }) {
  return (
    <ul className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
      {executions.map((e) => (
        <li key={e.id}>
          <Link
            to="/workflows/$workflowId/executions/$executionId"
            params={{ workflowId, executionId: e.id }}
            className="group flex items-center gap-3 px-4 py-3 hover:bg-zinc-50 focus-visible:bg-zinc-50 sm:px-5 dark:hover:bg-zinc-800/60 dark:focus-visible:bg-zinc-800/60"
          >
            <div className="flex shrink-0 sm:w-44">
              <StatusBadge status={e.status} />
            </div>
            <div className="min-w-0 flex-1">
              <p className="truncate font-mono text-xs text-zinc-700 dark:text-zinc-300">{e.id}</p>
              {e.error && <p className="mt-0.5 line-clamp-1 text-xs text-red-700 dark:text-red-400">{e.error}</p>}
            </div>
            <RelativeTime
              iso={e.created_at}
              className="hidden shrink-0 text-xs text-zinc-500 sm:block dark:text-zinc-400"
            />
            <ChevronRightIcon className="text-zinc-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
