import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { RelativeTime } from '@/components/ui/relative-time';
import { RefreshIcon } from '@/components/ui/icons';
import { STATUS_META } from '@/components/execution-status';
import { cn } from '@/lib/cn';
import { EXECUTION_STATUS_FILTERS, type ExecutionStatusFilter } from '@/lib/search-params';
import { useDisclosure } from '@/lib/use-disclosure';
import { useKeyRefusal } from '@/server-state/key-watch';
import { RANGE_LABELS, type RunFilter } from './run-filter';
import { RUN_RANGES, type RunRange } from './runs-search';

export const statusFilterLabel = (f: ExecutionStatusFilter) =>
  f === 'all' ? 'All statuses' : f === 'active' ? 'Not finished yet' : STATUS_META[f].label;

const SEARCH_DEBOUNCE_MS = 250;

/** One labelled control of the toolbar, its label small and above it. */
function ToolbarField({
  htmlFor,
  label,
  wide,
  children,
}: {
  htmlFor: string;
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'flex min-w-48 flex-1 flex-col gap-1' : 'flex flex-col gap-1'}>
      <label htmlFor={htmlFor} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      {children}
    </div>
  );
}

/** One thing a filter can be narrowed to, by id, named for people. */
export interface FilterChoice {
  id: string;
  label: string;
}

/**
 * What the all-runs list may narrow to: every workflow, the account's keys (where the server lists
 * them) and the chosen workflow's batches this browser knows. Absent: that filter is not offered.
 */
export interface RunsChoices {
  workflows?: FilterChoice[];
  keys?: FilterChoice[];
  batches?: FilterChoice[];
}

/** A choice for the id the URL holds even when the list does not (yet) name it, so the select shows it. */
const withCurrent = (choices: FilterChoice[], current: string | undefined, label: string): FilterChoice[] =>
  current && !choices.some((c) => c.id === current) ? [...choices, { id: current, label }] : choices;

