import type { WorkflowStatus } from '@contract/openapi-document';
import { Badge } from '@/components/ui/badge';
import { LoaderIcon, XCircleIcon } from '@/components/ui/shell-icons';

/** Shows the planning extension's status when the server sends it; "ready" needs no badge. */
export function WorkflowStatusBadge({ status }: { status?: WorkflowStatus }) {
  if (status === 'planning')
    return (
      <Badge tone="info">
        <LoaderIcon className="size-3 animate-spin" /> Planning…
      </Badge>
    );
  if (status === 'failed')
    return (
      <Badge tone="danger">
        <XCircleIcon className="size-3" /> Planning failed
      </Badge>
    );
  return null;
}
