export interface FoundDate {
  /** As written in the text. */
  text: string;
  /** `YYYY-MM-DD` when the text names a full, valid date; null when it has no year. */
  iso: string | null;
}

export interface FoundNumber {
  text: string;
  value: number;
  /** `%`, a currency code (USD, EUR…) or the unit word as written (kg, hours…); null for a bare number. */
  unit: string | null;
}

export interface ActionItem {
  text: string;
  owner: string | null;
  due: string | null;
}

export interface Entities {
  emails: string[];
  urls: string[];
  dates: FoundDate[];
  numbers: FoundNumber[];
  action_items: ActionItem[];
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
/** Capitalised month names and abbreviations; lower case "may" and "march" are too often verbs. */
const MONTH =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';
const WEEKDAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';

// Every pattern here starts only where its first character cannot continue a run of the previous
// one (see the lookbehinds), so a long run without a match is read once, not once per character.
const URL_PATTERN = /(?<![\w@])(?:https?:\/\/|www\.)[^\s<>"'`[\]{}|\\^]+/gi;
const EMAIL_PATTERN =
  /(?<![\w.%+-])[A-Z0-9](?:[\w.%+-]*[\w%+-])?@[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?(?:\.[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?)*\.[A-Z]{2,}(?![\w-])/gi;
const ISO_DATE =
  /(?<![\w-])(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?![\w-])/g;
const MONTH_DAY = new RegExp(`\\b(${MONTH})\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?\\b`, 'g');
const DAY_MONTH = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH})(?:,?\\s+(\\d{4}))?(?!\\w)`, 'g');
const NUMERIC_DATE = /(?<![\w./-])(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?![\w/-])/g;
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

const OWNER_STOPWORDS = new Set([
  'The',
  'This',
  'That',
  'It',
  'There',
  'These',
  'Those',
  'A',
  'An',
  'What',
  'Which',
  'If',
  'When',
  'Nobody',
  'Nothing',
]);
const PRONOUNS = new Set(['We', 'I', 'You', 'They', 'He', 'She', 'Someone', 'Everyone', 'Everybody']);
const ACTION_PREFIX = /^(?:\[ \]|\[x\]|todo\b:?|to-do\b:?|action(?: items?)?:|ai:|next steps?:|follow[- ]up:)\s*/i;
/** "Name will/to/needs to <verb>" (passives like "will be" describe, they do not commit). */
const COMMITMENT =
  /^([A-Z][\p{L}'-]+(?: [A-Z][\p{L}'-]+)?)\s+(?:will|shall|should|must|needs? to|has to|have to|is to|agreed to|to)\s+(?!be\b)\p{L}/u;

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

interface Masked {
  index: number;
  length: number;
}

/**
 * Blanks matched spans (in order, not overlapping) so later patterns do not read pieces of them
 * again; one pass for all of a pattern's matches, since a copy per match is quadratic.
 */
function mask(text: string, spans: Masked[]): string {
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

interface Span<T> {
  index: number;
  value: T;
}

function findDates(text: string): { dates: Span<FoundDate>[]; rest: string } {
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

function dueOf(text: string): string | null {
  const { dates } = findDates(text);
  const first = dates[0]?.value;
  if (first) return first.iso ?? first.text;
  const relative = new RegExp(
    `\\bby\\s+((?:next\\s+)?${WEEKDAY}|tomorrow|(?:the\\s+)?end\\s+of\\s+(?:the\\s+)?(?:day|week|month)|EOD|EOW)\\b`,
    'i',
  ).exec(text);
  return relative ? relative[1]! : null;
}

function splitSentences(line: string): string[] {
  return line
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

function findActionItems(text: string): ActionItem[] {
  const items: ActionItem[] = [];
  const seen = new Set<string>();
  const add = (raw: string) => {
    const body = raw.replace(/\s+/g, ' ').trim();
    if (!body || seen.has(body.toLowerCase())) return;
    seen.add(body.toLowerCase());
    const owner = COMMITMENT.exec(body)?.[1];
    const named = owner && !OWNER_STOPWORDS.has(owner.split(' ')[0]!) && !PRONOUNS.has(owner) ? owner : null;
    items.push({ text: body, owner: named, due: dueOf(body) });
  };
  for (const line of text.split(/\r?\n/)) {
    const stripped = line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim();
    const prefixed = ACTION_PREFIX.exec(stripped);
    if (prefixed) {
      add(stripped.slice(prefixed[0].length));
      continue;
    }
    for (const sentence of splitSentences(stripped)) {
      const commitment = COMMITMENT.exec(sentence);
      const owner = commitment?.[1];
      // "We agreed to keep X" records a decision; "We will X" or "Bob to X" is a task.
      const decision = owner !== undefined && PRONOUNS.has(owner) && /^\S+\s+agreed to\b/.test(commitment![0]);
      if ((owner && !OWNER_STOPWORDS.has(owner.split(' ')[0]!) && !decision) || /^please\s+\p{L}/iu.test(sentence))
        add(sentence);
    }
  }
  return items;
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
