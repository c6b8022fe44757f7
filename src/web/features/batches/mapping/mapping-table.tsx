import { useId, useMemo } from 'react';
import { Input, Select } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import type { Table } from '@/features/batches/upload/table';
import type { DecimalMark } from '@/batch-engine/batch-types';
import { columnNotes, sample } from './column-previews';
import { describeReason, type MatchReason } from './header-match';
import { RadioChoices } from './radio-choices';
import type { Mapping } from '@/batch-engine/batch-types';
import { autoMatch, mappedProperties, type MappingCheck } from './mapping';
import type { PropertyInfo } from './schema-info';

const IGNORE = '\u0000ignore';
/** What one file column's row shows, worked out by the table. */
interface ColumnView {
  column: string;
  /** Its first non-empty cell, shortened. */
  firstCell: string;
  selectId: string;
  target: string | null;
  reason: MatchReason | undefined;
  added: number | undefined;
  example: string | undefined;
}

/** One file column: its name, an example cell, and the field it fills (with why, and what converting did). */
function ColumnRow({
  view: { column, firstCell, selectId, target, reason, added, example },
  props,
  onSelect,
}: {
  view: ColumnView;
  props: readonly PropertyInfo[];
  onSelect: (value: string) => void;
}) {
  return (
    <li className="grid grid-cols-1 gap-1.5 px-3 py-2.5 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.2fr)] sm:items-center sm:gap-3">
      <label htmlFor={selectId} className="font-medium break-words text-zinc-900 dark:text-zinc-100">
        {column}
      </label>
      <span className="truncate text-zinc-500 dark:text-zinc-400" title={firstCell}>
        <span className="sm:sr-only">Example: </span>
        {firstCell || '(empty)'}
      </span>
      <div className="min-w-0 space-y-1">
        <Select
          id={selectId}
          value={target ?? IGNORE}
          onChange={(e) => onSelect(e.target.value)}
          aria-describedby={
            [reason && `${selectId}-why`, added && `${selectId}-added`].filter(Boolean).join(' ') || undefined
          }
          className="w-full"
        >
          <option value={IGNORE}>Ignore this column</option>
          {props.length === 0 ? (
            <option value={column}>Send as “{column}”</option>
          ) : (
            props.map((p) => (
              <option key={p.name} value={p.name} title={p.name}>
                {p.title ?? p.name}
                {p.required ? ' (required)' : ''}
              </option>
            ))
          )}
        </Select>
        {reason !== undefined && (
          <p id={`${selectId}-why`} className="text-xs text-zinc-500 dark:text-zinc-400">
            {describeReason(reason)}
          </p>
        )}
        {added !== undefined && (
          <p id={`${selectId}-added`} className="text-xs text-emerald-700 dark:text-emerald-400">
            Added https:// to {added.toLocaleString()} website{added === 1 ? '' : 's'}
          </p>
        )}
        {example !== undefined && (
          <p className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400" title={example}>
            Converted, e.g. {example}
          </p>
        )}
      </div>
    </li>
  );
}

const DECIMAL_MARKS: readonly DecimalMark[] = ['.', ','];

/** The decimal mark the file's numbers use, as detected, for people to confirm or change. */
function DecimalChoice({
  name,
  decimal,
  detected,
  onPick,
}: {
  name: string;
  decimal: DecimalMark;
  detected: { mark: DecimalMark; certain: boolean };
  onPick: (mark: DecimalMark) => void;
}) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-100">Numbers in this file</legend>
      <RadioChoices
        name={name}
        options={DECIMAL_MARKS}
        value={decimal}
        onPick={onPick}
        label={(mark) => (mark === '.' ? 'Decimal point: 1,234.50' : 'Decimal comma: 1.234,50')}
      />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {detected.certain
          ? `Detected from the file: its numbers use a decimal ${detected.mark === ',' ? 'comma' : 'point'}.`
          : 'The file’s numbers do not settle it (for example 1,234 could be either); check the conversions above.'}
      </p>
    </fieldset>
  );
}

