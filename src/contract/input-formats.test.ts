import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { addInputFormats } from './input-formats';

describe('addInputFormats', () => {
  const validate = addInputFormats(new Ajv2020()).compile({ type: 'string', format: 'time' });

  it('takes a time of day as a picker gives it or a person types it, with or without an offset', () => {
    for (const time of ['14:30', '14:30:00', '09:05:59.5', '14:30:00Z', '14:30:00+01:00', '23:59'])
      expect(validate(time), time).toBe(true);
  });

  it('refuses what is no time of day', () => {
    for (const time of ['24:00', '9:30', '14:60', '2pm', '14:30:00 +1', '']) expect(validate(time), time).toBe(false);
  });

  it('keeps the other formats', () => {
    const email = addInputFormats(new Ajv2020()).compile({ type: 'string', format: 'email' });
    expect(email('not an email')).toBe(false);
  });
});
