const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

// Made on first use: building it loads locale data, a cost the first-paint script must not pay before
// it sends the list's request or when the service has drawn the list already.
let relative: Intl.RelativeTimeFormat | undefined;

/** "just now", "5 minutes ago", "in 2 hours" — for timestamps in lists. */
export function formatRelative(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return 'unknown time';
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 10) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
      return relative.format(Math.trunc(seconds / size), unit);
    }
  }
  return 'just now';
}

/**
 * Like formatRelative, for something that has already happened: a time a little ahead of this
 * browser's clock (the server's clock runs ahead) reads "just now", never "in 13 seconds".
 */
export function formatPast(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  return formatRelative(iso, Number.isFinite(then) ? Math.max(now, then) : now);
}

// The browser's locale (undefined), so every page writes dates and times the one way its reader does.
const exact = /* @__PURE__ */ new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
});
const dateTime = /* @__PURE__ */ new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A date and time as this browser's locale writes them ("28 Nov 2026, 08:57" or "Nov 28, 2026,
 * 8:57 AM"): the one format every page uses for a point in time; epoch ms or ISO 8601.
 */
export function formatDateTime(when: string | number): string {
  const then = typeof when === 'number' ? when : Date.parse(when);
  return Number.isFinite(then) ? dateTime.format(then) : String(when);
}

/** The exact local date and time, shown on hover. The ISO string keeps the server's precision. */
export function formatExact(iso: string): string {
  const then = Date.parse(iso);
  return Number.isFinite(then) ? `${exact.format(then)} (${iso})` : iso;
}

/** How long ago, compactly, for durations: "42 s", "3 min", "2 h". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min`;
  return `${Math.round(m / 60)} h`;
}
