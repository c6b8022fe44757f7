import { describe } from 'vitest';
import { readEnums } from './enums';
import { fieldsOf, itStageReads } from './test-support/it-reads';

describe('readEnums', () => {
  itStageReads(readEnums, fieldsOf, {
    'reads "key: a or b" and "key = a/b/c", keeping the values as written': {
      'Draft a post. Voice: Playful or Serious.': ['voice:enum(Playful|Serious)'],
      'urgency = low/normal/high': ['urgency:enum(low|normal|high)'],
    },
    'reads values in parentheses with a default': {
      'the speed (standard, express, default standard)': ['speed:enum(standard|express)?'],
    },
    'reads "a short or long summary length" and a list of languages': {
      'Write it in a friendly or neutral style': ['style:enum(friendly|neutral)'],
      'Translate a menu into Italian, Greek or Polish': ['language:enum(Italian|Greek|Polish)'],
    },
    'does not read a list of fields, numbers or yes/no as choices': {
      'contact (name, email or phone)': [],
      'rating (1, 2 or 3)': [],
      'gift wrap (yes/no)': [],
    },
  });
});
