// Dates in free text (ISO, "3 March 2026", "March 3", "03/04/2026"), for extractEntities.

export interface FoundDate {
  /** As written in the text. */
  text: string;
  /** `YYYY-MM-DD` when the text names a full, valid date; null when it has no year. */
  iso: string | null;
}

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** Capitalized month names and abbreviations; lower case "may" and "march" are too often verbs. */
const MONTH =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';
export const WEEKDAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';

// Each pattern starts only where its first character cannot continue a run of the previous one.
const ISO_DATE =
  /(?<![\w-])(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?![\w-])/g;
const MONTH_DAY = new RegExp(`\\b(${MONTH})\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?\\b`, 'g');
const DAY_MONTH = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH})(?:,?\\s+(\\d{4}))?(?!\\w)`, 'g');
const NUMERIC_DATE = /(?<![\w./-])(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?![\w/-])/g;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days ? `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}` : null;
}

function monthNumber(name: string): number {
  const prefix = name.replace('.', '').toLowerCase().slice(0, 3);
  return MONTH_NAMES.findIndex((month) => month.startsWith(prefix)) + 1;
}

export interface Masked {
  index: number;
  length: number;
}

/**
 * Blanks matched spans (in order, not overlapping) so later patterns do not read pieces of them
 * again; one pass for all of a pattern's matches, since a copy per match is quadratic.
 */
export function mask(text: string, spans: Masked[]): string {
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const span of spans) {
    parts.push(text.slice(at, span.index), ' '.repeat(span.length));
    at = span.index + span.length;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

interface Span<T> {
  index: number;
  value: T;
}

export function findDates(text: string): { dates: Span<FoundDate>[]; rest: string } {
  let rest = text;
  const dates: Span<FoundDate>[] = [];
  const take = (pattern: RegExp, read: (match: RegExpExecArray) => string | null | undefined) => {
    const spans: Masked[] = [];
    for (const match of rest.matchAll(pattern)) {
      const iso = read(match);
      if (iso === undefined) continue;
      dates.push({ index: match.index, value: { text: match[0].trim(), iso } });
      spans.push({ index: match.index, length: match[0].length });
    }
    rest = mask(rest, spans);
  };
  // An impossible ISO date (2026-02-30) is no date, but its digits are not numbers either.
  rest = mask(
    rest,
    [...rest.matchAll(ISO_DATE)]
      .filter((match) => isoDate(Number(match[1]), Number(match[2]), Number(match[3])) === null)
      .map((match) => ({ index: match.index, length: match[0].length })),
  );
  take(ISO_DATE, (m) => isoDate(Number(m[1]), Number(m[2]), Number(m[3])) ?? undefined);
  take(MONTH_DAY, (m) => {
    const day = Number(m[2]);
    if (m[3] === undefined) return day >= 1 && day <= 31 ? null : undefined;
    return isoDate(Number(m[3]), monthNumber(m[1]!), day) ?? undefined;
  });
  take(DAY_MONTH, (m) => {
    const day = Number(m[1]);
    if (m[3] === undefined) return day >= 1 && day <= 31 ? null : undefined;
    return isoDate(Number(m[3]), monthNumber(m[2]!), day) ?? undefined;
  });
  take(NUMERIC_DATE, (m) => {
    const [first, second, year] = [Number(m[1]), Number(m[3]), Number(m[4])];
    // Dots are day.month.year; slashes are month/day/year unless the first part cannot be a month.
    const dayFirst = m[2] === '.' || first > 12;
    return (dayFirst ? isoDate(year, second, first) : isoDate(year, first, second)) ?? undefined;
  });
  dates.sort((a, b) => a.index - b.index);
  return { dates, rest };
}
