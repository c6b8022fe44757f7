import type { ReactNode } from 'react';

/** One radio button per option, side by side where they fit; `label` says what each option means. */
export function RadioChoices<T extends string>({
  name,
  options,
  value,
  label,
  onPick,
}: {
  name: string;
  options: readonly T[];
  value: T | undefined;
  label: (option: T) => ReactNode;
  onPick: (option: T) => void;
}) {
  return (
    <div className="flex flex-wrap gap-x-5 gap-y-1.5">
      {options.map((option) => (
        <label key={option} className="inline-flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <input
            type="radio"
            name={name}
            className="size-4 accent-indigo-600"
            checked={value === option}
            onChange={() => onPick(option)}
          />
          {label(option)}
        </label>
      ))}
    </div>
  );
}
