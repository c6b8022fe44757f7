import type { ExecutionStatus } from '@contract/openapi-document';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import {
  CheckCircleIcon,
  CircleDashedIcon,
  HandIcon,
  LoaderIcon,
  XCircleIcon,
  type IconProps,
} from '@/components/ui/icons';

export const STATUS_META: Record<
  ExecutionStatus,
  { label: string; tone: BadgeTone; Icon: (p: IconProps) => React.JSX.Element; spin?: boolean }
> = {
  initial: { label: 'Queued', tone: 'neutral', Icon: CircleDashedIcon },
  processing: { label: 'Processing', tone: 'info', Icon: LoaderIcon, spin: true },
  human_in_the_loop: { label: 'Waiting for approval', tone: 'warning', Icon: HandIcon },
  finished: { label: 'Finished', tone: 'success', Icon: CheckCircleIcon },
  error: { label: 'Error', tone: 'danger', Icon: XCircleIcon },
};

/** Status as colour, icon and words together, so it reads without colour vision. */
export function StatusBadge({ status }: { status: ExecutionStatus }) {
  const meta = STATUS_META[status] ?? STATUS_META.initial;
  return (
    <Badge tone={meta.tone}>
      <meta.Icon className={meta.spin ? 'size-3 animate-spin' : 'size-3'} />
      {meta.label}
    </Badge>
  );
}
