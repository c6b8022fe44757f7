import type { PlanningNote } from '@contract/openapi-document';
import { AlertIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';

const AMBER_DETAILS =
  'rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100';

/** One line that opens to `children`, for a phone. */
function Collapsed({ summary, children }: { summary: string; children: React.ReactNode }) {
  return (
    <details className={AMBER_DETAILS}>
      <summary className="flex cursor-pointer items-center gap-2 font-medium select-none">
        <AlertIcon className="size-4 shrink-0 text-amber-600 dark:text-amber-400" />
        {summary}
      </summary>
      <div className="mt-2 opacity-90">{children}</div>
    </details>
  );
}

const NOT_THE_MODEL = 'Planned by the built-in rules, not the model';

/**
 * Why the model's plan was not used (`planner` notes: it was unusable, or the model could not be
 * reached), so the person knows the built-in rules made this plan.
 */
function PlannerNotes({ notes, collapsed }: { notes: PlanningNote[]; collapsed: boolean }) {
  const why = (
    <div aria-label="Why the model’s plan was not used" role="group" className="space-y-1">
      {notes.map((note) => (
        <p key={note.text} data-kind={note.kind}>
          {note.text}
        </p>
      ))}
    </div>
  );
  if (collapsed) return <Collapsed summary={NOT_THE_MODEL}>{why}</Collapsed>;
  return (
    <Notice tone="warning" title={NOT_THE_MODEL}>
      {why}
    </Notice>
  );
}

/**
 * What the planner understood but the service does not do (a schedule, a trigger, another service,
 * the web), so the person knows the workflow runs on demand with its inputs only; and, apart,
 * whether the built-in rules planned it instead of the model. `collapsed` (a phone) shows one
 * line each that opens to the notes.
 */
export function PlanningNotes({
  notes,
  collapsed = false,
}: {
  notes: PlanningNote[] | undefined;
  collapsed?: boolean;
}) {
  if (!notes || notes.length === 0) return null;
  const planner = notes.filter((note) => note.kind === 'planner');
  const others = notes.filter((note) => note.kind !== 'planner');
  const list = others.length > 0 && (
    <ul aria-label="Planning notes" className="list-disc space-y-0.5 pl-4">
      {others.map((note) => (
        <li key={note.text} data-kind={note.kind}>
          {note.text}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {planner.length > 0 && <PlannerNotes notes={planner} collapsed={collapsed} />}
      {list &&
        (collapsed ? (
          <Collapsed
            summary={`${others.length === 1 ? '1 planning note' : `${others.length} planning notes`}: what it does not do`}
          >
            {list}
          </Collapsed>
        ) : (
          <Notice tone="warning" title="Planning notes">
            {list}
          </Notice>
        ))}
    </>
  );
}
