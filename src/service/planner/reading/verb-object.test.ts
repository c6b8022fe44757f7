import { describe, expect, it } from 'vitest';
import { leftOf, fieldsOf, stateOf } from './test-state';
import { readSortKey, readVerbObject } from './verb-object';

function objectOf(prompt: string) {
  const state = stateOf(prompt);
  readVerbObject(state);
  return fieldsOf(state);
}

describe('readVerbObject', () => {
  it('takes the object of a reading verb as the text to read', () => {
    expect(objectOf('Proofread a cover letter')).toEqual(['cover_letter:text']);
    expect(objectOf('Classify an email by topic')).toEqual(['email_text:text']);
  });

  it('takes no input from a making verb, and masks its object', () => {
    const state = stateOf('Estimate a project cost');
    readVerbObject(state);
    expect(fieldsOf(state)).toEqual([]);
    expect(leftOf(state)).toBe('estimate a');
  });
});

describe('readSortKey', () => {
  it('masks what a sorting verb sorts by, with its values', () => {
    const state = stateOf('Triage a bug report by severity (minor, major, critical) and assign it');
    readSortKey(state);
    expect(leftOf(state)).toBe('triage a bug report and assign it');
  });

  it('leaves other verbs alone', () => {
    const state = stateOf('Write a story by an author');
    readSortKey(state);
    expect(leftOf(state)).toBe('write a story by an author');
  });
});
