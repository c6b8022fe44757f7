import { describe, expect, it } from 'vitest';
import { listEnd, splitItems } from './items';

const texts = (segment: string) => splitItems(segment, 0).map((item) => item.text);

describe('splitItems', () => {
  it('splits on commas, "and", "or" and "plus", and stops after the "and" item', () => {
    expect(texts('a name, an email and a phone')).toEqual(['a name', 'an email', 'a phone']);
    expect(texts('title and author and year')).toEqual(['title', 'author']);
    expect(texts('budget, plus a deadline')).toEqual(['budget', 'a deadline']);
  });

  it('keeps offsets into the prompt', () => {
    expect(splitItems('x, y', 10)).toEqual([
      { text: 'x', start: 10, end: 11 },
      { text: 'y', start: 13, end: 14 },
    ]);
  });

  it('drops the owner before "with their …"', () => {
    expect(texts('a student with their grade and age')).toEqual(['their grade', 'age']);
  });
});

describe('listEnd', () => {
  it('ends a list at the end of its clause or at a verb that starts the next one', () => {
    const text = 'from a name and an email. then more';
    expect(text.slice(5, listEnd(text, 5))).toBe('a name and an email');
    const verb = 'from a city and a date and then write a plan';
    expect(verb.slice(5, listEnd(verb, 5))).toBe('a city and a date');
    const clause = 'from addresses, validate each one';
    expect(clause.slice(5, listEnd(clause, 5))).toBe('addresses');
  });
});
