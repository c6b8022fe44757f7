import type { JSX } from 'react';

/** Plain text exactly as written, wrapped so long lines stay readable on a phone. */
export function TextPreview({ text, label }: { text: string; label: string }): JSX.Element {
  return (
    // The scrollable box is a focusable, labelled region so keyboard users can scroll it.
    <div
      role="region"
      tabIndex={0}
      aria-label={label}
      className="max-h-[70vh] overflow-auto rounded-lg bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:bg-zinc-900"
    >
      <pre className="p-4 font-mono text-[13px] leading-relaxed break-words whitespace-pre-wrap text-zinc-800 dark:text-zinc-200">
        {text === '' ? <span className="text-zinc-500 italic dark:text-zinc-400">(empty file)</span> : text}
      </pre>
    </div>
  );
}
