import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { WorkflowDetail } from '@contract/openapi-document';
import { backLinkClasses } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { RelativeTime } from '@/components/ui/relative-time';
import { WorkflowStatusBadge } from './workflow-status-badge';

/** `actions`: what the page offers on this workflow (rename, re-plan, delete where the server has them). */
export function WorkflowHeader({ workflow, actions }: { workflow: WorkflowDetail; actions?: ReactNode }) {
  return (
    <div>
      <Link to="/workflows" className={backLinkClasses}>
        <ArrowLeftIcon /> Workflows
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-zinc-900 dark:text-white">
          {workflow.name}
        </h1>
        <WorkflowStatusBadge status={workflow.status} />
        {actions && <div className="ml-auto">{actions}</div>}
      </div>
      {workflow.description && (
        <p className="mt-1 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{workflow.description}</p>
      )}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
        <span>
          Created <RelativeTime iso={workflow.created_at} />
        </span>
        <span>
          Updated <RelativeTime iso={workflow.updated_at} />
        </span>
        <span className="font-mono select-all" title="Workflow id">
          {workflow.id}
        </span>
      </p>
    </div>
  );
}
