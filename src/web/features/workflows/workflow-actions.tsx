import { useState } from 'react';
import type { WorkflowDetail } from '@contract/openapi-document';
import { useCapabilities } from '@/api/server-queries';
import { Button } from '@/components/ui/button';
import { DeleteDialog, RenameDialog, ReplanDialog } from './workflow-edit-dialogs';

type OpenDialog = 'rename' | 'replan' | 'delete' | null;

/**
 * Fix or remove a workflow: rename, edit the prompt and re-plan, delete. Each is a local extension,
 * offered only where the server's contract document declares it; a plain v1 server shows none.
 */
export function WorkflowActions({ workflow }: { workflow: WorkflowDetail }) {
  const { updateWorkflow, replanWorkflow, deleteWorkflow } = useCapabilities();
  const [open, setOpen] = useState<OpenDialog>(null);
  if (!updateWorkflow && !replanWorkflow && !deleteWorkflow) return null;
  const close = () => setOpen(null);

  return (
    <div role="group" aria-label="Workflow actions" className="flex flex-wrap gap-2">
      {updateWorkflow && (
        <Button size="sm" onClick={() => setOpen('rename')}>
          Rename
        </Button>
      )}
      {replanWorkflow && (
        <Button size="sm" onClick={() => setOpen('replan')} disabled={workflow.status === 'planning'}>
          Edit prompt and re-plan
        </Button>
      )}
      {deleteWorkflow && (
        <Button size="sm" variant="danger" onClick={() => setOpen('delete')}>
          Delete
        </Button>
      )}
      {open === 'rename' && <RenameDialog workflow={workflow} onClose={close} />}
      {open === 'replan' && <ReplanDialog workflow={workflow} onClose={close} />}
      {open === 'delete' && <DeleteDialog workflow={workflow} onClose={close} />}
    </div>
  );
}
