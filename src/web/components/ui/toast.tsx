import { useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn';
import { AlertIcon, CheckCircleIcon, XCircleIcon, XIcon } from './icons';

export type ToastTone = 'neutral' | 'success' | 'danger' | 'warning';

export interface ToastInput {
  /** Toasts with the same id replace each other, so a repeating failure shows once. */
  id?: string;
  title: string;
  description?: string;
  tone?: ToastTone;
  action?: { label: string; onClick: () => void };
  /** ms before it goes away; 0 keeps it until dismissed. */
  duration?: number;
}

interface ToastItem extends ToastInput {
  id: string;
}

let items: ToastItem[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

const emit = () => {
  for (const l of listeners) l();
};

export function dismissToast(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  items = items.filter((t) => t.id !== id);
  emit();
}

/** Shows a toast; returns its id. */
export function toast(input: ToastInput): string {
  const id = input.id ?? `toast-${++counter}`;
  const item: ToastItem = { ...input, id };
  items = [...items.filter((t) => t.id !== id), item].slice(-4);
  clearTimeout(timers.get(id));
  const duration = input.duration ?? (input.tone === 'danger' ? 8000 : 5000);
  if (duration > 0) timers.set(id, setTimeout(() => dismissToast(id), duration));
  emit();
  return id;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const toneIcon = {
  neutral: null,
  success: <CheckCircleIcon className="size-5 text-emerald-600 dark:text-emerald-400" />,
  danger: <XCircleIcon className="size-5 text-red-600 dark:text-red-400" />,
  warning: <AlertIcon className="size-5 text-amber-600 dark:text-amber-400" />,
};

/** The toast region: polite for news, assertive only for failures. */
export function Toaster() {
  const list = useSyncExternalStore(subscribe, () => items);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end" aria-live="polite" role="region" aria-label="Notifications">
      {list.map((t) => (
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
            {t.description && <p className="mt-0.5 text-sm break-words text-zinc-600 dark:text-zinc-400">{t.description}</p>}
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
    </div>
  );
}
