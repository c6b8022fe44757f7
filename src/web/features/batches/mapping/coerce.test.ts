import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coerceCell, describeCoercion, detectDecimalMark, readNumber } from './coerce';

describe('coerceCell', () => {
  it('omits empty and blank cells so defaults apply', () => {
    expect(coerceCell('', { type: 'string' })).toEqual({ kind: 'omit' });
    expect(coerceCell('   ', { type: 'integer' })).toEqual({ kind: 'omit' });
  });

  it('reads integers and rejects fractions and words with a cell message', () => {
    expect(coerceCell(' 42 ', { type: 'integer' })).toEqual({ kind: 'value', value: 42 });
    expect(coerceCell('1.5', { type: 'integer' })).toEqual({ kind: 'error', message: '"1.5" is not a whole number' });
    expect(coerceCell('ten', { type: 'number' })).toEqual({ kind: 'error', message: '"ten" is not a number' });
    expect(coerceCell('0x10', { type: 'number' }).kind).toBe('error');
  });

  it('reads booleans as true/false, yes/no and 1/0 in any case', () => {
    for (const t of ['true', 'TRUE', 'Yes', '1'])
      expect(coerceCell(t, { type: 'boolean' })).toEqual({ kind: 'value', value: true });
    for (const f of ['false', 'No', '0'])
      expect(coerceCell(f, { type: 'boolean' })).toEqual({ kind: 'value', value: false });
    expect(coerceCell('maybe', { type: 'boolean' }).kind).toBe('error');
  });

  it('reads string arrays as JSON or semicolon-separated', () => {
    const s = { type: 'array', items: { type: 'string' } };
    expect(coerceCell('a; b ;c', s)).toEqual({ kind: 'value', value: ['a', 'b', 'c'] });
    expect(coerceCell('["a;b","c"]', s)).toEqual({ kind: 'value', value: ['a;b', 'c'] });
    expect(coerceCell('[oops', s).kind).toBe('error');
  });

  it('coerces each semicolon item of a number array and names the bad item', () => {
    const s = { type: 'array', items: { type: 'integer' } };
    expect(coerceCell('1;2;3', s)).toEqual({ kind: 'value', value: [1, 2, 3] });
    expect(coerceCell('1;x', s)).toEqual({ kind: 'error', message: 'item 2: "x" is not a whole number' });
  });

  it('reads objects only from JSON cells', () => {
    expect(coerceCell('{"a":1}', { type: 'object' })).toEqual({ kind: 'value', value: { a: 1 } });
    expect(coerceCell('a=1', { type: 'object' }).kind).toBe('error');
    expect(coerceCell('[1]', { type: 'object' }).kind).toBe('error');
  });

  it('tries the specific type of a union before falling back to text', () => {
    expect(coerceCell('7', { type: ['integer', 'string'] })).toEqual({ kind: 'value', value: 7 });
    expect(coerceCell('seven', { type: ['integer', 'string'] })).toEqual({ kind: 'value', value: 'seven' });
    expect(coerceCell('null', { type: ['integer', 'null'] })).toEqual({ kind: 'value', value: null });
  });

  it('matches enum members ignoring case and numbers in numeric enums', () => {
    expect(coerceCell('HIGH', { type: 'string', enum: ['low', 'high'] })).toEqual({ kind: 'value', value: 'high' });
    expect(coerceCell('2', { enum: [1, 2, 3] })).toEqual({ kind: 'value', value: 2 });
  });

  it('adds https:// to a bare domain in a website field, and only there', () => {
    const website = { type: 'string', format: 'uri' };
    expect(coerceCell('acme.com', website)).toEqual({ kind: 'value', value: 'https://acme.com' });
    expect(coerceCell(' www.acme.com/team ', website)).toEqual({ kind: 'value', value: 'https://www.acme.com/team' });
    expect(coerceCell('http://acme.com', website)).toEqual({ kind: 'value', value: 'http://acme.com' });
    expect(coerceCell('acme.com', { type: 'string' })).toEqual({ kind: 'value', value: 'acme.com' });
    expect(coerceCell('acme.com', { type: 'string', format: 'uri-reference' })).toEqual({
      kind: 'value',
      value: 'acme.com',
    });
  });

  it('round-trips any safe integer written as text', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(coerceCell(String(n), { type: 'integer' })).toEqual({ kind: 'value', value: n });
      }),
    );
  });

  it('round-trips any finite double written as text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const c = coerceCell(String(n), { type: 'number' });
        // String(-0) is "0", so negative zero comes back as zero.
        expect(c).toEqual({ kind: 'value', value: Object.is(n, -0) ? 0 : n });
      }),
    );
  });

  it('round-trips lists of trimmed strings joined with semicolons', () => {
    const item = fc.string({ minLength: 1 }).filter((s) => !s.includes(';') && s.trim() === s && s !== '');
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1 }).filter((a) => !a[0]!.startsWith('[')),
        (list) => {
          expect(coerceCell(list.join(';'), { type: 'array', items: { type: 'string' } })).toEqual({
            kind: 'value',
            value: list,
          });
        },
      ),
    );
  });

  it('round-trips any JSON object cell', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
        const c = coerceCell(JSON.stringify(obj), { type: 'object' });
        expect(c).toEqual({ kind: 'value', value: JSON.parse(JSON.stringify(obj)) });
      }),
    );
  });

  it('never throws, whatever the cell and type', () => {
    const types = fc.constantFrom('string', 'integer', 'number', 'boolean', 'array', 'object', 'null');
    fc.assert(
      fc.property(fc.string(), types, (cell, type) => {
        const c = coerceCell(cell, { type });
        expect(['value', 'omit', 'error']).toContain(c.kind);
      }),
    );
  });

  it('reads amounts with currency signs and thousands separators', () => {
    expect(coerceCell('$1,200.00', { type: 'number' })).toEqual({ kind: 'value', value: 1200 });
    expect(coerceCell('$1,200.00', { type: 'integer' })).toEqual({ kind: 'value', value: 1200 });
    expect(coerceCell('€ 1.234,50', { type: 'number' }, { decimal: ',' })).toEqual({ kind: 'value', value: 1234.5 });
    expect(coerceCell('1 234,50', { type: 'number' }, { decimal: ',' })).toEqual({ kind: 'value', value: 1234.5 });
    expect(coerceCell('1.234,50', { type: 'number' })).toEqual({
      kind: 'error',
      message: '"1.234,50" is not a number',
    });
    expect(coerceCell('1,5', { type: 'number' }, { decimal: ',' })).toEqual({ kind: 'value', value: 1.5 });
  });
});

