import * as chrono from 'chrono-node';

// Dates in free text (ISO, "3 March 2026", "March 3", "Tue, 3rd of Mar.", "03/04/2026"), for
// extractEntities. Named months and ISO dates are read by chrono-node; numeric dates stay ours
// (below) because chrono reads "3.4.2026" month first and "1/2" (half) as a date.

export interface FoundDate {
  /** As written in the text. */
  text: string;
  /** `YYYY-MM-DD` when the text names a full, valid date; null when it has no year. */
  iso: string | null;
}

export const WEEKDAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';

// Each pattern starts only where its first character cannot continue a run of the previous one.
const ISO_DATE =
  /(?<![\w-])(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?![\w-])/g;
const NUMERIC_DATE = /(?<![\w./-])(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?![\w/-])/g;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days ? `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}` : null;
}

/** Fixed, so a date without a year never depends on when the step runs (its `iso` is null anyway). */
const REFERENCE = new Date(Date.UTC(2000, 0, 1));

/**
 * A date chrono read: its ISO form when it names day, month and year; null without a year;
 * undefined when it is no calendar date (a time, a weekday alone, "in 2 weeks", "1/2").
 */
function namedDate(result: chrono.ParsedResult): string | null | undefined {
  const { start } = result;
  if (!start.isCertain('month') || !start.isCertain('day') || result.tags().has('result/relativeDate'))
    return undefined;
  if (!start.isCertain('year')) return /\p{L}/u.test(result.text) ? null : undefined;
  return isoDate(start.get('year')!, start.get('month')!, start.get('day')!) ?? undefined;
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

/** Marks `found` (in order, not overlapping) as dates and blanks them in `rest`. */
function take(found: Span<FoundDate>[], dates: Span<FoundDate>[], rest: string): string {
  dates.push(...found);
  return mask(
    rest,
    found.map(({ index, value }) => ({ index, length: value.text.length })),
  );
}

export function findDates(text: string): { dates: Span<FoundDate>[]; rest: string } {
  const dates: Span<FoundDate>[] = [];
  // An impossible ISO date (2026-02-30) is no date, but its digits are not numbers either.
  let rest = mask(
    text,
    [...text.matchAll(ISO_DATE)]
      .filter((match) => isoDate(Number(match[1]), Number(match[2]), Number(match[3])) === null)
      .map((match) => ({ index: match.index, length: match[0].length })),
  );
  const numeric = [...rest.matchAll(NUMERIC_DATE)].flatMap((match) => {
    const [first, second, year] = [Number(match[1]), Number(match[3]), Number(match[4])];
    // Dots are day.month.year; slashes are month/day/year unless the first part cannot be a month.
    const dayFirst = match[2] === '.' || first > 12;
    const iso = dayFirst ? isoDate(year, second, first) : isoDate(year, first, second);
    return iso ? [{ index: match.index, value: { text: match[0], iso } }] : [];
  });
  rest = take(numeric, dates, rest);
  const named = chrono.strict.parse(rest, REFERENCE).flatMap((result) => {
    const iso = namedDate(result);
    return iso === undefined ? [] : [{ index: result.index, value: { text: result.text, iso } }];
  });
  rest = take(named, dates, rest);
  dates.sort((a, b) => a.index - b.index);
  return { dates, rest };
}
