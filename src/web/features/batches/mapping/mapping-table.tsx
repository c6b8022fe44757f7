import { useId } from 'react';
import { Input, Select } from '../../../components/ui/input';
import { Notice } from '../../../components/ui/notice';
import { mappedProperties, type Mapping, type MappingCheck } from './mapping';
import type { PropertyInfo } from './schema-info';
import type { Table } from '../upload/table';

const IGNORE = '\u0000ignore';

const sample = (table: Table, i: number): string => {
  const cell = table.rows.find((r) => (r[i] ?? '').trim() !== '')?.[i] ?? '';
  return cell.length > 40 ? `${cell.slice(0, 40)}…` : cell;
};

/** Which column fills which input field: auto-mapped, with overrides, ignores and constants. */
export function MappingTable({
  table,
  props,
  mapping,
  check,
  onChange,
}: {
  table: Table;
  props: readonly PropertyInfo[];
  mapping: Mapping;
  check: MappingCheck;
  onChange: (m: Mapping) => void;
}) {
  const id = useId();
  const open = props.length === 0;
  const filled = mappedProperties(mapping);
  const unmapped = props.filter((p) => !filled.has(p.name));
  const setColumn = (column: string, value: string) =>
    onChange({ ...mapping, columns: { ...mapping.columns, [column]: value === IGNORE ? null : value } });
  return (
    <div className="space-y-4">
      <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">Column mapping</caption>
          <thead className="bg-zinc-50 text-xs text-zinc-500 uppercase dark:bg-zinc-900 dark:text-zinc-400">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Column
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Example
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Sends to
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {table.columns.map((column, i) => {
              const selectId = `${id}-col-${i}`;
              const target = mapping.columns[column] ?? null;
              return (
                <tr key={column}>
                  <th scope="row" className="px-3 py-2 font-medium text-zinc-900 dark:text-zinc-100">
                    <label htmlFor={selectId}>{column}</label>
                  </th>
                  <td className="max-w-[12rem] truncate px-3 py-2 text-zinc-500 dark:text-zinc-400">{sample(table, i)}</td>
                  <td className="px-3 py-2">
                    <Select id={selectId} value={target ?? IGNORE} onChange={(e) => setColumn(column, e.target.value)}>
                      <option value={IGNORE}>Ignore this column</option>
                      {open ? (
                        <option value={column}>Send as “{column}”</option>
                      ) : (
                        props.map((p) => (
                          <option key={p.name} value={p.name}>
                            {p.title !== undefined && p.title !== p.name ? `${p.title} (${p.name})` : p.name}
                            {p.required ? ' *' : ''}
                          </option>
                        ))
                      )}
                    </Select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {unmapped.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-100">Fields no column fills</legend>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">Leave empty to use the field’s default, or type one value to send for every row.</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {unmapped.map((p) => {
              const inputId = `${id}-const-${p.name}`;
              return (
                <div key={p.name} className="flex flex-col gap-1">
                  <label htmlFor={inputId} className="text-sm text-zinc-700 dark:text-zinc-200">
                    {p.title ?? p.name}
                    {p.required && <span className="text-red-600 dark:text-red-400"> (required)</span>}
                  </label>
                  <Input
                    id={inputId}
                    value={mapping.constants[p.name] ?? ''}
                    placeholder={p.schema.default !== undefined ? `Default: ${JSON.stringify(p.schema.default)}` : 'Value for every row'}
                    onChange={(e) => onChange({ ...mapping, constants: { ...mapping.constants, [p.name]: e.target.value } })}
                  />
                </div>
              );
            })}
          </div>
        </fieldset>
      )}
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
        <p key={n} className="text-xs text-zinc-500 dark:text-zinc-400">
          {n}
        </p>
      ))}
    </div>
  );
}
