import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateEvidence, detectDateOrder, readDate, readingsOf } from './dates';

const asDate = (text: string, order?: 'dmy' | 'mdy') => readDate(text, 'date', order);

describe('readDate', () => {
  it('reads the forms people type into YYYY-MM-DD', () => {
    expect(asDate('13/04/2026')).toEqual({ kind: 'value', value: '2026-04-13' });
    expect(asDate('4/13/2026')).toEqual({ kind: 'value', value: '2026-04-13' });
    expect(asDate('13.04.2026')).toEqual({ kind: 'value', value: '2026-04-13' });
    expect(asDate('13-04-2026')).toEqual({ kind: 'value', value: '2026-04-13' });
    expect(asDate('13 Apr 2026')).toEqual({ kind: 'value', value: '2026-04-13' });
    expect(asDate('13-Apr-2026')).toEqual({ kind: 'value', value: '2026-04-13' });
    expect(asDate('April 13, 2026')).toEqual({ kind: 'value', value: '2026-04-13' });
    expect(asDate('Monday, 13 April 2026')).toEqual({ kind: 'value', value: '2026-04-13' });
    expect(asDate('Sept 3 2026')).toEqual({ kind: 'value', value: '2026-09-03' });
    expect(asDate('2026/04/13')).toEqual({ kind: 'value', value: '2026-04-13' });
    expect(asDate('13/04/26')).toEqual({ kind: 'value', value: '2026-04-13' });
  });

  it('reads an Excel serial number as the day it stands for', () => {
    expect(asDate('46125')).toEqual({ kind: 'value', value: '2026-04-13' });
    expect(asDate('45292')).toEqual({ kind: 'value', value: '2024-01-01' });
    // Quantities and ids are not dates.
    expect(asDate('42')).toEqual({ kind: 'as-is' });
    expect(asDate('123456')).toEqual({ kind: 'as-is' });
  });

  it('leaves ISO dates and text it does not know for the schema check', () => {
    expect(asDate('2026-04-13')).toEqual({ kind: 'as-is' });
    expect(asDate('next Tuesday')).toEqual({ kind: 'as-is' });
    expect(asDate('Marvel 13 2026')).toEqual({ kind: 'as-is' });
  });

  it('reads a cell that reads both ways by the column’s order, and says both readings without one', () => {
    expect(asDate('04/05/2026', 'dmy')).toEqual({ kind: 'value', value: '2026-05-04' });
    expect(asDate('04/05/2026', 'mdy')).toEqual({ kind: 'value', value: '2026-04-05' });
    const r = asDate('04/05/2026');
    expect(r.kind).toBe('error');
    expect(r.kind === 'error' && r.message).toContain('4 May 2026 or April 5, 2026');
    expect(asDate('05/05/2026')).toEqual({ kind: 'value', value: '2026-05-05' });
  });

  it('refuses dates that do not exist or contradict the column', () => {
    expect(asDate('31/02/2026').kind).toBe('error');
    expect(asDate('29/02/2025').kind).toBe('error');
    expect(asDate('29/02/2024')).toEqual({ kind: 'value', value: '2024-02-29' });
    const against = asDate('4/13/2026', 'dmy');
    expect(against.kind === 'error' && against.message).toContain('day/month/year');
  });

  it('gives a date-time its time and the browser’s offset', () => {
    const r = readDate('13/04/2026 14:30', 'date-time', 'dmy');
    expect(r.kind === 'value' && r.value).toMatch(/^2026-04-13T14:30:00[+-]\d{2}:\d{2}$/);
    const pm = readDate('April 13, 2026 2:05 PM', 'date-time', undefined);
    expect(pm.kind === 'value' && pm.value).toMatch(/^2026-04-13T14:05:00/);
    const midnight = readDate('13.04.2026', 'date-time', undefined);
    expect(midnight.kind === 'value' && midnight.value).toMatch(/^2026-04-13T00:00:00/);
    expect(readDate('2026-04-13T14:30:00Z', 'date-time', undefined)).toEqual({ kind: 'as-is' });
  });

  it('reads every real date written day first, month first or with a month name back to the same day', () => {
    const day = fc.date({
      min: new Date(Date.UTC(1950, 0, 1)),
      max: new Date(Date.UTC(2100, 11, 31)),
      noInvalidDate: true,
    });
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    fc.assert(
      fc.property(day, fc.constantFrom('/', '.', '-'), (date, sep) => {
        const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
        const iso = date.toISOString().slice(0, 10);
        expect(asDate(`${d}${sep}${m}${sep}${y}`, 'dmy')).toEqual({ kind: 'value', value: iso });
        expect(asDate(`${m}${sep}${d}${sep}${y}`, 'mdy')).toEqual({ kind: 'value', value: iso });
        expect(asDate(`${d} ${months[m - 1]} ${y}`)).toEqual({ kind: 'value', value: iso });
        expect(asDate(`${months[m - 1]} ${d}, ${y}`)).toEqual({ kind: 'value', value: iso });
      }),
    );
  });
});

describe('detectDateOrder', () => {
  it('lets one day over 12 settle the column', () => {
    const found = detectDateOrder(['04/05/2026', '13/04/2026', '01/02/2026'], 'date');
    expect(found.order).toBe('dmy');
    expect(found.dates).toBe(3);
    expect(detectDateOrder(['04/05/2026', '4/13/2026'], 'date').order).toBe('mdy');
  });

  it('has no order when every cell reads both ways, and keeps one to ask about', () => {
    const found = detectDateOrder(['04/05/2026', '', '2026-01-01', '03/02/2026'], 'date');
    expect(found).toMatchObject({ order: null, ambiguous: 2, sample: '04/05/2026', dates: 2 });
    expect(readingsOf('04/05/2026')).toEqual({ dmy: '4 May 2026', mdy: 'April 5, 2026' });
  });

  it('names the cells on each side of a mixed column', () => {
    const found = detectDateOrder(['13/04/2026', '4/13/2026', '14/04/2026'], 'date');
    expect(found).toMatchObject({ order: 'dmy', dayFirst: 2, monthFirst: 1 });
    expect(dateEvidence('13 Apr 2026')).toBe('none');
  });
});
