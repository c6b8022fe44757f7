import { describe, expect, it } from 'vitest';
import { coerceCell } from './coerce';
import { readTime } from './times';

describe('readTime', () => {
  it.each([
    ['14:30', '14:30:00'],
    ['9:30', '09:30:00'],
    ['9.30am', '09:30:00'],
    ['9 am', '09:00:00'],
    ['2 PM', '14:00:00'],
    ['12:15 a.m.', '00:15:00'],
    ['2:15:30 pm', '14:15:30'],
    ['Noon', '12:00:00'],
    ['0.5625', '13:30:00'],
  ])('reads "%s" as %s, what the form sends', (cell, value) => {
    expect(readTime(cell)).toEqual({ kind: 'value', value });
  });

  it('leaves a time already in the schema form, and what it cannot read, to the schema check', () => {
    expect(readTime('14:30:00')).toEqual({ kind: 'as-is' });
    expect(readTime('14:30:00+01:00')).toEqual({ kind: 'as-is' });
    expect(readTime('9')).toEqual({ kind: 'as-is' });
    expect(readTime('after lunch')).toEqual({ kind: 'as-is' });
  });

  it('says so of a clock time that is not one', () => {
    expect(readTime('25:00')).toEqual({ kind: 'error', message: '"25:00" is not a time of day' });
    expect(readTime('13 pm')).toEqual({ kind: 'error', message: '"13 pm" is not a time of day' });
  });
});

describe('a spreadsheet cell for a time field', () => {
  it('is read as a time of day, and a cell that is no time is said so', () => {
    const schema = { type: 'string', format: 'time' };
    expect(coerceCell('9.30am', schema)).toEqual({ kind: 'value', value: '09:30:00' });
    expect(coerceCell('25:00', schema)).toEqual({ kind: 'error', message: '"25:00" is not a time of day' });
    expect(coerceCell('9.30am', { type: 'string' })).toEqual({ kind: 'value', value: '9.30am' });
  });
});
