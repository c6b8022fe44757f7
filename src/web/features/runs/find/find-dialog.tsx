import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { RelativeTime } from '@/components/ui/relative-time';
import { StatusBadge } from '@/features/runs/status-badge';
import { cn } from '@/lib/cn';
import { targetOf, type Candidate } from './find-by-id';
import { useFindDialog } from './use-find-dialog';

/**
 * Find, as command palettes do it: a workflow's name (or part of it, misspelt) lists matches as it is
 * typed, and Enter opens the highlighted one. A link, a full id or the short id a list shows is
 * looked up once typing pauses and opens at once when it names one thing. Loaded on the first ⌘K or click (find-button.tsx holds the trigger); each new `request`
 * opens it again.
 */
export function FindDialog({ request }: { request: number }) {
  const id = useId();
  const find = useFindDialog(request);
  const { candidates, active, text } = find;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  return (
    <dialog
      ref={find.dialog}
      aria-labelledby={`${id}-title`}
      onClose={find.cancelSearch}
      className="m-auto mt-24 w-[min(36rem,calc(100vw-2rem))] rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form
        method="dialog"
        className="space-y-3 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          find.submit();
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
          onChange={(e) => find.setText(e.target.value)}
          onKeyDown={find.onKeyDown}
        />
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          A workflow’s name (part of it is enough), the id a runs list shows, or a link to a run or workflow.
        </p>
        <ul
          ref={find.list}
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
              onPoint={() => find.setActive(i)}
              onChoose={() => find.open(targetOf(c))}
            />
          ))}
        </ul>
        <FindOutcome status={find.status} message={find.message} />
        <div className="flex justify-end gap-2">
          <Button type="button" size="sm" onClick={() => find.dialog.current?.close()}>
            Cancel
          </Button>
          <Button type="submit" size="sm" variant="primary" busy={find.busy} disabled={text.trim() === ''}>
            Open
          </Button>
        </div>
      </form>
    </dialog>
  );
}

/** How far the server search got, and what it could not find. */
function FindOutcome({ status, message }: { status: string | null; message: string | null }) {
  return (
    <>
      <p role="status" className="text-sm text-zinc-600 empty:hidden dark:text-zinc-400">
        {status}
      </p>
      {message && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {message}
        </p>
      )}
    </>
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
