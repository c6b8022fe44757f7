import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/input';

interface EditDialogProps {
  title: string;
  /** What the confirming button says ("Save", "Re-plan", "Delete"). */
  confirm: string;
  danger?: boolean;
  busy: boolean;
  /** Why the confirming button is disabled, if it is. */
  blocked?: boolean;
  /** A failure that belongs to no one field. */
  error?: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A modal form for one workflow edit; it opens when mounted and tells its owner when it closes. */
export function EditDialog({
  title,
  confirm,
  danger,
  busy,
  blocked,
  error,
  onSubmit,
  onClose,
  children,
}: EditDialogProps) {
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
        {children}
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