/** A select of `choices` with "Any …" first; choosing it clears the filter. */
/** A filter by one of the listed choices, or any; a value not listed (a key since removed) stays shown as `unknown`. */
function ChoiceField({
  id,
  label,
  value,
  any,
  choices,
  unknown,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  any: string;
  choices: FilterChoice[];
  unknown: string;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <ToolbarField htmlFor={id} label={label}>
      <Select
        id={id}
        className="w-48 max-w-64"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">{any}</option>
        {withCurrent(choices, value, unknown).map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </Select>
    </ToolbarField>
  );
}

/**
 * The filters by one listed choice, in the toolbar's order: which filter, which list of RunsChoices
 * offers it, and its words. The batch filter shows only where there is a batch to pick or one chosen.
 */
const CHOICE_FIELDS: ReadonlyArray<{
  filter: 'workflow' | 'startedBy' | 'batch';
  list: keyof RunsChoices;
  label: string;
  any: string;
  unknown: string;
  hideUnused?: boolean;
}> = [
  { filter: 'workflow', list: 'workflows', label: 'Workflow', any: 'All workflows', unknown: 'A workflow not listed' },
  { filter: 'startedBy', list: 'keys', label: 'Started by', any: 'Anyone', unknown: 'A removed key' },
  {
    filter: 'batch',
    list: 'batches',
    label: 'Batch',
    any: 'Any batch or single run',
    unknown: 'A batch from elsewhere',
    hideUnused: true,
  },
];

/**
 * Status, text and time range, and where offered workflow, who started and batch (all kept in the
 * URL by the page), and a refresh button.
 */
export function RunsToolbar({
  filter,
  onChange,
  onRefresh,
  refreshing,
  checkedAt,
  choices = {},
}: {
  filter: RunFilter;
  onChange: (next: Partial<RunFilter>) => void;
  onRefresh: () => void;
  refreshing: boolean;
  checkedAt: number;
  choices?: RunsChoices;
}) {
  const id = useId();
  const [text, setText] = useState(filter.q ?? '');
  // A search changed from outside (back button, a shared link) replaces what the box holds.
  const [seenQ, setSeenQ] = useState(filter.q);
  if (seenQ !== filter.q) {
    setSeenQ(filter.q);
    if ((filter.q ?? '') !== text.trim()) setText(filter.q ?? '');
  }
  useEffect(() => {
    if (text === (filter.q ?? '')) return;
    const timer = setTimeout(() => onChange({ q: text.trim() === '' ? undefined : text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filter.q, onChange]);

  // On a phone the filters fold behind one button, so the runs start on the first screen.
  const { open, panelId, toggleProps } = useDisclosure();
  const active = [
    filter.status !== 'all',
    filter.workflow,
    filter.startedBy,
    filter.batch,
    filter.range,
    filter.q,
  ].filter(Boolean).length;
  const refusal = useKeyRefusal();

  return (
    <div className="flex flex-wrap items-end gap-3">
      <Button className="sm:hidden" {...toggleProps}>
        Filters{active > 0 ? ` (${active})` : ''}
      </Button>
      <div
        id={panelId}
        className={cn(open ? 'flex w-full flex-col gap-3 max-sm:[&_select]:w-full' : 'hidden', 'sm:contents')}
      >
        <ToolbarField htmlFor={`${id}-status`} label="Status">
          <Select
            id={`${id}-status`}
            className="w-48"
            value={filter.status}
            onChange={(e) => onChange({ status: e.target.value as ExecutionStatusFilter })}
          >
            {EXECUTION_STATUS_FILTERS.map((f) => (
              <option key={f} value={f}>
                {statusFilterLabel(f)}
              </option>
            ))}
          </Select>
        </ToolbarField>
        {CHOICE_FIELDS.map(({ filter: name, list, label, any, unknown, hideUnused }) => {
          const offered = choices[list];
          const value = filter[name];
          if (!offered || (hideUnused && offered.length === 0 && !value)) return null;
          return (
            <ChoiceField
              key={name}
              id={`${id}-${name}`}
              label={label}
              value={value}
              any={any}
              choices={offered}
              unknown={unknown}
              onChange={(next) => onChange({ [name]: next })}
            />
          );
        })}
        <ToolbarField htmlFor={`${id}-range`} label="Created">
          <Select
            id={`${id}-range`}
            className="w-40"
            value={filter.range ?? ''}
            onChange={(e) => onChange({ range: (e.target.value || undefined) as RunRange | undefined })}
          >
            <option value="">Any time</option>
            {RUN_RANGES.map((r) => (
              <option key={r} value={r}>
                {RANGE_LABELS[r]}
              </option>
            ))}
          </Select>
        </ToolbarField>
        <ToolbarField htmlFor={`${id}-q`} label="Search runs" wide>
          <Input
            id={`${id}-q`}
            type="search"
            data-filter-input
            placeholder="Id, error, input or file name"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </ToolbarField>
      </div>
      <div className="flex items-center gap-2">
        <Button onClick={onRefresh} busy={refreshing} aria-label="Refresh runs">
          <RefreshIcon /> <span className="hidden sm:inline">Refresh</span>
        </Button>
        {refusal !== null ? (
          // Nothing refreshes while the key is refused: no "Live" claim over a list that stopped.
          <span className="text-xs font-medium text-red-700 dark:text-red-400">
            Not updating: {refusal.revoked ? 'this key was revoked' : 'the server rejected this key'}
          </span>
        ) : (
          checkedAt > 0 && (
            <span className="text-xs text-zinc-500 dark:text-zinc-400">
              <span className="mr-1 inline-block size-2 animate-pulse rounded-full bg-emerald-500" aria-hidden="true" />
              Live · checked <RelativeTime key={checkedAt} iso={new Date(checkedAt).toISOString()} />
            </span>
          )
        )}
      </div>
    </div>
  );
}
