import { formatValue } from './format-value';

/**
 * The filters report templates use besides Liquid's own (`upcase`, `downcase`, `size`, `json`…).
 * Value filters leave what they cannot work on unchanged, so a missing value still reads "—".
 */

const mapString = (fn: (text: string) => string) => (value: unknown) => (typeof value === 'string' ? fn(value) : value);

/** Text that `raw` marks as final: printed as is, and not escaped again by `quote`. */
class Unescaped {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const titleCase = (text: string) =>
  text.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_m, gap: string, letter: string) => gap + letter.toUpperCase());

function host(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const text = value.trim();
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    return url.hostname.replace(/^www\./, '') || value;
  } catch {
    return value;
  }
}

// Fixed locales, so a report reads the same on every machine: "21 November 2026", "1,234,567.5".
const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20, signDisplay: 'negative' });

/** The calendar date an ISO date or date-time starts with, as words; the time and zone are ignored. */
function longDate(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!match) return value;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return date.getUTCMonth() === month && date.getUTCDate() === day ? LONG_DATE.format(date) : value;
}

function wordCount(value: unknown): number {
  if (typeof value !== 'string') return 0;
  return value.trim() === '' ? 0 : value.trim().split(/\s+/).length;
}

/** The opening of a text, cut at a word boundary: for quoting a message in a reply. */
function excerpt(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.replace(/\s+/g, ' ').trim();
  const sentence = /^.{20,160}?[.!?](?=\s|$)/.exec(text)?.[0];
  if (sentence) return sentence;
  if (text.length <= 160) return text;
  // Cut before the word the limit falls in (spaces are single after the replace above).
  const space = text.lastIndexOf(' ', 159);
  return `${space > 0 ? text.slice(0, space) : text.slice(0, 160)}…`;
}

function groupDigits(value: unknown): unknown {
  return typeof value === 'number' && Number.isFinite(value) ? GROUPED.format(value) : value;
}

/** Mailboxes that belong to a role, not a person: a greeting to them reads "Hi there". */
const ROLE_MAILBOXES =
  /^(?:info|hello|hi|contact|sales|support|admin|office|team|mail|enquiries|inquiries|help|billing|hr|jobs|careers|no-?reply)$/;

/** The first name in an email address, for a greeting: "jordan.miles@…" → "Jordan"; "info@…" → "there". */
const emailName = mapString((text) => {
  const first = /^([^@\s]+)@/.exec(text.trim())?.[1]?.split(/[._+-]/)[0] ?? '';
  if (!/^\p{L}{2,}$/u.test(first) || ROLE_MAILBOXES.test(first.toLowerCase())) return 'there';
  return first.charAt(0).toUpperCase() + first.slice(1).toLowerCase();
});

/** The name a website's domain gives its owner: "https://www.acme-robotics.com" → "Acme Robotics". */
function siteName(value: unknown): unknown {
  const name = host(value);
  if (typeof name !== 'string' || !/^[\p{L}\d.-]+\.\p{L}{2,}$/u.test(name)) return value;
  const labels = name.split('.');
  // "acme.co.uk": the label before a second-level label such as "co".
  const label =
    labels.length > 2 && /^(?:co|com|org|net|gov|ac|edu)$/.test(labels.at(-2) ?? '') ? labels.at(-3) : labels.at(-2);
  return titleCase((label ?? name).replace(/[-_]+/g, ' '));
}

/** The first word of a name, for a greeting. */
const firstWord = mapString((text) => text.trim().split(/\s+/)[0] ?? text);

/** A filter Liquid calls with the value and, for `raw: true`, without escaping its result afterwards. */
type Filter = ((value: unknown) => unknown) | { raw: true; handler: (value: unknown) => unknown };

/** The filters for one escaping mode; `escape` is what an output tag applies to its final value. */
export function reportFilters(escape: (text: string) => string): Record<string, Filter> {
  const text = (value: unknown) => (value instanceof Unescaped ? value.text : escape(formatValue(value)));
  return {
    inline: mapString((value) => value.replace(/\s+/g, ' ').trim()),
    titlecase: mapString(titleCase),
    host,
    long_date: longDate,
    word_count: wordCount,
    excerpt,
    number: groupDigits,
    first_word: firstWord,
    email_name: emailName,
    site_name: siteName,
    // Liquid's own `raw` prints undefined as nothing; ours prints it as every other output does.
    raw: { raw: true, handler: (value) => (value instanceof Unescaped ? value : new Unescaped(formatValue(value))) },
    // A markdown block quote of the (escaped) text: the `>` markers must survive the escaping.
    quote: {
      raw: true,
      handler: (value) =>
        text(value)
          .split('\n')
          .map((line) => (line === '' ? '>' : `> ${line}`))
          .join('\n'),
    },
  };
}
