import { cn } from '@/lib/cn';
import { AlertIcon, CheckCircleIcon, XCircleIcon, XIcon } from './icons';
import { dismissToast, type ToastItem } from './toast-store';

const toneIcon = {
  neutral: null,
  success: <CheckCircleIcon className="size-5 text-emerald-600 dark:text-emerald-400" />,
  danger: <XCircleIcon className="size-5 text-red-600 dark:text-red-400" />,
  warning: <AlertIcon className="size-5 text-amber-600 dark:text-amber-400" />,
};

/** The toast cards; loaded with the first toast, inside the always-present live region. */
export default function ToastList({ items }: { items: ToastItem[] }) {
  return (
    <>
      {items.map((t) => (
        <div
          key={t.id}
          role={t.tone === 'danger' ? 'alert' : 'status'}
          className={cn(
            'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border bg-white p-3.5 shadow-lg',
            'border-zinc-200 dark:border-zinc-700 dark:bg-zinc-900',
          )}
        >
          {toneIcon[t.tone ?? 'neutral']}
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t.title}</p>
            {t.description && (
              <p className="mt-0.5 text-sm break-words text-zinc-600 dark:text-zinc-400">{t.description}</p>
            )}
            {t.action && (
              <button
                type="button"
                className="mt-2 text-sm font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400"
                onClick={() => {
                  t.action!.onClick();
                  dismissToast(t.id);
                }}
              >
                {t.action.label}
              </button>
            )}
          </div>
          <button
            type="button"
            onClick={() => dismissToast(t.id)}
            className="rounded p-0.5 text-zinc-400 hover:text-zinc-700 dark:hover:text-zinc-200"
            aria-label="Dismiss notification"
          >
            <XIcon />
          </button>
        </div>
      ))}
    </>
  );
}
