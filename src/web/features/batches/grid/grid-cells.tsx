import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { GrowTextarea } from '@/components/ui/grow-textarea';
import { Input } from '@/components/ui/input';
import type { RowRecord } from '@/batch-engine/batch-types';
import { STATUS_STYLE } from '@/features/batches/progress/status-style';
import { textStart } from './grid-model';

/** What a row shows in one column: an input while the row may be edited, else the value as text. */
export function CellValue({
  editable,
  className,
  title,
  ...input
}: Parameters<typeof CellInput>[0] & { editable: boolean; className: string; title?: string | undefined }) {
  if (editable) return <CellInput {...input} />;
  return (
    <span className={className} title={title}>
      {input.value}
    </span>
  );
}

/**
 * One editable cell of a failed row: commits on blur or Enter, so checking does not run on every
 * key. A free-text cell is a growing multi-line box, where Enter is a line break and Ctrl+Enter commits.
 */
function CellInput({
  label,
  value,
  message,
  multiline = false,
  onCommit,
}: {
  label: string;
  value: string;
  message: string | undefined;
  multiline?: boolean;
  onCommit: (v: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  // A new committed value (a re-check, another tab) replaces the draft.
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const shared = {
    'aria-label': label,
    value: draft,
    invalid: message !== undefined,
    'aria-describedby': message !== undefined ? `${id}-msg` : undefined,
    onBlur: () => draft !== value && onCommit(draft),
  };
  return (
    <div className="min-w-0 space-y-1">
      {multiline ? (
        <GrowTextarea
          {...shared}
          minRows={2}
          className="px-2 text-xs"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && draft !== value) onCommit(draft);
          }}
        />
      ) : (
        <Input
          {...shared}
          className="h-8 px-2 text-xs"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && draft !== value) onCommit(draft);
          }}
        />
      )}
      {message !== undefined && (
        <p id={`${id}-msg`} className="text-xs break-words text-red-700 dark:text-red-400">
          {message}
        </p>
      )}
    </div>
  );
}

/** The attempts before the current one, oldest first, with their errors. */
export function History({ workflowId, row }: { workflowId: string; row: RowRecord }) {
  const past = row.attempts ?? [];
  return (
    <div className="space-y-2 border-t border-zinc-200 bg-zinc-50/70 px-3 py-2 text-xs dark:border-zinc-800 dark:bg-zinc-900/50">
      {row.error !== undefined && (
        <p className="break-words whitespace-pre-wrap text-zinc-700 dark:text-zinc-200">
          <span className="font-medium">Error (attempt {row.attempt}): </span>
          {row.error}
        </p>
      )}
      {past.length > 0 && (
        <ol className="space-y-1" aria-label={`Earlier attempts of row ${row.index + 1}`}>
          {past.map((a) => (
            <li key={a.attempt} className="flex flex-wrap items-baseline gap-x-2 text-zinc-600 dark:text-zinc-300">
              <span className="font-medium">Attempt {a.attempt}</span>
              <Badge tone={STATUS_STYLE[a.status].tone}>{STATUS_STYLE[a.status].label}</Badge>
              <Link
                to="/workflows/$workflowId/executions/$executionId"
                params={{ workflowId, executionId: a.executionId }}
                className="text-indigo-700 hover:underline dark:text-indigo-300"
              >
                execution
              </Link>
              {a.error !== undefined && <span className="min-w-0 break-words">{a.error}</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The first result files of a finished row, linked, and the start of its text result: a grid cell,
 * or plain content on a phone card.
 */
export function ResultsCell({ row: r, as = 'cell' }: { row: RowRecord; as?: 'cell' | 'div' }) {
  const textResult = r.status === 'finished' ? textStart(r.results) : null;
  const files = r.status === 'finished' ? (r.results ?? []) : [];
  const Tag = as === 'cell' ? 'span' : 'div';
  return (
    <Tag
      {...(as === 'cell' ? { role: 'cell', 'data-cell': true } : {})}
      className={as === 'cell' ? 'min-w-0 px-2 py-2 text-xs' : 'min-w-0 text-xs'}
    >
      {files.length > 0 && (
        <span className="flex flex-wrap gap-x-2 gap-y-0.5 pt-0.5">
          {files.slice(0, 3).map((f) => (
            <a
              key={f.filename}
              href={f.url}
              target="_blank"
              rel="noopener noreferrer"
              className="truncate font-mono text-indigo-700 hover:underline dark:text-indigo-300"
              title={f.filename}
            >
              {f.filename}
            </a>
          ))}
          {files.length > 3 && <span className="text-zinc-500 dark:text-zinc-400">+{files.length - 3} more</span>}
        </span>
      )}
      {textResult !== null && (
        <span className="mt-0.5 block truncate text-zinc-500 dark:text-zinc-400" title={textResult}>
          {textResult}
        </span>
      )}
      {r.status === 'finished' && r.results === undefined && (
        <span className="text-zinc-400 dark:text-zinc-500">files still being collected</span>
      )}
    </Tag>
  );
}

/** The row's status, linked to its execution once it has one. */
export function StatusBadge({ row: r, workflowId }: { row: RowRecord; workflowId: string }) {
  const badge = <Badge tone={STATUS_STYLE[r.status].tone}>{STATUS_STYLE[r.status].label}</Badge>;
  if (r.executionId === undefined) return badge;
  return (
    <Link
      to="/workflows/$workflowId/executions/$executionId"
      params={{ workflowId, executionId: r.executionId }}
      aria-label={`Row ${r.index + 1}: ${STATUS_STYLE[r.status].label}, open its execution`}
      className="rounded-full focus-visible:outline-2 focus-visible:outline-indigo-500"
    >
      {badge}
    </Link>
  );
}
