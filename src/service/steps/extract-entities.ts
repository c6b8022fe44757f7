import { findActionItems, type ActionItem } from './action-items';
import { findDates, mask, type FoundDate, type Masked } from './find-dates';

interface FoundNumber {
  text: string;
  value: number;
  /** `%`, a currency code (USD, EUR…) or the unit word as written (kg, hours…); null for a bare number. */
  unit: string | null;
}

export interface Entities {
  emails: string[];
  urls: string[];
  dates: FoundDate[];
  numbers: FoundNumber[];
  action_items: ActionItem[];
}

// Every pattern here starts only where its first character cannot continue a run of the previous
// one (see the lookbehinds), so a long run without a match is read once, not once per character.
const URL_PATTERN = /(?<![\w@])(?:https?:\/\/|www\.)[^\s<>"'`[\]{}|\\^]+/gi;
const EMAIL_PATTERN =
  /(?<![\w.%+-])[A-Z0-9](?:[\w.%+-]*[\w%+-])?@[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?(?:\.[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?)*\.[A-Z]{2,}(?![\w-])/gi;
const TIME = /(?<![\w:])\d{1,2}(?::\d{2}){1,2}(?:\s?[ap]\.?m\.?)?(?![\w:])|(?<![\w:])\d{1,2}\s?[ap]\.?m\.?(?!\w)/gi;
const PHONE = /\B\+\d[\d\s().-]{6,}\d\b|\B\(\d{2,4}\)\s?\d[\d\s.-]{4,}\d\b|\b\d{3}-\d{3}-\d{4}\b/g;
const LIST_MARKER = /^[ \t]*\d+[.)][ \t]/gm;

const CURRENCY_SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };
const UNITS = [
  '%',
  'percent',
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'dollars?',
  'euros?',
  'pounds?',
  'k',
  'K',
  'bn',
  'million',
  'billion',
  'thousand',
  'kg',
  'mg',
  'g',
  'lbs?',
  'oz',
  'km',
  'cm',
  'mm',
  'm',
  'mi',
  'miles?',
  'ft',
  'hours?',
  'hrs?',
  'h',
  'minutes?',
  'mins?',
  'seconds?',
  'secs?',
  'ms',
  'days?',
  'weeks?',
  'months?',
  'years?',
  'people',
  'persons?',
  'users?',
  'items?',
  'units?',
  'pages?',
  'employees?',
  'customers?',
  'tickets?',
  'TB',
  'GB',
  'MB',
  'KB',
  '°C',
  '°F',
];
const NUMBER_PATTERN = new RegExp(
  // eslint-disable-next-line regexp/prefer-character-class -- the units read better as the list above
  `(?<![\\p{L}\\p{N}_.,\\-−])(?:([$€£¥])\\s?)?([-−+])?(?:([$€£¥])\\s?)?(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)(?:\\s?(${UNITS.join('|')}))?(?![\\p{L}\\p{N}_])`,
  'gu',
);

const TRAILING_URL_PUNCTUATION = new Set(['.', ',', ';', ':', '!', '?', "'", '"', '*', '_', '~']);

function trimUrl(url: string): string {
  let end = url.length;
  while (end > 0 && TRAILING_URL_PUNCTUATION.has(url[end - 1]!)) end--;
  // A closing parenthesis ends the link when the link has no opening one to match it.
  let open = 0;
  let close = 0;
  for (let i = 0; i < end; i++) {
    if (url[i] === '(') open++;
    else if (url[i] === ')') close++;
  }
  while (end > 0 && url[end - 1] === ')' && open < close) {
    end--;
    close--;
  }
  return url.slice(0, end);
}

function findNumbers(text: string): FoundNumber[] {
  const numbers: FoundNumber[] = [];
  for (const match of text.matchAll(NUMBER_PATTERN)) {
    const [whole, symbolBefore, sign, symbolAfter, digits = '', unitWord] = match;
    const symbol = symbolBefore ?? symbolAfter;
    const magnitude = Number(digits.replace(/,/g, ''));
    if (!Number.isFinite(magnitude)) continue;
    const value = sign === '-' || sign === '−' ? -magnitude : magnitude;
    const unit = symbol
      ? CURRENCY_SYMBOLS[symbol]!
      : unitWord === undefined
        ? null
        : unitWord === 'percent'
          ? '%'
          : unitWord;
    numbers.push({ text: whole.trim(), value: Object.is(value, -0) ? 0 : value, unit });
  }
  return numbers;
}

function unique<T>(values: T[], key: (value: T) => string): T[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const k = key(value);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Finds emails, web links, dates, numbers (with currency or unit) and action items in text. Each
 * later pattern ignores what an earlier one matched, so the digits of a date or a link are never
 * reported again as numbers.
 */
export function extractEntities(text: string): Entities {
  let rest = text;
  const urls: string[] = [];
  const urlSpans: Masked[] = [];
  for (const match of rest.matchAll(URL_PATTERN)) {
    const url = trimUrl(match[0]);
    if (url.length <= 'www.'.length) continue;
    urls.push(url);
    urlSpans.push({ index: match.index, length: url.length });
  }
  rest = mask(rest, urlSpans);
  const emailMatches = [...rest.matchAll(EMAIL_PATTERN)];
  const emails = emailMatches.map((match) => match[0]);
  rest = mask(
    rest,
    emailMatches.map((match) => ({ index: match.index, length: match[0].length })),
  );
  const found = findDates(rest);
  rest = found.rest;
  for (const pattern of [TIME, PHONE, LIST_MARKER]) {
    rest = mask(
      rest,
      [...rest.matchAll(pattern)].map((match) => ({ index: match.index, length: match[0].length })),
    );
  }
  return {
    emails: unique(emails, (email) => email.toLowerCase()),
    urls: unique(urls, (url) => url),
    dates: unique(
      found.dates.map((span) => span.value),
      (date) => date.text,
    ),
    numbers: unique(findNumbers(rest), (number) => number.text),
    action_items: findActionItems(text),
  };
}
