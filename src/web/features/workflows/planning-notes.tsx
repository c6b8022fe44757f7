import type { PlanningNote } from '@contract/openapi-document';
import { Notice } from '@/components/ui/notice';

/**
 * What the planner understood but the service does not do (a schedule, a trigger, another service,
 * the web), so the person knows the workflow runs on demand with its inputs only.
 */
export function PlanningNotes({ notes }: { notes: PlanningNote[] | undefined }) {
  if (!notes || notes.length === 0) return null;
  return (
    <Notice tone="warning" title="Planning notes">
      <ul aria-label="Planning notes" className="list-disc space-y-0.5 pl-4">
        {notes.map((note) => (
          <li key={note.text} data-kind={note.kind}>
            {note.text}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
