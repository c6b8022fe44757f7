import { describe, expect, it } from 'vitest';
import { readEnums } from './enums';
import { fieldsOf, stateAfter } from './test-state';

const enumsOf = (prompt: string) => fieldsOf(stateAfter(readEnums, prompt));

describe('readEnums', () => {
  it('reads "key: a or b" and "key = a/b/c", keeping the values as written', () => {
    expect(enumsOf('Draft a post. Voice: Playful or Serious.')).toEqual(['voice:enum(Playful|Serious)']);
    expect(enumsOf('urgency = low/normal/high')).toEqual(['urgency:enum(low|normal|high)']);
  });

  it('reads values in parentheses with a default', () => {
    expect(enumsOf('the speed (standard, express, default standard)')).toEqual(['speed:enum(standard|express)?']);
  });

  it('reads "a short or long summary length" and a list of languages', () => {
    expect(enumsOf('Write it in a friendly or neutral style')).toEqual(['style:enum(friendly|neutral)']);
    expect(enumsOf('Translate a menu into Italian, Greek or Polish')).toEqual(['language:enum(Italian|Greek|Polish)']);
  });

  it('does not read a list of fields, numbers or yes/no as choices', () => {
    expect(enumsOf('contact (name, email or phone)')).toEqual([]);
    expect(enumsOf('rating (1, 2 or 3)')).toEqual([]);
    expect(enumsOf('gift wrap (yes/no)')).toEqual([]);
  });
});
