import { useSyncExternalStore } from 'react';

type ToastTone = 'neutral' | 'success' | 'danger' | 'warning';

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

export interface ToastItem extends ToastInput {
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
  items = [...items.filter((t) => t.id !== id), { ...input, id }].slice(-4);
  clearTimeout(timers.get(id));
  const duration = input.duration ?? (input.tone === 'danger' ? 8000 : 5000);
  if (duration > 0)
    timers.set(
      id,
      setTimeout(() => dismissToast(id), duration),
    );
  emit();
  return id;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useToasts = (): ToastItem[] => useSyncExternalStore(subscribe, () => items);
