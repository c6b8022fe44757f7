import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';

const KEY = 'wf.theme';
const listeners = new Set<() => void>();

const media = () => (typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null);

function readChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

let choice: ThemeChoice = typeof window === 'undefined' ? 'system' : readChoice();

const resolvedTheme = (c: ThemeChoice = choice): 'light' | 'dark' =>
  c === 'system' ? (media()?.matches ? 'dark' : 'light') : c;

/** Puts the `dark` class on <html>, which Tailwind's dark variant follows. */
function applyTheme(): void {
  document.documentElement.classList.toggle('dark', resolvedTheme() === 'dark');
}

export function setTheme(next: ThemeChoice): void {
  choice = next;
  try {
    if (next === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, next);
  } catch {
    // The choice still applies to this page when storage is unavailable.
  }
  applyTheme();
  for (const l of listeners) l();
}

/** Applies the stored choice now and follows the system setting while the choice is "system". */
export function initTheme(): void {
  applyTheme();
  media()?.addEventListener('change', () => {
    if (choice === 'system') {
      applyTheme();
      for (const l of listeners) l();
    }
  });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useTheme(): { choice: ThemeChoice; resolved: 'light' | 'dark' } {
  const current = useSyncExternalStore(subscribe, () => choice);
  const resolved = useSyncExternalStore(subscribe, () => resolvedTheme());
  return { choice: current, resolved };
}
