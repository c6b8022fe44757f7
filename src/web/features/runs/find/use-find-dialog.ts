import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { cachedData, everyWorkflow, findClient, findQueries } from '@/server-state/find';
import { isApiError } from '@/api/errors';
import { useCapabilities } from '@/server-state/server';
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

/** Asking the server (a short id or a name not known here): its progress, its answer and its failure. */
function useServerSearch() {
  const queryClient = useQueryClient();
  const { globalExecutions } = useCapabilities();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [answer, setAnswer] = useState<ServerAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const search = async (asked: string, open: (target: FindTarget) => void) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
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

  return {
    busy,
    progress,
    answer,
    failure,
    search,
    forgetAnswer: () => setAnswer(null),
    reset: () => {
      setAnswer(null);
      setFailure(null);
      setProgress(null);
    },
    cancel: () => abort.current?.abort(),
  };
}

/** The candidate chosen with the arrow keys (the first of each new list), kept in view. */
function useActiveCandidate(candidates: readonly Candidate[], list: RefObject<HTMLUListElement | null>) {
  const [active, setActive] = useState(0);
  // A new list starts at its best candidate.
  const [activeFor, setActiveFor] = useState(candidates);
  if (activeFor !== candidates) {
    setActiveFor(candidates);
    setActive(0);
  }
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active, list]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
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
  return { active, setActive, onKeyDown };
}

/**
 * The Find dialog's state: what is typed, the candidates known at once or found by asking the server,
 * the one chosen with the arrow keys, and opening it. Each new `request` opens the dialog again with
 * a clean slate.
 */
export function useFindDialog(request: number) {
  const dialog = useRef<HTMLDialogElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const server = useServerSearch();
  const workflows = useQuery(findQueries.everyWorkflow());

  // A new request starts with a clean slate (adjusted while rendering, as React advises for props).
  const [shownFor, setShownFor] = useState(request);
  if (shownFor !== request) {
    setShownFor(request);
    server.reset();
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
  const current = server.answer?.for === text ? server.answer : null;
  const candidates = current ? current.candidates : local;
  const { active, setActive, onKeyDown } = useActiveCandidate(candidates, list);

  const open = (target: FindTarget) => {
    dialog.current?.close();
    setText('');
    server.forgetAnswer();
    if (target.kind === 'workflow')
      void navigate({ to: '/workflows/$workflowId', params: { workflowId: target.workflowId } });
    else
      void navigate({
        to: '/workflows/$workflowId/executions/$executionId',
        params: { workflowId: target.workflowId, executionId: target.executionId },
      });
  };

  const submit = () => {
    const chosen = candidates[active];
    if (chosen) open(targetOf(chosen));
    else if (text.trim() !== '') void server.search(text, open);
  };

  return {
    dialog,
    list,
    text,
    setText,
    candidates,
    active,
    setActive,
    busy: server.busy,
    status: server.progress ?? (current?.scan ? scanLine(current.scan) : null),
    message: server.failure ?? current?.nothing ?? null,
    open,
    submit,
    onKeyDown,
    cancelSearch: server.cancel,
  };
}
