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

/** The class and invalid state every form control carries; `rest` props spread after them may override. */
const controlAttrs = (invalid: boolean | undefined, extra: string) => ({
  className: controlClasses(invalid, extra),
  'aria-invalid': invalid || undefined,
});

export function Input({ invalid, className, ...rest }: ComponentProps<'input'> & InvalidProp) {
  return <input {...controlAttrs(invalid, cn('h-9', className))} {...rest} />;
}

export function Textarea({ invalid, className, ...rest }: ComponentProps<'textarea'> & InvalidProp) {
  return <textarea {...controlAttrs(invalid, cn('py-2 leading-relaxed', className))} {...rest} />;
}

export function Select({ invalid, className, ...rest }: ComponentProps<'select'> & InvalidProp) {
  return <select {...controlAttrs(invalid, cn('h-9 pr-8', className))} {...rest} />;
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

/**
 * A labelled form field: the control (which sets its own `aria-describedby`), then its error and
 * hint, whose ids are `messageId` (the control's id unless given) plus `-error` and `-hint`.
 */
export function Field({
  id,
  messageId = id,
  label,
  required,
  error,
  hint,
  children,
}: {
  id: string;
  messageId?: string;
  label: ReactNode;
  required?: boolean;
  error?: string | null | false;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children}
      {error && <FieldError id={`${messageId}-error`}>{error}</FieldError>}
      {hint !== undefined && <FieldHint id={`${messageId}-hint`}>{hint}</FieldHint>}
    </div>
  );
}

/**
 * A Field around one Input with the same id: the label (and its required mark), error and hint go
 * to the Field, the rest to the Input, which is marked invalid while there is an error.
 */
export function TextField({
  id,
  messageId,
  label,
  required,
  error,
  hint,
  ...input
}: Omit<ComponentProps<typeof Field>, 'children'> & Omit<ComponentProps<typeof Input>, 'id' | 'invalid'>) {
  return (
    <Field id={id} messageId={messageId} label={label} required={required} error={error} hint={hint}>
      <Input id={id} invalid={!!error} {...input} />
    </Field>
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
