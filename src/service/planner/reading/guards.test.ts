import { describe, expect, it } from 'vitest';
import { readGuards } from './guards';
import { leftOf, stateAfter } from './test-support/it-reads';

const guardsOf = (prompt: string) =>
  stateAfter(readGuards, prompt).guards.map(({ phrase, rule, limit, value }) => ({ phrase, rule, limit, value }));

describe('readGuards', () => {
  it('reads "fail if" conditions, several at once', () => {
    expect(guardsOf('Record a payment; fail if the total is negative or the memo contains "VOID".')).toEqual([
      { phrase: 'total', rule: 'minimum', limit: 0, value: undefined },
      { phrase: 'memo', rule: 'not_contains', limit: undefined, value: 'VOID' },
    ]);
  });

  it('reads "must" requirements with bounds', () => {
    expect(guardsOf('The score must be at least 3')).toEqual([
      { phrase: 'score', rule: 'minimum', limit: 3, value: undefined },
    ]);
    expect(guardsOf('weight must not exceed 20')).toEqual([
      { phrase: 'weight', rule: 'maximum', limit: 20, value: undefined },
    ]);
  });

  it('reads "is required" and masks what it understood', () => {
    const state = stateAfter(readGuards, 'Book a room. The guest name is required.');
    expect(state.guards.map((guard) => [guard.phrase, guard.rule])).toEqual([['guest name', 'required']]);
    expect(leftOf(state)).toBe('book a room. .');
  });

  it('ignores a condition it cannot read', () => {
    expect(guardsOf('stop if it rains')).toEqual([]);
  });
});
