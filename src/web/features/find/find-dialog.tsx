import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { getApiClient } from '@/api/active-client';
import { isApiError } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { runsQueries } from '@/features/runs-list/runs-queries';
import { findById, type FindOutcome } from './find-by-id';

/** An execution's workflow from what this browser holds: lists already read, then the run journal. */
async function knownWorkflowOf(queryClient: QueryClient, executionId: string): Promise<string | undefined> {
  for (const [, data] of queryClient.getQueriesData({ queryKey: runsQueries.all() })) {
    const pages = (data as { pages?: { items: { id: string; workflow_id: string }[] }[] } | undefined)?.pages;
    const items = pages
      ? pages.flatMap((p) => p.items)
      : ((data as { items?: { id: string; workflow_id: string }[] })?.items ?? []);
    const hit = items.find((r) => r.id === executionId);
    if (hit) return hit.workflow_id;
  }
  try {
    const { getRunJournal } = await import('@/lib/run-journal');
    return (await getRunJournal()?.get(executionId))?.workflowId;
  } catch {
    return undefined;
  }
}

/**
 * Paste an execution or workflow id and land on it. Loaded on the first ⌘K or click (find-button.tsx
 * holds the trigger); each new `request` opens it again.
 */
export function FindDialog({ request }: { request: number }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  // A new request starts with a clean slate (adjusted while rendering, as React advises for props).
  const [shownFor, setShownFor] = useState(request);
  if (shownFor !== request) {
    setShownFor(request);
    setMessage(null);
    setProgress(null);
  }
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, [request]);

  const land = (outcome: FindOutcome) => {
    if (outcome.kind === 'no-id') {
      setMessage('That is not an id: paste an execution or workflow id (a UUID), or a link that holds one.');
      return;
    }
    if (outcome.kind === 'not-found') {
      setMessage(
        `No workflow or execution has the id ${outcome.id} in this account (looked under ${outcome.checkedWorkflows} workflow${outcome.checkedWorkflows === 1 ? '' : 's'}).`,
      );
      return;
    }
    dialog.current?.close();
    setText('');
    if (outcome.kind === 'workflow')
      void navigate({ to: '/workflows/$workflowId', params: { workflowId: outcome.workflowId } });
    else
      void navigate({
        to: '/workflows/$workflowId/executions/$executionId',
        params: { workflowId: outcome.workflowId, executionId: outcome.executionId },
      });
  };

  const submit = async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    setMessage(null);
    try {
      land(
        await findById(text, {
          client: getApiClient(),
          knownWorkflowOf: (executionId) => knownWorkflowOf(queryClient, executionId),
          onProgress: (checked, total) => setProgress(`Looking under each workflow: ${checked} of ${total} checked`),
          signal: controller.signal,
        }),
      );
    } catch (error) {
      if (!controller.signal.aborted) setMessage(isApiError(error) ? error.message : 'The search failed; try again.');
    } finally {
      if (abort.current === controller) {
        setBusy(false);
        setProgress(null);
      }
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={() => abort.current?.abort()}
      className="m-auto mt-24 w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form
        method="dialog"
        className="space-y-3 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 id={`${id}-title`} className="font-semibold">
          Find by id
        </h2>
        <label htmlFor={`${id}-input`} className="block text-sm text-zinc-600 dark:text-zinc-400">
          Execution or workflow id
        </label>
        <Input
          id={`${id}-input`}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. 3f2b…-… or a link to a run"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {progress && (
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            {progress}
          </p>
        )}
        {message && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {message}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" size="sm" onClick={() => dialog.current?.close()}>
            Cancel
          </Button>
          <Button type="submit" size="sm" variant="primary" busy={busy} disabled={text.trim() === ''}>
            Open
          </Button>
        </div>
      </form>
    </dialog>
  );
}
