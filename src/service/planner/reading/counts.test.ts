import { describe, expect, it } from 'vitest';
import { readCounts } from './counts';
import { fieldsOf, stateAfter } from './test-state';

const countsOf = (prompt: string) => fieldsOf(stateAfter(readCounts, prompt));

describe('readCounts', () => {
  it('reads counts as non-negative whole numbers', () => {
    expect(countsOf('Plan a party for a number of guests')).toEqual(['number_of_guests:integer']);
    expect(countsOf('ask how many tickets')).toEqual(['number_of_tickets:integer']);
    expect(countsOf('with years of experience')).toEqual(['years_of_experience:integer']);
    const state = stateAfter(readCounts, 'the number of rooms');
    expect(state.fields.all()[0]?.minimum).toBe(0);
  });

  it('does not count output words or function words', () => {
    expect(countsOf('the number of the beast')).toEqual([]);
  });
});
