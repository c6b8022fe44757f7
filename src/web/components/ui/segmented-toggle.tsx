import { useState, type JSX } from 'react';

type Props<T extends string> = {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
};

/** A small two-or-three-way view switch (Tree/Raw, Rendered/Source) built from pressed buttons. */
export function SegmentedToggle<T extends string>({ label, value, options, onChange }: Props<T>): JSX.Element {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className="rounded px-2.5 py-1 text-xs font-medium text-zinc-600 transition-colors hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-700 dark:text-zinc-400 dark:hover:text-zinc-100 dark:aria-pressed:bg-indigo-500/15 dark:aria-pressed:text-indigo-300"
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/**
 * A view switch with its state: `views` maps each view to its button's label, and the first view
 * shows first. Returns the current view and the switch to place.
 */
export function useSegmentedToggle<T extends string>(label: string, views: Record<T, string>) {
  const options = (Object.keys(views) as T[]).map((value) => ({ value, label: views[value] }));
  const [view, setView] = useState<T>(options[0]!.value);
  return { view, toggle: <SegmentedToggle label={label} value={view} options={options} onChange={setView} /> };
}
