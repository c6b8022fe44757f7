import { useId, useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { Checkbox } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { curlSnippet, fetchSnippet } from './request-snippets';

type Format = 'curl' | 'fetch';

/** The exact request the Run button sends, as curl or fetch, with the key masked unless asked. */
export function SnippetPanel({
  baseUrl,
  workflowId,
  body,
  apiKey,
}: {
  baseUrl: string;
  workflowId: string;
  body: Record<string, unknown>;
  apiKey: string;
}) {
  const id = useId();
  const [format, setFormat] = useState<Format>('curl');
  const [includeKey, setIncludeKey] = useState(false);
  const request = { baseUrl, workflowId, body, apiKey, includeKey };
  const code = format === 'curl' ? curlSnippet(request) : fetchSnippet(request);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          Request
        </h2>
        <div
          role="group"
          aria-label="Snippet format"
          className="inline-flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700"
        >
          {(['curl', 'fetch'] as const).map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={format === f}
              onClick={() => setFormat(f)}
              className={cn(
                'rounded px-2.5 py-1 text-xs font-medium',
                format === f
                  ? 'bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900'
                  : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white',
              )}
            >
              {f}
            </button>
          ))}
        </div>
      </div>
      <pre
        tabIndex={0}
        aria-label={`${format} request`}
        className="max-h-80 overflow-auto rounded-md bg-zinc-950 p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-zinc-100 dark:bg-black dark:ring-1 dark:ring-zinc-800"
      >
        <code>{code}</code>
      </pre>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Checkbox
          id={`${id}-key`}
          checked={includeKey}
          onChange={(e) => setIncludeKey(e.target.checked)}
          label="Include my key"
        />
        <CopyButton text={code} label={`Copy as ${format}`} />
      </div>
      {!includeKey && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          The key is written as <code className="font-mono">$WORKFLOW_API_KEY</code>; set that variable before running
          it.
        </p>
      )}
    </section>
  );
}
