import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/input';

interface ConfirmDialogProps {
  title: string;
  /** What the confirming (danger) button says. */
  confirm: string;
  busy: boolean;
  /** Why it did not go through, if it did not. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A modal question with a danger answer; it opens when mounted and tells its owner when it closes. */
export function ConfirmDialog({ title, confirm, busy, error, onConfirm, onClose, children }: ConfirmDialogProps) {
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
      aria-describedby={`${id}-body`}
      onClose={onClose}
      className="m-auto mt-24 w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="space-y-4 p-5">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={`${id}-body`} className="space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
          {children}
        </div>
        <div role="alert">{error && <FieldError>{error}</FieldError>}</div>
        <div className="flex justify-end gap-2">
          <Button onClick={() => dialog.current?.close()}>Cancel</Button>
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            {confirm}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
