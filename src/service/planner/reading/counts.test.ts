import { describe, expect, it } from 'vitest';
import { readCounts } from './counts';
import { fieldsOf, itStageReads, stateAfter } from './test-support/it-reads';

describe('readCounts', () => {
  itStageReads(readCounts, fieldsOf, {
    'reads counts as whole numbers': {
      'Plan a party for a number of guests': ['number_of_guests:integer'],
      'ask how many tickets': ['number_of_tickets:integer'],
      'with years of experience': ['years_of_experience:integer'],
    },
    'does not count output words or function words': {
      'the number of the beast': [],
    },
  });

  it('reads counts as non-negative', () => {
    const state = stateAfter(readCounts, 'the number of rooms');
    expect(state.fields.all()[0]?.minimum).toBe(0);
  });
});
