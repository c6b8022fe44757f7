import { describe, expect, it } from 'vitest';
import { scanNouns } from './nouns';
import { fieldsOf, stateAfter } from './test-state';

const nounsOf = (prompt: string) => fieldsOf(stateAfter(scanNouns, prompt));

describe('scanNouns', () => {
  it('finds known input nouns with up to two qualifiers', () => {
    expect(nounsOf('Turn the customer email address into a greeting')).toEqual(['customer_email:email']);
    expect(nounsOf('Tidy up interview notes')).toEqual(['interview_notes:text']);
  });

  it('skips what a making verb makes and nouns that only qualify another', () => {
    expect(nounsOf('write a cover letter')).toEqual([]);
    expect(nounsOf('a notes digest')).toEqual([]);
  });
});
