import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { WorkflowDetail } from '@contract/openapi-document';
import { backLinkClasses } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { RelativeTime } from '@/components/ui/relative-time';
import { cn } from '@/lib/cn';
import { WorkflowStatusBadge } from './workflow-status-badge';

/**
 * The workflow's name, status and description over every tab. `actions`: what the page offers on
 * it (rename, re-plan, delete where the server has them). `compact` (a phone) keeps it to a few
 * lines: the description clamped, the dates and id behind "Details", so the tab shows on the first screen.
 */
export function WorkflowHeader({
  workflow,
  actions,
  compact = false,
}: {
  workflow: WorkflowDetail;
  actions?: ReactNode;
  compact?: boolean;
}) {
  const facts = (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
      <span>
        Created <RelativeTime iso={workflow.created_at} />
      </span>
      <span>
        Updated <RelativeTime iso={workflow.updated_at} />
      </span>
      <span className="font-mono break-all select-all" title="Workflow id">
        {workflow.id}
      </span>
    </p>
  );
  return (
    <div>
      <Link to="/workflows" className={backLinkClasses}>
        <ArrowLeftIcon /> Workflows
      </Link>
      <div className={cn('mt-2 flex items-center gap-x-3 gap-y-1', compact ? 'flex-nowrap' : 'flex-wrap')}>
        <h1
          className={cn(
            'font-semibold tracking-tight break-words text-zinc-900 dark:text-white',
            compact ? 'line-clamp-2 min-w-0 text-xl' : 'text-2xl',
          )}
        >
          {workflow.name}
        </h1>
        <WorkflowStatusBadge status={workflow.status} />
        {actions && <div className="ml-auto shrink-0">{actions}</div>}
      </div>
      {workflow.description && (
        <p
          className={cn('mt-1 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400', compact && 'line-clamp-2')}
          title={compact ? workflow.description : undefined}
        >
          {workflow.description}
        </p>
      )}
      {compact ? (
        <details className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          <summary className="cursor-pointer select-none">Details</summary>
          <div className="mt-1 space-y-1">
            {workflow.description && <p className="text-sm text-zinc-600 dark:text-zinc-400">{workflow.description}</p>}
            {facts}
          </div>
        </details>
      ) : (
        <div className="mt-2">{facts}</div>
      )}
    </div>
  );
}
