import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { Disclosure } from '@/lib/use-disclosure';
import { ChevronRightIcon } from './shell-icons';

/**
 * The button heading a part that folds away: a chevron that turns when open, a title and a line
 * saying what is inside.
 */
export function DisclosureButton({
  disclosure: { open, toggleProps },
  title,
  titleId,
  description,
  className,
}: {
  disclosure: Disclosure;
  title: ReactNode;
  /** Where the opened part is labelled by the title. */
  titleId?: string;
  description: ReactNode;
  className: string;
}) {
  return (
    <button type="button" {...toggleProps} className={className}>
      <ChevronRightIcon className={cn('text-zinc-500 transition-transform', open && 'rotate-90')} />
      <span className="min-w-0">
        <span id={titleId} className="block text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          {title}
        </span>
        <span className="block text-xs text-zinc-500 dark:text-zinc-400">{description}</span>
      </span>
    </button>
  );
}
