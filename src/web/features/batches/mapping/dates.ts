/**
 * Dates as people type them in spreadsheets (13/04/2026, 4/13/2026, 13.04.2026, 13 Apr 2026,
 * April 13, 2026, an Excel serial such as 46125), read into the form a JSON Schema `date` or
 * `date-time` asks for. Whether 04/05/2026 is day or month first is decided per column.
 */

/** Day first (13/04/2026) or month first (4/13/2026). */
export type DateOrder = 'dmy' | 'mdy';

interface Clock {
  h: number;
  min: number;
  s: number;
}

/** What a cell says: a date fixed by its form, or two numbers whose order the column decides. */
type Parsed =
  | { kind: 'fixed'; y: number; m: number; d: number; time: Clock | null }
  | { kind: 'numeric'; first: number; second: number; y: number; time: Clock | null };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** RFC 3339 as JSON Schema's date-time wants it: a T (or space), seconds, and an offset. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
/** Serials from 1927 to 2119: a wider range would read quantities and ids as dates. */
const SERIAL = /^(\d{5})(?:\.(\d+))?$/;
const SERIAL_MIN = 10_000;
const SERIAL_MAX = 80_000;

const TIME = /^(?:[T ]\s*|,\s*|\s+)(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*([ap]\.?m\.?)?$/i;
const NUMERIC = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(.*)$/;
const YEAR_FIRST = /^(\d{4})([/.-])(\d{1,2})\2(\d{1,2})(.*)$/;
const WEEKDAY = /^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+/i;
/** 13 Apr 2026, 13-Apr-2026, 13. April 2026, 13th April 2026 */
const DAY_MONTH = /^(\d{1,2})(?:st|nd|rd|th)?\.?[\s-]+([a-z]{3,9})\.?[\s-]+(\d{4})(.*)$/i;
/** April 13, 2026, Apr 13 2026, Apr. 13th, 2026 */
const MONTH_DAY = /^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(.*)$/i;

function monthOf(word: string): number | null {
  const w = word.toLowerCase();
  const i = MONTHS.indexOf(w.slice(0, 3));
  if (i < 0) return null;
  // The whole word must be the month's name or a prefix of it ("Sept" too), never "Marvel".
  const full = MONTH_NAMES[i]!.toLowerCase();
  return full.startsWith(w) || (w === 'sept' && i === 8) ? i + 1 : null;
}

function clockOf(rest: string): Clock | null | undefined {
  if (rest.trim() === '') return null;
  const t = TIME.exec(rest);
  if (t === null) return undefined;
  return clock(Number(t[1]), Number(t[2]), Number(t[3] ?? 0), t[4]);
}

/** A clock time from its parts and an "am"/"p.m." if written; undefined when no such time exists. */
export function clock(hours: number, min: number, s: number, half: string | undefined): Clock | undefined {
  let h = hours;
  const meridiem = half?.toLowerCase().replace(/\./g, '')[0];
  if (meridiem !== undefined) {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (meridiem === 'p' ? 12 : 0);
  }
  return h < 24 && min < 60 && s < 60 ? { h, min, s } : undefined;
}

const fullYear = (y: string): number => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** Days since 1899-12-30, Excel's (and Lotus's) day zero, so 1900's false leap day is accounted for. */
function fromSerial(whole: number, fraction: string | undefined): Parsed {
  const date = new Date(Date.UTC(1899, 11, 30) + whole * 86_400_000);
  let time: Clock | null = null;
  if (fraction !== undefined) {
    const seconds = Math.round(Number(`0.${fraction}`) * 86_400);
    time = { h: Math.floor(seconds / 3600) % 24, min: Math.floor(seconds / 60) % 60, s: seconds % 60 };
  }
  return { kind: 'fixed', y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate(), time };
}

function parse(text: string): Parsed | null {
  const t = text.trim().replace(WEEKDAY, '');
  const serial = SERIAL.exec(t);
  if (serial !== null) {
    const whole = Number(serial[1]);
    return whole >= SERIAL_MIN && whole <= SERIAL_MAX ? fromSerial(whole, serial[2]) : null;
  }
  let m = NUMERIC.exec(t);
  if (m !== null) {
    const time = clockOf(m[5]!);
    if (time === undefined) return null;
    return { kind: 'numeric', first: Number(m[1]), second: Number(m[3]), y: fullYear(m[4]!), time };
  }
  m = YEAR_FIRST.exec(t);
  if (m !== null) {
    const time = clockOf(m[5]!);
    return time === undefined ? null : { kind: 'fixed', y: Number(m[1]), m: Number(m[3]), d: Number(m[4]), time };
  }
  m = DAY_MONTH.exec(t);
  const named = m ?? MONTH_DAY.exec(t);
  if (named === null) return null;
  const [day, month] = m !== null ? [named[1]!, named[2]!] : [named[2]!, named[1]!];
  const mo = monthOf(month);
  const time = clockOf(named[4]!);
  if (mo === null || time === undefined) return null;
  return { kind: 'fixed', y: Number(named[3]), m: mo, d: Number(day), time };
}

const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number): number =>
  [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
const isRealDate = (y: number, m: number, d: number): boolean =>
  y >= 1000 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);

