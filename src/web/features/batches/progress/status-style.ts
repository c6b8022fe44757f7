import type { BadgeTone } from '@/components/ui/badge';
import type { RowStatus } from '@/batch-engine/batch-types';

/** Label, bar colour and badge tone per row status; words always accompany colour. */
export const STATUS_STYLE: Record<RowStatus, { label: string; bar: string; tone: BadgeTone }> = {
  finished: { label: 'Finished', bar: 'bg-emerald-500 dark:bg-emerald-400', tone: 'success' },
  error: { label: 'Error', bar: 'bg-red-500 dark:bg-red-400', tone: 'danger' },
  human_in_the_loop: { label: 'Waiting', bar: 'bg-amber-400 dark:bg-amber-300', tone: 'warning' },
  processing: { label: 'Processing', bar: 'bg-sky-500 dark:bg-sky-400', tone: 'info' },
  initial: { label: 'Queued', bar: 'bg-indigo-300 dark:bg-indigo-400/60', tone: 'accent' },
  unknown: { label: 'Unconfirmed', bar: 'bg-fuchsia-400 dark:bg-fuchsia-400/70', tone: 'warning' },
  unsent: { label: 'Not sent yet', bar: 'bg-zinc-300 dark:bg-zinc-600', tone: 'neutral' },
  skipped: { label: 'Skipped', bar: 'bg-zinc-400 dark:bg-zinc-500', tone: 'neutral' },
};

/** Bar order: done first, then in progress, then waiting to be sent. */
export const BAR_ORDER: readonly RowStatus[] = [
  'finished',
  'error',
  'human_in_the_loop',
  'processing',
  'initial',
  'unknown',
  'unsent',
  'skipped',
];
