import { describe, expect, it } from 'vitest';
import { nameScore, readQuery } from './find-match';

const W = '3f2b9a1c-5e6d-4f70-8a9b-0c1d2e3f4a5b';
const E = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';

describe('readQuery', () => {
  it('reads a dashboard link to a run, to a workflow, and an API address', () => {
    expect(readQuery(`http://localhost:5173/workflows/${W}/executions/${E.toUpperCase()}`)).toEqual({
      kind: 'link',
      workflowId: W,
      executionId: E,
    });
    expect(readQuery(`https://dash.example/workflows/${W}/schema`)).toEqual({ kind: 'link', workflowId: W });
    expect(readQuery(`  https://api.example/api/v1/workflows/${W}/executions/${E}  `)).toEqual({
      kind: 'link',
      workflowId: W,
      executionId: E,
    });
  });
  it('reads a bare full id, and an id inside another kind of link', () => {
    expect(readQuery(E.toUpperCase())).toEqual({ kind: 'full-id', id: E });
    expect(readQuery(`http://x/runs?q=${E}`)).toEqual({ kind: 'full-id', id: E });
  });
  it('reads the 8 characters a runs list shows as the start of an id, and also as text', () => {
    expect(readQuery('3F2B9A1C')).toEqual({ kind: 'text', text: '3F2B9A1C', idPrefix: '3f2b9a1c' });
    expect(readQuery('#3f2b9a1c…')).toMatchObject({ idPrefix: '3f2b9a1c' });
    expect(readQuery('3f2b9a1c-5e')).toMatchObject({ idPrefix: '3f2b9a1c-5e' });
    expect(readQuery('3f2b9a')).toMatchObject({ idPrefix: '3f2b9a' });
  });
  it('does not read too short or non-hex text as an id', () => {
    expect(readQuery('3f2b9')).toEqual({ kind: 'text', text: '3f2b9', idPrefix: undefined });
    expect(readQuery('Invoices')).toEqual({ kind: 'text', text: 'Invoices', idPrefix: undefined });
    expect(readQuery('3f2b9a1c5e')).toMatchObject({ idPrefix: undefined });
    expect(readQuery('   ')).toEqual({ kind: 'empty' });
  });
});

describe('nameScore', () => {
  const score = (query: string, name: string) => nameScore(query, name);
  it('ranks the same name, then its start, then a word’s start, then inside, ignoring case, spaces and dashes', () => {
    expect(score('quote of the day', 'Quote of the Day')).toBe(100);
    expect(score('QUOTE-OF-THE-DAY', 'Quote of the Day')).toBe(100);
    expect(score('quoteof', 'Quote of the Day')).toBe(90);
    expect(score('day', 'Quote of the Day')).toBe(80);
    expect(score('oteof', 'Quote of the Day')).toBe(70);
  });
  it('forgives a small typo at a word’s start or in the whole name', () => {
    expect(score('Invocies', 'Invoices')).toBe(50);
    expect(score('qoute', 'Quote of the Day')).toBe(50);
    expect(score('custmer reply', 'Customer Reply')).toBe(50);
    expect(score('cstomer rply', 'Customer Reply')).toBe(40);
  });
  it('matches the letters in order from the name’s first', () => {
    expect(score('invcs', 'Invoices')).toBe(30);
    expect(score('cr', 'Customer Reply')).toBeNull();
  });
  it('does not match unrelated names or short typos', () => {
    expect(score('payroll', 'Invoices')).toBeNull();
    expect(score('inx', 'Invoices')).toBeNull();
    expect(score('', 'Invoices')).toBeNull();
  });
});
