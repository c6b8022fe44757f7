import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { AlertIcon, CheckCircleIcon, InfoIcon, XCircleIcon } from './icons';

export type NoticeTone = 'info' | 'warning' | 'danger' | 'success';

const boxes: Record<NoticeTone, string> = {
  info: 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-100',
  warning:
    'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100',
  danger: 'border-red-200 bg-red-50 text-red-900 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-100',
  success:
    'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-100',
};

const icons: Record<NoticeTone, ReactNode> = {
  info: <InfoIcon className="mt-0.5 size-4 text-sky-600 dark:text-sky-400" />,
  warning: <AlertIcon className="mt-0.5 size-4 text-amber-600 dark:text-amber-400" />,
  danger: <XCircleIcon className="mt-0.5 size-4 text-red-600 dark:text-red-400" />,
  success: <CheckCircleIcon className="mt-0.5 size-4 text-emerald-600 dark:text-emerald-400" />,
};

/** An inline message box: a tinted border, an icon and text (never color alone). */
export function Notice({
  tone = 'info',
  title,
  children,
  actions,
  role,
  className,
}: {
  tone?: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  role?: 'alert' | 'status';
  className?: string;
}) {
  return (
    <div role={role} className={cn('flex gap-3 rounded-lg border px-4 py-3 text-sm', boxes[tone], className)}>
      {icons[tone]}
      <div className="min-w-0 flex-1">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className={cn(title ? 'mt-1' : null, 'break-words opacity-90')}>{children}</div>}
        {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
      </div>
    </div>
  );
}
