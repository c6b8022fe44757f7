import { describe, expect, it } from 'vitest';
import { makeField } from '../fields';
import { readModifiers } from './modifiers';
import { newReadState } from '../infer-fields';

function withField(prompt: string, key: string, kind: 'string' | 'integer' | 'enum' = 'string', extra = {}) {
  const state = newReadState(prompt);
  state.fields.add(makeField(key, kind, key, state.prompt.lower.indexOf(key.replace(/_/g, ' ')), extra));
  readModifiers(state);
  return state.fields.all()[0];
}

describe('readModifiers', () => {
  it('makes a field optional when the prompt says so, before or after it', () => {
    expect(withField('optionally a nickname', 'nickname')?.required).toBe(false);
    expect(withField('a nickname (optional)', 'nickname')?.required).toBe(false);
    expect(withField('a nickname if known', 'nickname')?.required).toBe(false);
    expect(withField('a nickname', 'nickname')?.required).toBe(true);
  });

  it('reads a default that fits the field', () => {
    expect(withField('seats, defaults to 2', 'seats', 'integer')?.default).toBe(2);
    expect(withField('seats, defaults to many', 'seats', 'integer')?.default).toBeUndefined();
    expect(withField('mood (defaults to calm)', 'mood', 'enum', { enumValues: ['Calm', 'Loud'] })?.default).toBe(
      'Calm',
    );
  });

  it('reads a numeric range and makes the field a number', () => {
    const field = withField('a rating from 1 to 5', 'rating');
    expect([field?.kind, field?.minimum, field?.maximum]).toEqual(['integer', 1, 5]);
  });
});
