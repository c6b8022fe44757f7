import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/input';

interface FormDialogProps {
  title: string;
  /** What the confirming button says ("Save", "Re-plan", "Delete"). */
  confirm: string;
  danger?: boolean;
  /** The children are a question's explanation (not fields): the dialog is described by them. */
  describe?: boolean;
  busy: boolean;
  /** Why the confirming button is disabled, if it is. */
  blocked?: boolean;
  /** A failure that belongs to no one field. */
  error?: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal form (an edit, or a question with a danger answer); it opens when mounted and tells its
 * owner when it closes.
 */
export function FormDialog({
  title,
  confirm,
  danger,
  describe,
  busy,
  blocked,
  error,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={describe ? `${id}-body` : undefined}
      onClose={onClose}
      className="m-auto mt-24 w-[min(36rem,calc(100vw-2rem))] rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form
        noValidate
        className="space-y-4 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {describe ? (
          <div id={`${id}-body`} className="space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
            {children}
          </div>
        ) : (
          children
        )}
        <div role="alert">{error && <FieldError>{error}</FieldError>}</div>
        <div className="flex justify-end gap-2">
          <Button onClick={() => dialog.current?.close()}>Cancel</Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy} disabled={blocked}>
            {confirm}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
