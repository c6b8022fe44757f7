import { useId } from 'react';
import type { Mapping } from '@/batch-engine/batch-types';
import type { DateOrder } from './dates';
import { readingsOf } from './dates';
import type { DateColumn } from './mapping';
import { RadioChoices } from './radio-choices';

const DATE_ORDERS: readonly DateOrder[] = ['dmy', 'mdy'];
const ORDER_WORDS: Record<DateOrder, string> = { dmy: 'day/month/year', mdy: 'month/day/year' };

const count = (n: number) => `${n.toLocaleString()} date${n === 1 ? '' : 's'}`;

/** What was read, and where the column is mixed, how many cells read only the other way. */
function readSentence(found: DateColumn, order: DateOrder | undefined): string {
  if (order === undefined) return `Read ${count(found.dates - found.ambiguous)} in “${found.column}”.`;
  const against = order === 'dmy' ? found.monthFirst : found.dayFirst;
  const read = `Read ${count(found.dates - against)} in “${found.column}” as ${ORDER_WORDS[order]}.`;
  return against === 0
    ? read
    : `${read} ${count(against)} can only be read as ${ORDER_WORDS[order === 'dmy' ? 'mdy' : 'dmy']}; they are marked below.`;
}

/** One column's dates: what was read, and the day-first or month-first choice where its numbers allow both. */
function DateColumnChoice({
  found,
  order,
  onPick,
}: {
  found: DateColumn;
  order: DateOrder | undefined;
  onPick: (order: DateOrder) => void;
}) {
  const name = useId();
  const numeric = found.dayFirst + found.monthFirst + found.ambiguous > 0;
  const readings = found.sample === null ? null : readingsOf(found.sample);
  const asking = order === undefined && found.ambiguous > 0;
  if (!numeric) {
    return (
      <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
        {readSentence(found, undefined)}
      </p>
    );
  }
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-100">Dates in “{found.column}”</legend>
      {asking && readings !== null && (
        <p className="text-sm font-medium text-amber-800 dark:text-amber-300">
          Every date in this column reads both ways. Is {found.sample} {readings.dmy}, or {readings.mdy}?
        </p>
      )}
      <RadioChoices
        name={name}
        options={DATE_ORDERS}
        value={order}
        onPick={onPick}
        label={(o) => (
          <>
            {o === 'dmy' ? 'Day first' : 'Month first'}
            {readings !== null && `: ${found.sample} is ${readings[o]}`}
          </>
        )}
      />
      {!asking && (
        <p role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
          {readSentence(found, order)}
          {order !== undefined && order === found.order && ' Detected from the file: some dates read only this way.'}
        </p>
      )}
    </fieldset>
  );
}

/** Every column that fills a date field, with how its dates are read (said, and asked once where they read both ways). */
export function DateChoices({
  found,
  mapping,
  onChange,
}: {
  found: readonly DateColumn[];
  mapping: Mapping;
  onChange: (mapping: Mapping) => void;
}) {
  if (found.length === 0) return null;
  return (
    <div className="space-y-3">
      {found.map((f) => (
        <DateColumnChoice
          key={f.column}
          found={f}
          order={mapping.dates?.[f.column]}
          onPick={(order) => onChange({ ...mapping, dates: { ...mapping.dates, [f.column]: order } })}
        />
      ))}
    </div>
  );
}
