import { useId, useState } from 'react';
import type { WorkflowDetail } from '@contract/openapi-document';
import { isApiError } from '@/api/errors';
import { Field, Input, Label, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { FormDialog } from '@/components/ui/form-dialog';
import { useCapabilities } from '@/server-state/server';
import { PromptField } from './prompt-field';
import { namesMatch } from './workflow-name';
import { EDIT_LIMITS, useReplanWorkflow, useRunCount, useUpdateWorkflow } from '@/server-state/workflow-edits';
import { useDeleteWorkflow } from './use-workflow-edits';

interface DialogProps {
  workflow: WorkflowDetail;
  onClose: () => void;
}

const messageOf = (error: unknown) => (isApiError(error) ? error.message : 'The change did not go through; try again.');
const tooLong = (what: string, text: string, limit: number) =>
  text.length > limit
    ? `Keep the ${what} to ${limit.toLocaleString('en')} characters (it has ${text.length.toLocaleString('en')}).`
    : null;

/** Rename the workflow and edit its description; each error shows next to its field. */
export function RenameDialog({ workflow, onClose }: DialogProps) {
  const id = useId();
  const [name, setName] = useState(workflow.name);
  const [description, setDescription] = useState(workflow.description);
  const [tried, setTried] = useState(false);
  const update = useUpdateWorkflow(workflow.id);
  const server = update.error ? messageOf(update.error) : null;
  const serverField =
    server === null ? null : /description/i.test(server) ? 'description' : /name/i.test(server) ? 'name' : 'form';
  const nameError =
    (tried && (name.trim() === '' ? 'Give the workflow a name.' : tooLong('name', name.trim(), EDIT_LIMITS.name))) ||
    (serverField === 'name' ? server : null);
  const descriptionError =
    (tried && tooLong('description', description.trim(), EDIT_LIMITS.description)) ||
    (serverField === 'description' ? server : null);

  return (
    <FormDialog
      title="Rename workflow"
      confirm="Save"
      busy={update.isPending}
      error={serverField === 'form' ? server : null}
      onClose={onClose}
      onSubmit={() => {
        setTried(true);
        const invalid =
          name.trim() === '' ||
          tooLong('name', name.trim(), EDIT_LIMITS.name) ||
          tooLong('description', description.trim(), EDIT_LIMITS.description);
        if (invalid) return;
        update.mutate(
          { name, description },
          {
            onSuccess: (detail) => {
              toast({ tone: 'success', title: `Saved '${detail.name}'` });
              onClose();
            },
          },
        );
      }}
    >
      <Field id={`${id}-name`} label="Name" required error={nameError}>
        <Input
          id={`${id}-name`}
          value={name}
          autoFocus
          invalid={Boolean(nameError)}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field id={`${id}-description`} label="Description" error={descriptionError}>
        <Textarea
          id={`${id}-description`}
          rows={3}
          value={description}
          invalid={Boolean(descriptionError)}
          aria-describedby={descriptionError ? `${id}-description-error` : undefined}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
    </FormDialog>
  );
}

/** Edit the prompt and plan the workflow again in place; its past runs stay as they are. */
export function ReplanDialog({ workflow, onClose }: DialogProps) {
  const id = useId();
  const [prompt, setPrompt] = useState(workflow.prompt ?? '');
  const [tried, setTried] = useState(false);
  const replan = useReplanWorkflow(workflow.id);
  const problem =
    prompt.trim() === ''
      ? 'Describe what the workflow should do.'
      : tooLong('prompt', prompt.trim(), EDIT_LIMITS.prompt);
  const promptError = tried ? problem : null;

  return (
    <FormDialog
      title="Edit prompt and re-plan"
      confirm="Re-plan"
      busy={replan.isPending}
      error={replan.error ? messageOf(replan.error) : null}
      onClose={onClose}
      onSubmit={() => {
        setTried(true);
        if (problem) return;
        replan.mutate(prompt, { onSuccess: onClose });
      }}
    >
      <PromptField
        id={`${id}-prompt`}
        label="Prompt"
        error={promptError}
        hint="The workflow is planned again from this prompt, as when it was created: its inputs and steps may change. Its past runs and their results are kept."
        rows={8}
        value={prompt}
        autoFocus
        onChange={(e) => setPrompt(e.target.value)}
      />
    </FormDialog>
  );
}

/** "Delete 'Invoice Summary' and its 1,234 runs?", or "… and all its runs?" when the server does not count them. */
function deleteQuestion(name: string, runs: number | undefined): string {
  if (runs === undefined) return `Delete '${name}' and all its runs?`;
  if (runs === 0) return `Delete '${name}'?`;
  return `Delete '${name}' and its ${runs.toLocaleString('en')} run${runs === 1 ? '' : 's'}?`;
}

/** Delete the workflow with its runs, once its name is typed (any dash, case or spacing will do). */
export function DeleteDialog({ workflow, onClose }: DialogProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const remove = useDeleteWorkflow(workflow.id);
  const matches = namesMatch(typed, workflow.name);
  const runs = useRunCount(workflow, useCapabilities().executionStats);

  return (
    <FormDialog
      title={deleteQuestion(workflow.name, runs)}
      confirm="Delete workflow"
      danger
      busy={remove.isPending}
      blocked={!matches}
      error={remove.error ? messageOf(remove.error) : null}
      onClose={onClose}
      onSubmit={() => {
        if (!matches) return;
        remove.mutate(undefined, {
          onSuccess: () => toast({ tone: 'success', title: `Deleted '${workflow.name}'` }),
        });
      }}
    >
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The workflow, every run of it and their result files are deleted from the server. This cannot be undone.
      </p>
      <div>
        <Label htmlFor={`${id}-confirm`}>Type the workflow&apos;s name to confirm</Label>
        <p id={`${id}-confirm-hint`} className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
          Capitals, spaces and the kind of dash do not matter.
        </p>
        <Input
          id={`${id}-confirm`}
          value={typed}
          autoFocus
          autoComplete="off"
          aria-describedby={`${id}-confirm-hint`}
          placeholder={workflow.name}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
    </FormDialog>
  );
}
