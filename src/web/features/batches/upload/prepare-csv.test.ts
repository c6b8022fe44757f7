import { describe, expect, it } from 'vitest';
import { prepareCsvText } from './prepare-csv';

const schema = {
  type: 'object',
  required: ['name', 'n'],
  properties: { name: { type: 'string' }, n: { type: 'integer' } },
};

describe('prepareCsvText', () => {
  it('parses, maps and validates text in one call, at once or in slices', async () => {
    const text = `Name,N\n${Array.from({ length: 2000 }, (_, i) => `row ${i},${i === 5 ? 'x' : i}`).join('\n')}\n`;
    for (const sliced of [false, true]) {
      const r = await prepareCsvText(text, schema, { sliced });
      if (!r.ok) throw new Error(r.error);
      expect(r.prepared.stats).toMatchObject({ rows: 2000, valid: 1999, invalid: 1 });
      expect(r.prepared.problems.get(5)).toEqual([
        { column: 'N', property: 'n', message: '"x" is not a whole number' },
      ]);
    }
  });

  it('passes a parse error through', async () => {
    expect(await prepareCsvText('', schema)).toEqual({ ok: false, error: 'The file is empty.' });
  });
});
