import { SearchIcon } from '@/components/ui/shell-icons';

/** The page's filter box; "/" focuses it from anywhere (see useGlobalHotkeys). */
export function FilterBox({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange: (v: string) => void;
  label: string;
  placeholder: string;
}) {
  return (
    <div className="relative w-full sm:max-w-xs">
      <label htmlFor="filter-box" className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-zinc-400" />
      <input
        id="filter-box"
        data-filter-input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') (e.target as HTMLInputElement).blur();
        }}
        placeholder={placeholder}
        autoComplete="off"
        className="h-9 w-full rounded-md border border-zinc-300 bg-white pr-9 pl-9 text-sm shadow-xs placeholder:text-zinc-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-500"
      />
      <kbd
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded border border-zinc-300 px-1.5 font-mono text-[11px] text-zinc-500 sm:block dark:border-zinc-700 dark:text-zinc-400"
      >
        /
      </kbd>
    </div>
  );
}
