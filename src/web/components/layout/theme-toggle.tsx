import { setTheme, useTheme, type ThemeChoice } from '@/lib/theme';
import { MonitorIcon, MoonIcon, SunIcon } from '@/components/ui/shell-icons';

const next: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' };
const names: Record<ThemeChoice, string> = { system: 'system', light: 'light', dark: 'dark' };

/** Cycles system → light → dark; the label says the current choice and what a click does. */
export function ThemeToggle() {
  const { choice } = useTheme();
  const Icon = choice === 'system' ? MonitorIcon : choice === 'dark' ? MoonIcon : SunIcon;
  return (
    <button
      type="button"
      onClick={() => setTheme(next[choice])}
      className="inline-flex size-8 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      aria-label={`Theme: ${names[choice]}. Switch to ${names[next[choice]]}`}
      title={`Theme: ${names[choice]}`}
    >
      <Icon />
    </button>
  );
}