/** Which order a cell proves: 13/04 only reads day first, 4/13 only month first; 04/05 either; 05/05 needs none. */
export function dateEvidence(text: string): DateOrder | 'either' | 'none' | null {
  const p = parse(text);
  if (p === null) return null;
  if (p.kind === 'fixed' || p.first === p.second) return 'none';
  const dmy = isRealDate(p.y, p.second, p.first);
  const mdy = isRealDate(p.y, p.first, p.second);
  if (dmy && mdy) return 'either';
  return dmy ? 'dmy' : mdy ? 'mdy' : null;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The browser's offset from UTC on that day and time, as +02:00: the file's times are taken as local. */
function localOffset(y: number, m: number, d: number, c: Clock): string {
  const minutes = -new Date(y, m - 1, d, c.h, c.min, c.s).getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** "4 May 2026" and "April 5, 2026": both readings of one cell, for the person to choose between. */
export function readingsOf(text: string): { dmy: string; mdy: string } | null {
  const p = parse(text);
  if (p === null || p.kind !== 'numeric') return null;
  const long = (y: number, m: number, d: number, dayFirst: boolean) =>
    dayFirst ? `${d} ${MONTH_NAMES[m - 1]} ${y}` : `${MONTH_NAMES[m - 1]} ${d}, ${y}`;
  if (!isRealDate(p.y, p.second, p.first) || !isRealDate(p.y, p.first, p.second)) return null;
  return { dmy: long(p.y, p.second, p.first, true), mdy: long(p.y, p.first, p.second, false) };
}

type DateRead =
  /** Already in the schema's form, or not a date this reader knows: left for the schema check. */
  { kind: 'as-is' } | { kind: 'value'; value: string } | { kind: 'error'; message: string };

/**
 * Reads a cell for a `date` or `date-time` field: YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with the
 * browser's offset. `order` is the column's; without one, a cell that reads both ways is an error
 * that says both readings.
 */
export function readDate(text: string, format: 'date' | 'date-time', order: DateOrder | undefined): DateRead {
  const t = text.trim();
  if (format === 'date' ? ISO_DATE.test(t) : ISO_DATE_TIME.test(t)) return { kind: 'as-is' };
  const p = parse(t);
  if (p === null) return { kind: 'as-is' };
  let y = p.y;
  let m: number;
  let d: number;
  if (p.kind === 'fixed') {
    [m, d] = [p.m, p.d];
  } else {
    const evidence = dateEvidence(t);
    if (evidence === null) return { kind: 'error', message: `"${t}" is not a real date` };
    const use =
      evidence === 'dmy' || evidence === 'mdy' ? evidence : (order ?? (evidence === 'none' ? 'dmy' : undefined));
    if (use === undefined) {
      const r = readingsOf(t)!;
      return {
        kind: 'error',
        message: `"${t}" could be ${r.dmy} or ${r.mdy}; choose how this column writes dates`,
      };
    }
    if (order !== undefined && evidence !== 'none' && evidence !== 'either' && evidence !== order)
      return {
        kind: 'error',
        message: `"${t}" is not a date ${order === 'dmy' ? 'day/month/year' : 'month/day/year'}, as this column is read`,
      };
    [m, d] = use === 'dmy' ? [p.second, p.first] : [p.first, p.second];
    y = p.y;
  }
  if (!isRealDate(y, m, d)) return { kind: 'error', message: `"${t}" is not a real date` };
  const date = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
  if (format === 'date') return { kind: 'value', value: date };
  const c = p.time ?? { h: 0, min: 0, s: 0 };
  return { kind: 'value', value: `${date}T${pad(c.h)}:${pad(c.min)}:${pad(c.s)}${localOffset(y, m, d, c)}` };
}

/** How a column writes its dates, from its cells. */
export interface ColumnDates {
  /** The order the cells prove; null when none proves one. */
  order: DateOrder | null;
  /** Cells that read only day first and only month first: both at once means the column is mixed. */
  dayFirst: number;
  monthFirst: number;
  /** Cells that read both ways, and the first of them, to show its two readings. */
  ambiguous: number;
  sample: string | null;
  /** Cells read into the schema's form (those already in it are not counted). */
  dates: number;
}

/** What a column's cells say about its date order (the first 2,000 rows suffice). */
export function detectDateOrder(cells: Iterable<string>, format: 'date' | 'date-time'): ColumnDates {
  const found: ColumnDates = { order: null, dayFirst: 0, monthFirst: 0, ambiguous: 0, sample: null, dates: 0 };
  for (const cell of cells) {
    const t = cell.trim();
    if (t === '' || (format === 'date' ? ISO_DATE.test(t) : ISO_DATE_TIME.test(t))) continue;
    const e = dateEvidence(t);
    if (e === null) continue;
    found.dates += 1;
    if (e === 'dmy') found.dayFirst += 1;
    else if (e === 'mdy') found.monthFirst += 1;
    else if (e === 'either') {
      found.ambiguous += 1;
      found.sample ??= t;
    }
  }
  if (found.dayFirst > 0 || found.monthFirst > 0) found.order = found.dayFirst >= found.monthFirst ? 'dmy' : 'mdy';
  return found;
}

/** The date format a field's schema asks for, when it asks for one. */
export function dateFormatOf(schema: Record<string, unknown>): 'date' | 'date-time' | null {
  return schema.format === 'date' || schema.format === 'date-time' ? schema.format : null;
}
