import { describe } from 'vitest';
import { scanNouns } from './nouns';
import { fieldsOf, itStageReads } from './test-support/it-reads';

describe('scanNouns', () => {
  itStageReads(scanNouns, fieldsOf, {
    'finds known input nouns with up to two qualifiers': {
      'Turn the customer email address into a greeting': ['customer_email:email'],
      'Tidy up interview notes': ['interview_notes:text'],
    },
    'skips what a making verb makes and nouns that only qualify another': {
      'write a cover letter': [],
      'a notes digest': [],
    },
  });
});
