import { describe, expect, it } from 'vitest';
import { fieldsOf, leftOf, stateAfter } from './test-state';
import { readSortKey, readVerbObject } from './verb-object';

const objectOf = (prompt: string) => fieldsOf(stateAfter(readVerbObject, prompt));

describe('readVerbObject', () => {
  it('takes the object of a reading verb as the text to read', () => {
    expect(objectOf('Proofread a cover letter')).toEqual(['cover_letter:text']);
    expect(objectOf('Classify an email by topic')).toEqual(['email_text:text']);
  });

  it('takes no input from a making verb, and masks its object', () => {
    const state = stateAfter(readVerbObject, 'Estimate a project cost');
    expect(fieldsOf(state)).toEqual([]);
    expect(leftOf(state)).toBe('estimate a');
  });
});

describe('readSortKey', () => {
  it('masks what a sorting verb sorts by, with its values', () => {
    const state = stateAfter(readSortKey, 'Triage a bug report by severity (minor, major, critical) and assign it');
    expect(leftOf(state)).toBe('triage a bug report and assign it');
  });

  it('leaves other verbs alone', () => {
    const state = stateAfter(readSortKey, 'Write a story by an author');
    expect(leftOf(state)).toBe('write a story by an author');
  });
});
