import { describe, expect, it } from 'vitest';
import { InputValidators } from './input-validation';

describe('InputValidators', () => {
  it('checks a 2019-09 schema under 2019-09, as the dashboard does (dependentRequired)', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2019-09/schema#',
      type: 'object',
      dependentRequired: { amount: ['currency'] },
    };
    expect(new InputValidators().errors('w1', schema, { amount: 1 }, 'input')).toEqual([
      'input: must have property currency when property amount is present',
    ]);
  });

  it('checks a 2020-12 schema spelled with http under 2020-12 (prefixItems)', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { pair: { type: 'array', prefixItems: [{ type: 'number' }] } },
    };
    expect(new InputValidators().errors('w1', schema, { pair: ['x'] }, 'input')).toEqual([
      'input.pair[0]: must be number',
    ]);
  });

  it('takes a time of day without seconds or an offset, as the form sends it, and says what is wrong with one', () => {
    const schema = { type: 'object', properties: { arrival_time: { type: 'string', format: 'time' } } };
    const validators = new InputValidators();
    expect(validators.errors('w1', schema, { arrival_time: '14:30:00' }, 'input')).toEqual([]);
    expect(validators.errors('w1', schema, { arrival_time: '14:30' }, 'input')).toEqual([]);
    expect(validators.errors('w1', schema, { arrival_time: 'half two' }, 'input')).toEqual([
      'input.arrival_time: must match format "time"',
    ]);
  });

  it('reads a schema without $schema as draft-07, where dependentRequired means nothing', () => {
    const schema = { type: 'object', dependentRequired: { amount: ['currency'] } };
    expect(new InputValidators().errors('w1', schema, { amount: 1 }, 'input')).toEqual([]);
  });
});

describe('InputValidators memory', () => {
  const nameSchema = (title = 'Name') => ({
    type: 'object',
    properties: { name: { type: 'string', title } },
    required: ['name'],
  });

  it('compiles a schema again once its workflow was re-planned, here or on another replica', () => {
    const validators = new InputValidators();
    expect(validators.errors('w1', nameSchema(), {}, 'input')).toEqual(["input: must have required property 'name'"]);
    // Another replica's re-plan reaches this one as a new plan object (see PlanCache).
    const replanned = { type: 'object', properties: { age: { type: 'number' } } };
    expect(validators.errors('w1', replanned, { age: 'x' }, 'input')).toEqual(['input.age: must be number']);
  });

  it('keeps no compiled schema inside ajv: two workflows may share an $id', () => {
    const validators = new InputValidators();
    const withId = () => ({ ...nameSchema(), $id: 'https://example.com/shared.json' });
    expect(validators.errors('w1', withId(), {}, 'input')).toHaveLength(1);
    expect(validators.errors('w2', withId(), { name: 'Ann' }, 'input')).toEqual([]);
  });

  it('stays within its byte and count limits, and drops a re-planned or deleted workflow’s validator', () => {
    const limits = { maxBytes: 200_000, maxEntries: 1000 };
    const validators = new InputValidators(limits);
    for (let i = 0; i < 300; i++) validators.errors(`w${i}`, nameSchema(`Name ${i}`), {}, 'input');
    expect(validators.bytes).toBeGreaterThan(limits.maxBytes / 2);
    expect(validators.bytes).toBeLessThanOrEqual(limits.maxBytes);
    const counted = new InputValidators({ maxBytes: 10_000_000, maxEntries: 2 });
    for (const id of ['w1', 'w2', 'w3']) counted.errors(id, nameSchema(), {}, 'input');
    const two = counted.bytes;
    counted.forget('w3');
    expect(counted.bytes).toBe(two / 2);
  });
});
