import { Badge } from '@/components/ui/badge';
import type { SchemaField } from './schema-fields';

/** The fields a run asks for, one a row: title, key in small print, kind, required or optional, details. */
export function SchemaFieldList({ fields, label }: { fields: SchemaField[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {fields.map((field) => (
        <li key={field.key} aria-label={field.title} className="py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <span className="font-medium text-zinc-900 dark:text-zinc-100">{field.title}</span>
            <code className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{field.key}</code>
            <span className="ml-auto flex flex-wrap gap-1.5">
              <Badge tone="info">{field.kind}</Badge>
              {field.required ? <Badge tone="accent">Required</Badge> : <Badge>Optional</Badge>}
            </span>
          </div>
          {field.description && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{field.description}</p>}
          <FieldDetails field={field} />
          {field.fields && (
            <div className="mt-2 rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
              <p className="mb-2 text-xs font-medium text-zinc-600 dark:text-zinc-400">Each entry has</p>
              <SchemaFieldList fields={field.fields} label={`Fields of each ${field.title} entry`} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function FieldDetails({ field }: { field: SchemaField }) {
  const details: Array<[string, string]> = [];
  if (field.format) details.push(['Format', field.format]);
  if (field.limits.length > 0) details.push(['Limits', field.limits.join(', ')]);
  if (field.example !== undefined) details.push(['Example', field.example]);
  if (field.default !== undefined) details.push(['Default', field.default]);
  if (details.length === 0) return null;
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-zinc-500 dark:text-zinc-400">
      {details.map(([term, value]) => (
        <div key={term} className="flex min-w-0 gap-1">
          <dt>{term}:</dt>
          <dd className="min-w-0 break-words text-zinc-700 dark:text-zinc-300">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