/** Fields no column fills: each takes its default, or one value typed here for every row. */
function ConstantFields({
  idPrefix,
  unmapped,
  constants,
  onConstant,
}: {
  idPrefix: string;
  unmapped: readonly PropertyInfo[];
  constants: Mapping['constants'];
  onConstant: (name: string, value: string) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-100">Fields no column fills</legend>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Leave empty to use the field’s default, or type one value to send for every row.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {unmapped.map((p) => {
          const inputId = `${idPrefix}-const-${p.name}`;
          return (
            <div key={p.name} className="flex min-w-0 flex-col gap-1">
              <label htmlFor={inputId} className="text-sm break-words text-zinc-700 dark:text-zinc-200">
                {p.title ?? p.name}
                {p.required && <span className="text-red-600 dark:text-red-400"> (required)</span>}
              </label>
              <Input
                id={inputId}
                value={constants[p.name] ?? ''}
                placeholder={
                  p.schema.default !== undefined
                    ? `Default: ${JSON.stringify(p.schema.default)}`
                    : 'Value for every row'
                }
                onChange={(e) => onConstant(p.name, e.target.value)}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** What stops the mapping from being sent, and notes that do not. */
function MappingProblems({ check }: { check: MappingCheck }) {
  return (
    <>
      {check.blocking.length > 0 && (
        <Notice tone="danger" role="alert" title="Fix the mapping before sending">
          <ul className="list-disc pl-4">
            {check.blocking.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </Notice>
      )}
      {check.notes.map((n) => (
        <p key={n} className="text-xs break-words text-zinc-500 dark:text-zinc-400">
          {n}
        </p>
      ))}
    </>
  );
}

/** Which column fills which input field: auto-mapped, with overrides, ignores, constants and the decimal mark. */
export function MappingTable({
  table,
  props,
  mapping,
  check,
  decimalDetected,
  onChange,
}: {
  table: Table;
  props: readonly PropertyInfo[];
  mapping: Mapping;
  check: MappingCheck;
  /** What the file's numbers showed, if anything; null when no number column said. */
  decimalDetected: { mark: DecimalMark; certain: boolean } | null;
  onChange: (m: Mapping) => void;
}) {
  const id = useId();
  const filled = mappedProperties(mapping);
  const unmapped = props.filter((p) => !filled.has(p.name));
  const { examples, completed } = useMemo(() => columnNotes(table, props, mapping), [table, props, mapping]);
  // The reason is shown while a column still goes where the automatic match sent it.
  const auto = useMemo(() => autoMatch(table.columns, props), [table.columns, props]);
  const setColumn = (column: string, value: string) =>
    onChange({ ...mapping, columns: { ...mapping.columns, [column]: value === IGNORE ? null : value } });
  return (
    <div className="space-y-4">
      <ul
        className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        aria-label="Column mapping"
      >
        <li
          aria-hidden
          className="hidden grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.2fr)] gap-3 bg-zinc-50 px-3 py-2 text-xs font-medium text-zinc-500 uppercase sm:grid dark:bg-zinc-900 dark:text-zinc-400"
        >
          <span>Column</span>
          <span>Example</span>
          <span>Sends to</span>
        </li>
        {table.columns.map((column, i) => {
          const target = mapping.columns[column] ?? null;
          const view: ColumnView = {
            column,
            firstCell: sample(table, i),
            selectId: `${id}-col-${i}`,
            target,
            reason: target !== null && auto.mapping.columns[column] === target ? auto.reasons[column] : undefined,
            added: completed.get(column),
            example: examples.get(column),
          };
          return <ColumnRow key={column} view={view} props={props} onSelect={(value) => setColumn(column, value)} />;
        })}
      </ul>
      {decimalDetected !== null && (
        <DecimalChoice
          name={`${id}-decimal`}
          decimal={mapping.decimal ?? '.'}
          detected={decimalDetected}
          onPick={(mark) => onChange({ ...mapping, decimal: mark })}
        />
      )}
      {unmapped.length > 0 && (
        <ConstantFields
          idPrefix={id}
          unmapped={unmapped}
          constants={mapping.constants}
          onConstant={(name, value) => onChange({ ...mapping, constants: { ...mapping.constants, [name]: value } })}
        />
      )}
      <MappingProblems check={check} />
    </div>
  );
}
