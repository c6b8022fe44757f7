import type { PlanningNote } from '@contract/openapi-document';
import { AlertIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';

/**
 * What the planner understood but the service does not do (a schedule, a trigger, another service,
 * the web), so the person knows the workflow runs on demand with its inputs only. `collapsed` (a
 * phone) shows one line that opens to the notes.
 */
export function PlanningNotes({
  notes,
  collapsed = false,
}: {
  notes: PlanningNote[] | undefined;
  collapsed?: boolean;
}) {
  if (!notes || notes.length === 0) return null;
  const list = (
    <ul aria-label="Planning notes" className="list-disc space-y-0.5 pl-4">
      {notes.map((note) => (
        <li key={note.text} data-kind={note.kind}>
          {note.text}
        </li>
      ))}
    </ul>
  );
  if (!collapsed) {
    return (
      <Notice tone="warning" title="Planning notes">
        {list}
      </Notice>
    );
  }
  return (
    <details className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100">
      <summary className="flex cursor-pointer items-center gap-2 font-medium select-none">
        <AlertIcon className="size-4 text-amber-600 dark:text-amber-400" />
        {notes.length === 1 ? '1 planning note' : `${notes.length} planning notes`}: what it does not do
      </summary>
      <div className="mt-2 opacity-90">{list}</div>
    </details>
  );
}
