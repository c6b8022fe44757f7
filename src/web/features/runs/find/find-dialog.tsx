import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { cachedData, everyWorkflow, findClient, findQueries } from '@/api/find';
import { isApiError } from '@/api/errors';
import { useCapabilities } from '@/api/server';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { RelativeTime } from '@/components/ui/relative-time';
import { StatusBadge } from '@/features/runs/status-badge';
import { cn } from '@/lib/cn';
import { candidatesIn, findFor, targetOf, type Candidate, type FindTarget, type ScanReport } from './find-by-id';
import { readQuery } from './find-match';
import { nothingLine, progressLine, scanLine } from './find-words';
import { knownIn } from './known-in-cache';

const knownNow = (queryClient: QueryClient) => knownIn(cachedData(queryClient));

async function journalWorkflowOf(executionId: string): Promise<string | undefined> {
  try {
    const { getRunJournal } = await import('@/lib/run-journal');
    return (await getRunJournal()?.get(executionId))?.workflowId;
  } catch {
    return undefined;
  }
}

interface ServerAnswer {
  for: string;
  candidates: Candidate[];
  scan?: ScanReport;
  nothing?: string;
}

/**
 * Find: a workflow's name (or part of it, misspelt), the start of a run or workflow id as the lists
 * show it, or a link. Candidates are listed before anything opens; a link or a full id opens what it
 * names. Loaded on the first ⌘K or click (find-button.tsx holds the trigger); each new `request`
 * opens it again.
 */
export function FindDialog({ request }: { request: number }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { globalExecutions } = useCapabilities();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [answer, setAnswer] = useState<ServerAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const workflows = useQuery(findQueries.everyWorkflow());

  // A new request starts with a clean slate (adjusted while rendering, as React advises for props).
  const [shownFor, setShownFor] = useState(request);
  if (shownFor !== request) {
    setShownFor(request);
    setAnswer(null);
    setFailure(null);
    setProgress(null);
  }
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, [request]);

  const local = useMemo(
    () => candidatesIn(readQuery(text), knownNow(queryClient)),
    // The workflow list arriving changes what is known, though the cache is read directly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [text, queryClient, workflows.data],
  );
  const current = answer?.for === text ? answer : null;
  const candidates = current ? current.candidates : local;
  // A new list starts at its best candidate.
  const [activeFor, setActiveFor] = useState(candidates);
  if (activeFor !== candidates) {
    setActiveFor(candidates);
    setActive(0);
  }

  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const open = (target: FindTarget) => {
    dialog.current?.close();
    setText('');
    setAnswer(null);
    if (target.kind === 'workflow')
      void navigate({ to: '/workflows/$workflowId', params: { workflowId: target.workflowId } });
    else
      void navigate({
        to: '/workflows/$workflowId/executions/$executionId',
        params: { workflowId: target.workflowId, executionId: target.executionId },
      });
  };

  const search = async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const asked = text;
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await findFor(asked, {
        client: findClient(),
        known: () => knownNow(queryClient),
        allWorkflows: () => everyWorkflow(queryClient),
        journalWorkflowOf,
        globalList: globalExecutions,
        onProgress: (p) => setProgress(progressLine(p)),
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      if (outcome.kind === 'open') open(outcome.target);
      else
        setAnswer({
          for: asked,
          candidates: outcome.candidates,
          scan: outcome.scan,
          nothing: outcome.candidates.length === 0 ? nothingLine(asked, outcome.checkedWorkflows) : undefined,
        });
    } catch (error) {
      if (!controller.signal.aborted) setFailure(isApiError(error) ? error.message : 'The search failed; try again.');
    } finally {
      if (abort.current === controller) {
        setBusy(false);
        setProgress(null);
      }
    }
  };

  const submit = () => {
    const chosen = candidates[active];
    if (chosen) open(targetOf(chosen));
    else if (text.trim() !== '') void search();
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (candidates.length === 0) return;
    const moves: Record<string, number> = {
      ArrowDown: (active + 1) % candidates.length,
      ArrowUp: (active - 1 + candidates.length) % candidates.length,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const status = progress ?? (current?.scan ? scanLine(current.scan) : null);
  const message = failure ?? current?.nothing ?? null;

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={() => abort.current?.abort()}
      className="m-auto mt-24 w-[min(36rem,calc(100vw-2rem))] rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form
        method="dialog"
        className="space-y-3 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h2 id={`${id}-title`} className="font-semibold">
          Find a run or workflow
        </h2>
        <label htmlFor={`${id}-input`} className="block text-sm text-zinc-600 dark:text-zinc-400">
          Name, id or link
        </label>
        <Input
          id={`${id}-input`}
          role="combobox"
          aria-expanded={candidates.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={candidates[active] ? optionId(active) : undefined}
          aria-describedby={`${id}-hint`}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. Invoices, 3f2b9a1c, or a link to a run"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          A workflow’s name (part of it is enough), the id a runs list shows, or a link to a run or workflow.
        </p>
        <ul
          ref={list}
          id={listId}
          role="listbox"
          aria-label="Matches"
          hidden={candidates.length === 0}
          className="max-h-80 overflow-y-auto rounded-lg border border-zinc-200 dark:border-zinc-800"
        >
          {candidates.map((c, i) => (
            <CandidateOption
              key={c.kind === 'workflow' ? c.workflowId : c.executionId}
              id={optionId(i)}
              candidate={c}
              selected={i === active}
              onPoint={() => setActive(i)}
              onChoose={() => open(targetOf(c))}
            />
          ))}
        </ul>
        <p role="status" className="text-sm text-zinc-600 empty:hidden dark:text-zinc-400">
          {status}
        </p>
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

const WORKFLOW_STATUS: Record<string, string> = { planning: 'Still planning', failed: 'Planning failed' };

function CandidateOption({
  id,
  candidate: c,
  selected,
  onPoint,
  onChoose,
}: {
  id: string;
  candidate: Candidate;
  selected: boolean;
  onPoint: () => void;
  onChoose: () => void;
}) {
  const kind = c.kind === 'workflow' ? 'Workflow' : 'Run';
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      onMouseMove={selected ? undefined : onPoint}
      onClick={onChoose}
      className={cn(
        'flex cursor-pointer items-center gap-3 border-b border-zinc-200 px-3 py-2 last:border-b-0 dark:border-zinc-800',
        selected && 'bg-indigo-50 dark:bg-indigo-500/15',
      )}
    >
      <span className="hidden w-16 shrink-0 text-xs font-medium text-zinc-500 sm:block dark:text-zinc-400">{kind}</span>
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 text-sm font-medium break-words sm:line-clamp-1">
          {c.kind === 'workflow' ? c.name : (c.workflowName ?? `Workflow ${c.workflowId.slice(0, 8)}`)}
        </span>
        <span className="block text-xs text-zinc-600 dark:text-zinc-400">
          <span className="sm:hidden">{kind} · </span>
          {c.kind === 'execution' && <span className="mr-2 font-mono">{c.executionId.slice(0, 8)}</span>}
          {c.kind === 'workflow' ? 'changed ' : 'started '}
          <RelativeTime iso={c.at} />
        </span>
      </span>
      <span className="shrink-0">
        {c.kind === 'execution' ? (
          <StatusBadge status={c.status} />
        ) : (
          c.status &&
          WORKFLOW_STATUS[c.status] && (
            <Badge tone={c.status === 'failed' ? 'danger' : 'info'}>{WORKFLOW_STATUS[c.status]}</Badge>
          )
        )}
      </span>
    </li>
  );
}
