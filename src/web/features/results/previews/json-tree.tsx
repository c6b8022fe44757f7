import { useId, useState, type JSX } from 'react';
import { ChevronRightIcon } from '@/components/ui/icons';
import {
  CHILD_PAGE,
  childEntries,
  containerSummary,
  formatScalar,
  isContainer,
  jsonKind,
  startsOpen,
  visibleChildCount,
  type JsonValue,
} from './json-tree-model';

const SCALAR_COLORS = {
  string: 'text-emerald-700 dark:text-emerald-400',
  number: 'text-sky-700 dark:text-sky-400',
  boolean: 'text-violet-700 dark:text-violet-400',
  null: 'text-zinc-500 dark:text-zinc-400',
} as const;

function Label({ name, isIndex }: { name: string; isIndex: boolean }): JSX.Element {
  return isIndex ? (
    <span className="text-zinc-500 dark:text-zinc-400">{name}: </span>
  ) : (
    <span className="text-indigo-700 dark:text-indigo-300">{JSON.stringify(name)}: </span>
  );
}

type EntryProps = { name: string | null; isIndex: boolean; value: JsonValue; depth: number };

function JsonEntry({ name, isIndex, value, depth }: EntryProps): JSX.Element {
  const [open, setOpen] = useState(startsOpen(depth));
  const [pages, setPages] = useState(1);
  const childrenId = useId();
  const label = name === null ? null : <Label name={name} isIndex={isIndex} />;
  const kind = jsonKind(value);

  if (!isContainer(value) || childEntries(value).length === 0) {
    const color = kind === 'object' || kind === 'array' ? SCALAR_COLORS.null : SCALAR_COLORS[kind];
    return (
      <li className="py-px pl-5 break-all">
        {label}
        <span className={color}>{isContainer(value) ? (kind === 'array' ? '[]' : '{}') : formatScalar(value)}</span>
      </li>
    );
  }

  const entries = childEntries(value);
  const shown = visibleChildCount(entries.length, pages);
  const [openBracket, closeBracket] = kind === 'array' ? ['[', ']'] : ['{', '}'];

  return (
    <li className="py-px">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? childrenId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="group inline-flex max-w-full items-start rounded text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-800"
      >
        <ChevronRightIcon
          className={`mt-0.5 mr-1 size-4 shrink-0 text-zinc-400 transition-transform ${open ? 'rotate-90' : ''}`}
        />
        <span className="break-all">
          {label}
          <span className="text-zinc-500 dark:text-zinc-400">{open ? openBracket : containerSummary(value)}</span>
        </span>
      </button>
      {open && (
        <>
          <ul id={childrenId} className="ml-2 border-l border-zinc-200 pl-2 dark:border-zinc-800">
            {entries.slice(0, shown).map(([key, child]) => (
              <JsonEntry key={key} name={key} isIndex={kind === 'array'} value={child} depth={depth + 1} />
            ))}
            {shown < entries.length && (
              <li className="py-1 pl-5">
                <button
                  type="button"
                  onClick={() => setPages((p) => p + 1)}
                  className="rounded text-xs font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
                >
                  Show {Math.min(CHILD_PAGE, entries.length - shown)} more ({entries.length - shown} hidden)
                </button>
              </li>
            )}
          </ul>
          <span className="pl-5 text-zinc-500 dark:text-zinc-400">{closeBracket}</span>
        </>
      )}
    </li>
  );
}

/** A collapsible view of a JSON value; toggles are buttons, so it works by keyboard. */
export function JsonTree({ value, label }: { value: JsonValue; label: string }): JSX.Element {
  return (
    <ul aria-label={label} className="font-mono text-[13px] leading-6 text-zinc-800 dark:text-zinc-200">
      <JsonEntry name={null} isIndex={false} value={value} depth={0} />
    </ul>
  );
}
