import type { WorkflowCreateResponse, WorkflowDetail } from '@contract/openapi-document';
import { Button } from '@/components/ui/button';
import { ExternalLinkIcon, RefreshIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import { isOwnPage } from '@/lib/own-page';
import type { planningState } from '@/server-state/workflows';

type State = ReturnType<typeof planningState>;

function ServerLink({ url }: { url?: string }) {
  if (!url || isOwnPage(url, location)) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium underline underline-offset-2"
    >
      Open on the server <ExternalLinkIcon className="size-3.5" />
    </a>
  );
}

/** What the page says while the planner works, or after it failed. */
export function PlanningNotice({
  state,
  workflow,
  created,
  onRefresh,
  refreshing,
}: {
  state: State;
  workflow: WorkflowDetail;
  created?: WorkflowCreateResponse;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  if (state === 'planning') {
    return (
      <Notice tone="info" role="status" title="Planning…">
        <p>The planner is designing the steps and the input form. This page updates by itself.</p>
        {created?.url && (
          <p className="mt-1">
            <ServerLink url={created.url} />
          </p>
        )}
      </Notice>
    );
  }
  if (state === 'failed') {
    return (
      <Notice tone="danger" role="alert" title="Planning failed">
        {workflow.planning_error ??
          'The planner could not design this workflow. Create a new one with a more specific prompt.'}
      </Notice>
    );
  }
  if (state === 'maybe-planning') {
    return (
      <Notice
        tone="info"
        title="This workflow may still be planning"
        actions={
          <Button size="sm" variant="secondary" onClick={onRefresh} busy={refreshing}>
            <RefreshIcon /> Refresh
          </Button>
        }
      >
        <p>
          This server does not report planning progress, so an empty input form can mean the design is not finished yet.
        </p>
        {created?.url && (
          <p className="mt-1">
            <ServerLink url={created.url} />
          </p>
        )}
      </Notice>
    );
  }
  return null;
}
