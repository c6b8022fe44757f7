import type { ExecutionStatus } from '@contract/openapi-document';
import { Badge } from '@/components/ui/badge';
import { HandIcon } from '@/components/ui/icons';
import { STATUS_META } from '@/components/execution-status';

/** A run a person rejected: v1 says `error`, but nothing failed. */
export const REJECTED_META = { label: 'Rejected', tone: 'neutral', Icon: HandIcon } as const;

/**
 * Status as colour, icon and words together, so it reads without colour vision. `rejected`: the
 * run ended in error because a person rejected it (see rejections.ts), so it reads "Rejected".
 */
export function StatusBadge({ status, rejected = false }: { status: ExecutionStatus; rejected?: boolean }) {
  const meta = rejected && status === 'error' ? REJECTED_META : (STATUS_META[status] ?? STATUS_META.initial);
  return (
    <Badge tone={meta.tone}>
      <meta.Icon className={'spin' in meta && meta.spin ? 'size-3 animate-spin' : 'size-3'} />
      {meta.label}
    </Badge>
  );
}