describe('readNumber', () => {
  it.each([
    ['-75.00', '.', -75],
    ['(75.00)', '.', -75],
    ['-$5', '.', -5],
    ['$-5', '.', -5],
    ['USD 1,000', '.', 1000],
    ['1,000 EUR', '.', 1000],
    ["1'234.50", '.', 1234.5],
    ['1,234,567.8', '.', 1234567.8],
    ['1.234', '.', 1.234],
    ['1.234', ',', 1234],
    ['12,5', ',', 12.5],
    ['1\u00a0234,50', ',', 1234.5],
    ['1e5', ',', 100000],
  ] as const)('reads %s with "%s" as the decimal mark as %d', (text, mark, value) => {
    expect(readNumber(text, mark)).toBe(value);
  });

  it.each(['1,23', '1,2,3', '12 34', 'INV123', '$', '', 'abc', '1.234,50'])(
    'refuses %s with "." as the decimal mark',
    (text) => {
      expect(readNumber(text, '.')).toBeNull();
    },
  );
});

describe('detectDecimalMark', () => {
  it('detects the mark when the cells agree and says when it is a guess', () => {
    expect(detectDecimalMark(['$1,200.00', '5'])).toEqual({ mark: '.', certain: true });
    expect(detectDecimalMark(['1.234,50', '3,5', '7'])).toEqual({ mark: ',', certain: true });
    expect(detectDecimalMark(['1,234', '42'])).toEqual({ mark: '.', certain: false });
    expect(detectDecimalMark(['1,5', '1.5'])).toEqual({ mark: '.', certain: false });
  });
});

describe('describeCoercion', () => {
  it('shows what changed and nothing when the value reads as the cell does', () => {
    expect(describeCoercion('$1,200.00', 1200)).toBe('$1,200.00 → 1200');
    expect(describeCoercion('yes', true)).toBe('yes → true');
    expect(describeCoercion(' 42 ', 42)).toBeNull();
    expect(describeCoercion('HIGH', 'high')).toBe('HIGH → high');
  });
});
