import { describe, expect, it } from 'vitest';
import type { StepSpec } from '../workflow/plan-types';
import { StepFailure } from './step-io';
import { runGuard } from './guard';

type Guard = Extract<StepSpec, { kind: 'guard' }>;
const negative: Guard = {
  kind: 'guard',
  field: 'amount',
  rule: 'minimum',
  limit: 0,
  message: 'amount must not be negative (got {{value}})',
};
const noFail: Guard = {
  kind: 'guard',
  field: 'notes',
  rule: 'not_contains',
  value: 'FAIL',
  message: 'notes must not contain "FAIL" (got {{value}})',
};

function failure(guard: Guard, input: Record<string, unknown>): string | null {
  try {
    runGuard(guard, input);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(StepFailure);
    return (error as Error).message;
  }
}

describe('runGuard', () => {
  it('fails with the offending value in the message', () => {
    expect(failure(negative, { amount: -5 })).toBe('amount must not be negative (got -5)');
    expect(failure(noFail, { notes: 'please FAIL this' })).toBe(
      'notes must not contain "FAIL" (got "please FAIL this")',
    );
  });

  it('fills the Liquid-style placeholder too, and takes the value literally', () => {
    expect(failure({ ...negative, message: 'got {{ value }} and {{value}}' }, { amount: -1 })).toBe('got -1 and -1');
    expect(failure(noFail, { notes: 'FAIL $& $1' })).toBe('notes must not contain "FAIL" (got "FAIL $& $1")');
  });

  it('passes values that keep the rule', () => {
    expect(failure(negative, { amount: 0 })).toBeNull();
    expect(failure(negative, { amount: '12.5' })).toBeNull();
    expect(failure(noFail, { notes: 'fail in lower case is fine' })).toBeNull();
  });

  it('leaves an absent field to the required rule', () => {
    expect(failure(negative, {})).toBeNull();
    expect(
      failure({ kind: 'guard', field: 'notes', rule: 'required', message: 'notes are required' }, { notes: '  ' }),
    ).toBe('notes are required');
  });

  it('checks every bound type and says when a number is not a number', () => {
    const bound = (rule: Guard['rule'], limit: number): Guard => ({
      kind: 'guard',
      field: 'n',
      rule,
      limit,
      message: `${rule} {{value}}`,
    });
    expect(failure(bound('maximum', 10), { n: 11 })).toBe('maximum 11');
    expect(failure(bound('maximum', 10), { n: 10 })).toBeNull();
    expect(failure(bound('exclusive_minimum', 0), { n: 0 })).toBe('exclusive_minimum 0');
    expect(failure(bound('exclusive_maximum', 5), { n: 5 })).toBe('exclusive_maximum 5');
    expect(failure(negative, { amount: 'lots' })).toBe('amount must be a number (got "lots")');
  });
});
