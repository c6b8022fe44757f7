import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { cachedData, everyWorkflow, findClient, findQueries } from '@/server-state/find';
import { isApiError } from '@/api/errors';
import { useCapabilities } from '@/server-state/server';
import { candidatesIn, findFor, targetOf, type Candidate, type FindTarget, type LookReport } from './find-by-id';
import { readQuery, type FindQuery } from './find-match';
import { nothingLine, progressLine, scanLine } from './find-words';
import { knownIn } from './known-in-cache';

const knownNow = (queryClient: QueryClient) => knownIn(cachedData(queryClient));

/** The pause in typing after which Find asks the server: a pasted id goes at once, a typed one at its end. */
const AS_YOU_TYPE_MS = 300;
/** Hex digits of the short id the runs lists show. */
const SHORT_ID_DIGITS = 8;

/**
 * What is typed names one thing by its id: a link, a whole id, or the short id a list shows. Such
 * text is looked up on the server as it is typed, and a single match opens at once. Shorter
 * starts of an id, and names, are looked up on Enter: they match too much to spend requests on
 * each keystroke (names are matched as typed against the workflows already read).
 */
const namesOneById = (q: FindQuery): boolean =>
  q.kind === 'full-id' ||
  q.kind === 'link' ||
  (q.kind === 'text' && q.idPrefix !== undefined && q.idPrefix.replace(/-/g, '').length >= SHORT_ID_DIGITS);

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
  looked?: LookReport;
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

  const searchingFor = useRef<string | null>(null);
  /** Asks the server about `asked`; a single match opens at once when `openSingle`. One search at a time. */
  const search = async (asked: string, open: (target: FindTarget) => void, openSingle: boolean) => {
    if (searchingFor.current === asked) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    searchingFor.current = asked;
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
      else if (openSingle && outcome.candidates.length === 1) open(targetOf(outcome.candidates[0]!));
      else
        setAnswer({
          for: asked,
          candidates: outcome.candidates,
          looked: outcome.looked,
          nothing: outcome.candidates.length === 0 ? nothingLine(asked, outcome.looked) : undefined,
        });
    } catch (error) {
      if (!controller.signal.aborted) setFailure(isApiError(error) ? error.message : 'The search failed; try again.');
    } finally {
      if (abort.current === controller) {
        searchingFor.current = null;
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
    cancel: () => {
      abort.current?.abort();
      searchingFor.current = null;
    },
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

  const query = useMemo(() => readQuery(text), [text]);
  const local = useMemo(
    () => candidatesIn(query, knownNow(queryClient)),
    // The workflow list arriving changes what is known, though the cache is read directly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [query, queryClient, workflows.data],
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

  // As typed: an id, whole or as the lists show it, is looked up once typing pauses; one match opens.
  const latestOpen = useRef(open);
  latestOpen.current = open;
  const single = namesOneById(query) && local.length === 1 ? local[0]! : null;
  const answered = server.answer?.for === text;
  useEffect(() => {
    if (!namesOneById(query) || answered) return;
    const timer = setTimeout(() => {
      if (single !== null) latestOpen.current(targetOf(single));
      else void server.search(text, (target) => latestOpen.current(target), true);
    }, AS_YOU_TYPE_MS);
    return () => clearTimeout(timer);
    // `server` changes identity each render; the text, its reading and what is known decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, query, single, answered]);

  /** Enter: the highlighted match opens; with none listed yet, the server is asked and a single match opens. */
  const submit = () => {
    const chosen = candidates[active];
    if (chosen) open(targetOf(chosen));
    else if (text.trim() !== '' && !answered) void server.search(text, open, true);
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
    status: server.progress ?? (current?.looked?.through === 'runs' ? scanLine(current.looked) : null),
    message: server.failure ?? current?.nothing ?? null,
    open,
    submit,
    onKeyDown,
    cancelSearch: server.cancel,
  };
}
