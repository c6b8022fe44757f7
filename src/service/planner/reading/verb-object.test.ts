import { describe, expect, it } from 'vitest';
import { fieldsOf, itStageReads, leftOf, stateAfter } from './test-support/it-reads';
import { readSortKey, readVerbObject } from './verb-object';

describe('readVerbObject', () => {
  itStageReads(readVerbObject, fieldsOf, {
    'takes the object of a reading verb as the text to read': {
      'Proofread a cover letter': ['cover_letter:text'],
      'Classify an email by topic': ['email_text:text'],
    },
  });

  it('takes no input from a making verb, and masks its object', () => {
    const state = stateAfter(readVerbObject, 'Estimate a project cost');
    expect(fieldsOf(state)).toEqual([]);
    expect(leftOf(state)).toBe('estimate a');
  });
});

describe('readSortKey', () => {
  itStageReads(readSortKey, leftOf, {
    'masks what a sorting verb sorts by, with its values': {
      'Triage a bug report by severity (minor, major, critical) and assign it': 'triage a bug report and assign it',
    },
    'leaves other verbs alone': {
      'Write a story by an author': 'write a story by an author',
    },
  });
});
