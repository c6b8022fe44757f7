import { describe, expect, it } from 'vitest';
import { readExplicitLists } from './explicit-lists';
import { fieldsOf, stateAfter } from './test-support/it-reads';

function read(prompt: string) {
  const state = stateAfter(readExplicitLists, prompt);
  return { fields: fieldsOf(state), strong: state.strongList };
}

describe('readExplicitLists', () => {
  it('takes every item of a strong list, known or not', () => {
    expect(read('Inputs: venue, headcount and catering budget.')).toEqual({
      fields: ['venue:string', 'headcount:integer', 'catering_budget:number'],
      strong: true,
    });
  });

  it('takes a weak list only when it names a known input', () => {
    expect(read('Write a bio from a name and a website')).toEqual({
      fields: ['name:string', 'website:uri'],
      strong: false,
    });
    expect(read('Write a poem about love and loss')).toEqual({ fields: [], strong: false });
  });

  it('gives an owned name its owner: "a company given its name"', () => {
    expect(read('Profile a company given its name').fields).toEqual(['company_name:string']);
  });
});
