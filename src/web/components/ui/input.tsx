import type { ComponentProps, InputHTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

const control =
  'block w-full rounded-md border bg-white px-3 text-sm text-zinc-900 shadow-xs transition-colors placeholder:text-zinc-400 ' +
  'focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none disabled:bg-zinc-100 disabled:text-zinc-500 ' +
  'dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:disabled:bg-zinc-800';

const border = (invalid?: boolean) =>
  invalid ? 'border-red-500 dark:border-red-500' : 'border-zinc-300 dark:border-zinc-700';

/** Classes of a text control; exported for the RJSF widgets so forms look the same everywhere. */
export const controlClasses = (invalid?: boolean, extra?: string) => cn(control, border(invalid), extra);

type InvalidProp = { invalid?: boolean };

export function Input({ invalid, className, ...rest }: ComponentProps<'input'> & InvalidProp) {
  return (
    <input className={controlClasses(invalid, cn('h-9', className))} aria-invalid={invalid || undefined} {...rest} />
  );
}

export function Textarea({ invalid, className, ...rest }: ComponentProps<'textarea'> & InvalidProp) {
  return (
    <textarea
      className={controlClasses(invalid, cn('py-2 leading-relaxed', className))}
      aria-invalid={invalid || undefined}
      {...rest}
    />
  );
}

export function Select({ invalid, className, ...rest }: ComponentProps<'select'> & InvalidProp) {
  return (
    <select
      className={controlClasses(invalid, cn('h-9 pr-8', className))}
      aria-invalid={invalid || undefined}
      {...rest}
    />
  );
}

export function Label({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
      {children}
      {required && (
        <span className="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
          *
        </span>
      )}
      {required && <span className="sr-only"> (required)</span>}
    </label>
  );
}

export function FieldHint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
      {children}
    </p>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1 text-xs font-medium text-red-600 dark:text-red-400">
      <svg viewBox="0 0 16 16" className="mt-px size-3.5 shrink-0" fill="currentColor" aria-hidden="true">
        <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm-.75 3.5h1.5v5h-1.5v-5Zm0 6.25h1.5v1.5h-1.5v-1.5Z" />
      </svg>
      <span>{children}</span>
    </p>
  );
}

export function Checkbox({
  label,
  id,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; id: string }) {
  return (
    <label
      htmlFor={id}
      className="inline-flex cursor-pointer items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300"
    >
      <input
        id={id}
        type="checkbox"
        className="size-4 rounded border-zinc-300 accent-indigo-600 dark:border-zinc-600"
        {...rest}
      />
      {label}
    </label>
  );
}
