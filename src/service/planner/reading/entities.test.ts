import { describe, expect, it } from 'vitest';
import { readExtraction } from './entities';
import { stateAfter } from './test-support/it-reads';

const kindsOf = (prompt: string) => stateAfter(readExtraction, prompt).entityKinds;

describe('readExtraction', () => {
  it('reads the kinds to find in the order the prompt names them', () => {
    expect(kindsOf('Pull out the links and phone numbers in a chat log')).toEqual(['urls', 'numbers']);
    expect(kindsOf('find all deadlines and email addresses mentioned in a contract')).toEqual(['dates', 'emails']);
  });

  it('takes "key facts" as every kind', () => {
    expect(kindsOf('Extract the key facts from an article')).toEqual(['emails', 'urls', 'dates', 'numbers']);
  });

  it('does not take single values collected from a person, or a follow-up email, for things to find', () => {
    expect(kindsOf('collect a name, age and email')).toEqual([]);
    expect(kindsOf('write a follow-up email to a client')).toEqual([]);
    expect(kindsOf('collect the guest name and phone number')).toEqual([]);
    expect(kindsOf('collect the phone numbers from a call log')).toEqual(['numbers']);
    expect(kindsOf('list the next steps from a call transcript')).toEqual(['action_items']);
  });
});
