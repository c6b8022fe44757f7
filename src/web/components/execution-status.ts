import type { ExecutionStatus } from '@contract/openapi-document';
import type { BadgeTone } from '@/components/ui/badge';
import {
  CheckCircleIcon,
  CircleDashedIcon,
  HandIcon,
  LoaderIcon,
  XCircleIcon,
  type IconProps,
} from '@/components/ui/icons';

/**
 * How each run status looks wherever it is shown: its title, badge tone and icon, and `color`
 * for the icon where it stands outside a badge.
 */
export const STATUS_META: Record<
  ExecutionStatus,
  { label: string; tone: BadgeTone; Icon: (p: IconProps) => React.JSX.Element; spin?: boolean; color: string }
> = {
  initial: { label: 'Queued', tone: 'neutral', Icon: CircleDashedIcon, color: 'text-zinc-500 dark:text-zinc-400' },
  processing: {
    label: 'Processing',
    tone: 'info',
    Icon: LoaderIcon,
    spin: true,
    color: 'text-sky-600 dark:text-sky-400',
  },
  human_in_the_loop: {
    label: 'Waiting for approval',
    tone: 'warning',
    Icon: HandIcon,
    color: 'text-amber-600 dark:text-amber-400',
  },
  finished: {
    label: 'Finished',
    tone: 'success',
    Icon: CheckCircleIcon,
    color: 'text-emerald-600 dark:text-emerald-400',
  },
  error: { label: 'Error', tone: 'danger', Icon: XCircleIcon, color: 'text-red-600 dark:text-red-400' },
};
