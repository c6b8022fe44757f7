import { describe, expect, it } from 'vitest';
import {
  CHILD_PAGE,
  childEntries,
  containerSummary,
  formatScalar,
  jsonKind,
  parseJson,
  startsOpen,
  visibleChildCount,
} from './json-tree-model';

describe('parseJson', () => {
  it('parses valid JSON and pretty-prints it with two-space indentation', () => {
    const parsed = parseJson('{"a":[1,2],"b":{"c":null}}');
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.pretty).toBe('{\n  "a": [\n    1,\n    2\n  ],\n  "b": {\n    "c": null\n  }\n}');
  });

  it('accepts a leading byte order mark', () => {
    expect(parseJson('\uFEFF[1]')).toMatchObject({ ok: true, value: [1] });
  });

  it('reports invalid JSON with the parser message instead of throwing', () => {
    const parsed = parseJson('{"a": 1,}');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.length).toBeGreaterThan(0);
  });

  it('treats empty text as invalid', () => {
    expect(parseJson('').ok).toBe(false);
  });
});

describe('tree model', () => {
  it('names each kind of value', () => {
    expect([{}, [], 's', 1, true, null].map(jsonKind)).toEqual([
      'object',
      'array',
      'string',
      'number',
      'boolean',
      'null',
    ]);
  });

  it('lists object keys in order and array indexes as labels', () => {
    expect(childEntries({ b: 1, a: 2 })).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
    expect(childEntries(['x', 'y'])).toEqual([
      ['0', 'x'],
      ['1', 'y'],
    ]);
    expect(childEntries('leaf')).toEqual([]);
  });

  it('summarizes containers with singular and plural counts', () => {
    expect(containerSummary({ a: 1 })).toBe('{1 key}');
    expect(containerSummary({ a: 1, b: 2 })).toBe('{2 keys}');
    expect(containerSummary([1])).toBe('[1 item]');
    expect(containerSummary([])).toBe('[0 items]');
  });

  it('formats scalars as JSON source, quoting and escaping strings', () => {
    expect(formatScalar('say "hi"\n')).toBe('"say \\"hi\\"\\n"');
    expect(formatScalar(null)).toBe('null');
    expect(formatScalar(1.5)).toBe('1.5');
  });

  it('opens the first two levels only', () => {
    expect([0, 1, 2, 3].map(startsOpen)).toEqual([true, true, false, false]);
  });

  it('reveals children a page at a time', () => {
    expect(visibleChildCount(5, 1)).toBe(5);
    expect(visibleChildCount(10_000, 1)).toBe(CHILD_PAGE);
    expect(visibleChildCount(10_000, 3)).toBe(3 * CHILD_PAGE);
  });
});
