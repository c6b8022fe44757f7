import { useEffect, useId, useRef, useState } from 'react';
import type { WorkflowDetail } from '@contract/openapi-document';
import { useCapabilities } from '@/server-state/server';
import { Button, buttonClasses, quietDangerClasses } from '@/components/ui/button';
import { icon } from '@/components/ui/create-icon';
import { cn } from '@/lib/cn';
import { DeleteDialog, RenameDialog, ReplanDialog } from './workflow-edit-dialogs';

type OpenDialog = 'rename' | 'replan' | 'delete' | null;

const MoreIcon = /* @__PURE__ */ icon(
  'MoreIcon',
  <circle cx="5" cy="12" r="1" />,
  <circle cx="12" cy="12" r="1" />,
  <circle cx="19" cy="12" r="1" />,
);

/**
 * Fix or remove a workflow: rename, edit the prompt and re-plan, delete. Each is a local extension,
 * offered only where the server's contract document declares it; a plain v1 server shows none.
 * `compact` folds them into a menu button, for the phone's short header.
 */
export function WorkflowActions({ workflow, compact = false }: { workflow: WorkflowDetail; compact?: boolean }) {
  const { updateWorkflow, replanWorkflow, deleteWorkflow } = useCapabilities();
  const [open, setOpen] = useState<OpenDialog>(null);
  if (!updateWorkflow && !replanWorkflow && !deleteWorkflow) return null;
  const close = () => setOpen(null);
  const items = [
    updateWorkflow && { key: 'rename' as const, label: 'Rename' },
    replanWorkflow && {
      key: 'replan' as const,
      label: 'Edit prompt and re-plan',
      disabled: workflow.status === 'planning',
    },
    deleteWorkflow && { key: 'delete' as const, label: 'Delete', className: quietDangerClasses },
  ].filter((item) => item !== false);

  return (
    <>
      {compact ? (
        <ActionsMenu items={items} onPick={setOpen} />
      ) : (
        <div role="group" aria-label="Workflow actions" className="flex flex-wrap gap-2">
          {items.map((item) => (
            <Button
              key={item.key}
              size="sm"
              className={item.className}
              disabled={item.disabled}
              onClick={() => setOpen(item.key)}
            >
              {item.label}
            </Button>
          ))}
        </div>
      )}
      {open === 'rename' && <RenameDialog workflow={workflow} onClose={close} />}
      {open === 'replan' && <ReplanDialog workflow={workflow} onClose={close} />}
      {open === 'delete' && <DeleteDialog workflow={workflow} onClose={close} />}
    </>
  );
}

interface ActionItem {
  key: Exclude<OpenDialog, null>;
  label: string;
  disabled?: boolean;
  className?: string;
}

/** A button that opens the actions as a short list under it; Escape or a click elsewhere closes it. */
function ActionsMenu({ items, onPick }: { items: ActionItem[]; onPick: (key: ActionItem['key']) => void }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!expanded) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setExpanded(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setExpanded(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [expanded]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className={buttonClasses('ghost', 'sm')}
        aria-label="Workflow actions"
        title="Workflow actions"
        aria-expanded={expanded}
        aria-controls={`${id}-actions`}
        onClick={() => setExpanded((was) => !was)}
      >
        <MoreIcon className="size-5" />
      </button>
      {expanded && (
        <div
          id={`${id}-actions`}
          role="group"
          aria-label="Workflow actions"
          className="absolute top-full right-0 z-20 mt-1 flex w-56 flex-col rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        >
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              disabled={item.disabled}
              onClick={() => {
                setExpanded(false);
                onPick(item.key);
              }}
              className={cn(
                'rounded-md px-3 py-2 text-left text-sm text-zinc-800 hover:bg-zinc-100 disabled:opacity-50 dark:text-zinc-100 dark:hover:bg-zinc-800',
                item.className,
              )}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
