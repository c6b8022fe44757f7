import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import type { WorkflowListItem } from '@contract/openapi-document';
import { Badge } from '@/components/ui/badge';
import { ChevronRightIcon } from '@/components/ui/shell-icons';
import { RelativeTime } from '@/components/ui/relative-time';
import { WorkflowStatusBadge } from './workflow-status-badge';

// A row's activity (last run, success rate, waiting) draws just after the rows: the names and
// descriptions, the first page's largest paint, do not wait for its code.
const WorkflowRowActivity = lazy(() =>
  import('./workflow-row-activity').then((m) => ({ default: m.WorkflowRowActivity })),
);

/** The row's last line as it shows while its activity is unknown. */
function ActivityLine({ children }: { children: ReactNode }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
      <span className="text-zinc-500 dark:text-zinc-400">{children}</span>
    </p>
  );
}

export function WorkflowList({ workflows }: { workflows: WorkflowListItem[] }) {
  return (
    <ul className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
      {workflows.map((w) => (
        <WorkflowRow key={w.id} workflow={w} />
      ))}
    </ul>
  );
}

function WorkflowRow({ workflow: w }: { workflow: WorkflowListItem }) {
  const row = useRef<HTMLLIElement>(null);
  const dates = (
    <>
      Created <RelativeTime iso={w.created_at} />
      {w.updated_at !== w.created_at && (
        <>
          <span aria-hidden="true"> · </span>updated <RelativeTime iso={w.updated_at} />
        </>
      )}
    </>
  );
  return (
    <li ref={row}>
      <Link
        to="/workflows/$workflowId"
        params={{ workflowId: w.id }}
        className="group flex items-center gap-4 px-4 py-3.5 transition-colors hover:bg-zinc-50 focus-visible:bg-zinc-50 sm:px-5 dark:hover:bg-zinc-800/60 dark:focus-visible:bg-zinc-800/60"
      >
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="truncate font-medium text-zinc-900 dark:text-zinc-100">{w.name}</span>
            <WorkflowStatusBadge status={w.status} />
            {w.example && <Badge tone="accent">Example</Badge>}
          </div>
          {w.description && (
            <p className="mt-0.5 line-clamp-1 text-sm text-zinc-600 dark:text-zinc-400">{w.description}</p>
          )}
          <Suspense fallback={<ActivityLine>{dates}</ActivityLine>}>
            <WorkflowRowActivity workflow={w} rowRef={row}>
              {dates}
            </WorkflowRowActivity>
          </Suspense>
        </div>
        <ChevronRightIcon className="text-zinc-400 transition-transform group-hover:translate-x-0.5" />
      </Link>
    </li>
  );
}

/** Case-insensitive match on name and description, every word must appear. */
export function filterWorkflows(workflows: WorkflowListItem[], query: string): WorkflowListItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return workflows;
  return workflows.filter((w) => {
    const text = `${w.name} ${w.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
