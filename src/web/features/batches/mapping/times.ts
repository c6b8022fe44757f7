/**
 * Reads a spreadsheet cell for a `time` field (a time of day) as people write one: 14:30, 9.30am,
 * 9 am, 2:15:30 PM, noon, or the fraction of a day Excel stores (0.5625). It becomes HH:MM:SS, what
 * the run form's time picker sends, so a row and a form give the same value.
 */
import { TIME_OF_DAY } from '@contract/time-of-day';
import { clock } from './dates';

export type TimeRead = { kind: 'as-is' } | { kind: 'value'; value: string } | { kind: 'error'; message: string };

const CLOCK = /^(\d{1,2})(?:[:.h](\d{2}))?(?::(\d{2}))?\s*([ap])?\.?\s*(?:m\.?)?$/i;
const NAMED: Record<string, string> = { noon: '12:00:00', midday: '12:00:00', midnight: '00:00:00' };
/** What Excel keeps for a time alone: a fraction of a day, below 1. */
const DAY_FRACTION = /^0?\.\d+$/;

const pad = (n: number) => String(n).padStart(2, '0');

export function readTime(text: string): TimeRead {
  const t = text.trim();
  if (TIME_OF_DAY.test(t)) return t.length === 5 ? { kind: 'value', value: `${t}:00` } : { kind: 'as-is' };
  const named = NAMED[t.toLowerCase()];
  if (named !== undefined) return { kind: 'value', value: named };
  if (DAY_FRACTION.test(t)) {
    const seconds = Math.round(Number(t) * 86_400) % 86_400;
    return {
      kind: 'value',
      value: `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`,
    };
  }
  const m = CLOCK.exec(t);
  // "9" alone is a number, not a time; a time says its minutes or am/pm.
  if (m === null || (m[2] === undefined && m[4] === undefined)) return { kind: 'as-is' };
  const read = clock(Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0), m[4]);
  if (read === undefined) return { kind: 'error', message: `"${t}" is not a time of day` };
  const { h, min, s } = read;
  return { kind: 'value', value: `${pad(h)}:${pad(min)}:${pad(s)}` };
}
